import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AppShell } from '@/screens/layouts/AppShell'
import { layoutBoundaries } from '@/routes/app/-boundaries'

/** Admin layout without side menu and company selector (SPEC section 2); sign-in required. */
export const Route = createFileRoute('/app/_bare')({
  ...layoutBoundaries,
  beforeLoad: ({ context, location }) => {
    enforceGates(['auth'], { view: context.view, location })
  },
  component: () => (
    <AppShell width="narrow">
      <Outlet />
    </AppShell>
  ),
})
