import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { OpeningOrdersScreen } from '@/screens/back-office/orders/OpeningOrdersScreen'
import { ordersSearchSchema } from '@/screens/back-office/orders/orders-search'
import { loadOrders } from './-orders'
import { changeFrom } from '@/lib/search-change'

export const Route = createFileRoute('/app/_admin/admin/companies/opening-orders')({
  validateSearch: ordersSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => loadOrders(queryClient, 'create-company', deps),
  head: () => ({ meta: [{ title: pageTitle('Pedidos de abertura') }] }),
  component: OpeningOrdersRoute,
})

function OpeningOrdersRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <OpeningOrdersScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({
          to: '/app/admin/companies/opening-orders',
          search: changeFrom(search, next),
        })
      }
    />
  )
}
