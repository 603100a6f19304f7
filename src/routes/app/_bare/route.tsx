import { Outlet, createFileRoute } from '@tanstack/react-router'
import { enforceGates } from '@/guards/enforce'
import { AppShell } from '@/screens/layouts/AppShell'
import { layoutBoundaries } from '@/routes/app/-boundaries'
import { withQueryClient } from '@/routes/app/-query-context'
import { QueryRoot } from '@/services/query'

/** Admin layout without side menu and company selector (docs/product.md §2); sign-in required. */
export const Route = createFileRoute('/app/_bare')({
  ...layoutBoundaries,
  beforeLoad: ({ context, location }) => {
    enforceGates(['auth'], { view: context.view, location })
    return withQueryClient(context)
  },
  component: () => (
    <QueryRoot>
      <AppShell width="narrow">
        <Outlet />
      </AppShell>
    </QueryRoot>
  ),
})
