import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AppShell } from '@/screens/layouts/AppShell'
import { layoutBoundaries } from '@/routes/app/-boundaries'
import { withQueryClient } from '@/routes/app/-query-context'
import { QueryRoot } from '@/services/query'

/** Default layout (docs/product.md §2): sign-in plus company-requirements (the bank callback). */
export const Route = createFileRoute('/app/_default')({
  ...layoutBoundaries,
  beforeLoad: async ({ context, location }) => ({
    ...enforceGates(['auth', 'company-requirements'], { view: context.view, location }),
    ...(await withQueryClient(context)),
  }),
  component: () => (
    <QueryRoot>
      <AppShell width="narrow" userMenu={false}>
        <Outlet />
      </AppShell>
    </QueryRoot>
  ),
})
