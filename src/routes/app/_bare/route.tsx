import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AreaError } from '@/screens/errors/AreaError'
import { AppShell } from '@/screens/layouts/AppShell'

/** Admin layout without side menu and company selector (SPEC section 2); sign-in required. */
export const Route = createFileRoute('/app/_bare')({
  beforeLoad: ({ context, location }) => {
    enforceGates(['auth'], { view: context.view, location })
  },
  errorComponent: AreaError,
  component: () => (
    <AppShell width="narrow">
      <Outlet />
    </AppShell>
  ),
})
