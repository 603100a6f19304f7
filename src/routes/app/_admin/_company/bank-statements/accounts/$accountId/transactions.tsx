import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import {
  bankAccountQueryOptions,
  taxCategoriesQueryOptions,
  transactionsQueryOptions,
} from '@/services/bank-statements'
import { BankTransactionsScreen } from '@/screens/bank-statements/BankTransactionsScreen'
import {
  transactionsListInput,
  transactionsSearchSchema,
} from '@/screens/bank-statements/transactions-search'
import { idParam, orNotFound } from '@/routes/app/-params'
import { changeFrom } from '@/lib/search-change'

export const Route = createFileRoute(
  '/app/_admin/_company/bank-statements/accounts/$accountId/transactions',
)({
  params: idParam('accountId'),
  validateSearch: transactionsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, view }, params: { accountId }, deps }) => {
    const companyId = view.companyId
    if (!companyId) return
    // An unknown or another company's account is the 'Page not found' page, not an empty table.
    await Promise.all([
      orNotFound(queryClient.ensureQueryData(bankAccountQueryOptions({ companyId, accountId }))),
      orNotFound(
        queryClient.ensureQueryData(
          transactionsQueryOptions(transactionsListInput(companyId, accountId, deps)),
        ),
      ),
      queryClient.ensureQueryData(taxCategoriesQueryOptions()),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Movimentações da conta') }] }),
  component: TransactionsRoute,
})

function TransactionsRoute() {
  const { accountId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <BankTransactionsScreen
      accountId={accountId}
      search={search}
      onSearchChange={(next) =>
        void navigate({
          to: '/app/bank-statements/accounts/$accountId/transactions',
          params: { accountId },
          search: changeFrom(search, next),
        })
      }
    />
  )
}
