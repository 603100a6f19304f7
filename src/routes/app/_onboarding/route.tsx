import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AppShell } from '@/screens/layouts/AppShell'
import { OnboardingContext } from '@/screens/layouts/OnboardingContext'
import { layoutBoundaries } from '@/routes/app/-boundaries'
import { withQueryClient } from '@/routes/app/-query-context'
import { QueryRoot } from '@/services/query'

/**
 * Onboarding layout (docs/product.md §2): no side menu; sign-in required, and only for a company
 * whose track is open, in its own track's wizard (the `wizard` gate).
 */
export const Route = createFileRoute('/app/_onboarding')({
  ...layoutBoundaries,
  beforeLoad: ({ context, location }) => {
    enforceGates(['auth', 'wizard'], { view: context.view, location })
    return withQueryClient(context)
  },
  component: () => (
    <QueryRoot>
      <AppShell width="narrow" context={<OnboardingContext />}>
        <Outlet />
      </AppShell>
    </QueryRoot>
  ),
})
