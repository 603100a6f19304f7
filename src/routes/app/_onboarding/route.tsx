import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AreaError } from '@/screens/errors/AreaError'
import { AppShell } from '@/screens/layouts/AppShell'
import { OnboardingContext } from '@/screens/layouts/OnboardingContext'

/** Onboarding layout (SPEC section 2): no side menu; sign-in required. */
export const Route = createFileRoute('/app/_onboarding')({
  beforeLoad: ({ context, location }) => {
    enforceGates(['auth'], { view: context.view, location })
  },
  errorComponent: AreaError,
  component: () => (
    <AppShell width="narrow" context={<OnboardingContext />}>
      <Outlet />
    </AppShell>
  ),
})
