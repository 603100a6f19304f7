import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { BankTransactionsScreen } from '@/screens/bank-statements/BankTransactionsScreen'
import { idParam } from '@/routes/app/-params'

export const Route = createFileRoute(
  '/app/_admin/_company/bank-statements/accounts/$accountId/transactions',
)({
  params: idParam('accountId'),
  head: () => ({ meta: [{ title: pageTitle('Movimentações da conta') }] }),
  component: TransactionsRoute,
})

function TransactionsRoute() {
  const { accountId } = Route.useParams()
  return <BankTransactionsScreen accountId={accountId} />
}
