import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { MigrationOrdersScreen } from '@/screens/back-office/orders/MigrationOrdersScreen'
import { ordersSearchSchema } from '@/screens/back-office/orders/orders-search'
import { loadOrders } from './-orders'
import { changeFrom } from '@/lib/search-change'

export const Route = createFileRoute('/app/_admin/admin/companies/migration-orders')({
  validateSearch: ordersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => loadOrders(queryClient, 'migrate-company', deps),
  head: () => ({ meta: [{ title: pageTitle('Pedidos de migração') }] }),
  component: MigrationOrdersRoute,
})

function MigrationOrdersRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <MigrationOrdersScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({
          to: '/app/admin/companies/migration-orders',
          search: changeFrom(search, next),
        })
      }
    />
  )
}
