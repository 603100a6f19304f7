import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { InvoicesScreen } from '@/screens/invoices/InvoicesScreen'

export const Route = createFileRoute('/app/_admin/_company/invoices')({
  head: () => ({ meta: [{ title: pageTitle('Notas fiscais') }] }),
  component: InvoicesScreen,
})
