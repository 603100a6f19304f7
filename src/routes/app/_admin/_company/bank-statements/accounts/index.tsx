import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { BankAccountsScreen } from '@/screens/bank-statements/BankAccountsScreen'

export const Route = createFileRoute('/app/_admin/_company/bank-statements/accounts/')({
  head: () => ({ meta: [{ title: pageTitle('Extratos bancários') }] }),
  component: BankAccountsScreen,
})
