import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { orderQueryOptions } from '@/services/back-office'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { OrderScreen } from '@/screens/back-office/orders/OrderScreen'
import { idParam, orNotFound } from '@/routes/app/-params'

export const Route = createFileRoute('/app/_admin/admin/companies/orders/$companyId')({
  params: idParam('companyId'),
  // The order, the company and its track into the cache; an unknown id is the 404 page.
  loader: async ({ context: { queryClient }, params: { companyId } }) => {
    const [order] = await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(orderQueryOptions(companyId)),
        queryClient.ensureQueryData(companyQueryOptions(companyId)),
        queryClient.ensureQueryData(companyStepsQueryOptions(companyId)),
      ]),
    )
    return { title: order.company.alias ?? order.company.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Pedido') }] }),
  component: OrderRoute,
})

function OrderRoute() {
  const { companyId } = Route.useParams()
  return <OrderScreen companyId={companyId} />
}
