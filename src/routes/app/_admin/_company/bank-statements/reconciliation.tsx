import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { changeFrom } from '@/lib/search-change'
import {
  bankAccountsQueryOptions,
  reconciliationQueryOptions,
  reconciliationSummaryQueryOptions,
} from '@/services/bank-statements'
import {
  ReconciliationScreen,
  reconciliationAccountsInput,
} from '@/screens/bank-statements/ReconciliationScreen'
import {
  reconciliationListInput,
  reconciliationSearchSchema,
} from '@/screens/bank-statements/reconciliation-search'

export const Route = createFileRoute('/app/_admin/_company/bank-statements/reconciliation')({
  validateSearch: reconciliationSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, view }, deps }) => {
    const companyId = view.companyId
    if (!companyId) return
    await Promise.all([
      queryClient.ensureQueryData(
        reconciliationQueryOptions(reconciliationListInput(companyId, deps)),
      ),
      queryClient.ensureQueryData(reconciliationSummaryQueryOptions({ companyId })),
      queryClient.ensureQueryData(bankAccountsQueryOptions(reconciliationAccountsInput(companyId))),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Conciliação bancária') }] }),
  component: ReconciliationRoute,
})

function ReconciliationRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <ReconciliationScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({
          to: '/app/bank-statements/reconciliation',
          search: changeFrom(search, next),
        })
      }
    />
  )
}
