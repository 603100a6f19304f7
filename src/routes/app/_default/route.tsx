import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AreaError } from '@/screens/errors/AreaError'
import { AppShell } from '@/screens/layouts/AppShell'

/** Default layout (SPEC section 2): sign-in plus company-requirements (the bank callback). */
export const Route = createFileRoute('/app/_default')({
  beforeLoad: ({ context, location }) =>
    enforceGates(['auth', 'company-requirements'], { view: context.view, location }),
  errorComponent: AreaError,
  component: () => (
    <AppShell width="narrow" userMenu={false}>
      <Outlet />
    </AppShell>
  ),
})
