import { useCallback } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import {
  paymentsQueryOptions,
  plansQueryOptions,
  subscriptionsQueryOptions,
} from '@/services/account'
import { MyBillingScreen } from '@/screens/account/BillingScreen'
import { BILLING_PAGE_SIZE, billingSearchSchema } from '@/screens/account/billing-search'
import { goToCheckout } from './-checkout'

export const Route = createFileRoute('/app/_admin/user/my-billing')({
  validateSearch: billingSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.pagina ?? 1 }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    const company = view.company
    if (!company) return
    await Promise.all([
      queryClient.ensureQueryData(plansQueryOptions()),
      queryClient.ensureQueryData(subscriptionsQueryOptions(company.id)),
      queryClient.ensureQueryData(
        paymentsQueryOptions(company.id, {
          limit: BILLING_PAGE_SIZE,
          offset: (deps.page - 1) * BILLING_PAGE_SIZE,
        }),
      ),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Cobrança') }] }),
  component: MyBilling,
})

function MyBilling() {
  const { pagina, pagamento } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onCheckoutSeen = useCallback(
    () =>
      void navigate({
        search: (previous) => ({ ...previous, pagamento: undefined }),
        replace: true,
      }),
    [navigate],
  )
  return (
    <MyBillingScreen
      page={pagina ?? 1}
      onPageChange={(page) =>
        void navigate({
          search: (previous) => ({ ...previous, pagina: page > 1 ? page : undefined }),
        })
      }
      checkout={pagamento}
      onCheckoutSeen={onCheckoutSeen}
      onCheckout={goToCheckout}
    />
  )
}
