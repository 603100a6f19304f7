import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { NfRequestsScreen } from '@/screens/back-office/NfRequestsScreen'

export const Route = createFileRoute('/app/_admin/admin/invoices/nf-requests')({
  head: () => ({ meta: [{ title: pageTitle('Solicitações de NFS-e') }] }),
  component: NfRequestsScreen,
})
