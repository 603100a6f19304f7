import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { nfsQueueQueryOptions } from '@/services/back-office'
import { NfRequestsScreen } from '@/screens/back-office/NfRequestsScreen'
import {
  nfRequestsListInput,
  nfRequestsSearchSchema,
} from '@/screens/back-office/nf-requests-search'

export const Route = createFileRoute('/app/_admin/admin/invoices/nf-requests/')({
  validateSearch: nfRequestsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(nfsQueueQueryOptions(nfRequestsListInput(deps))),
  head: () => ({ meta: [{ title: pageTitle('Solicitações de NFS-e') }] }),
  component: NfRequestsRoute,
})

function NfRequestsRoute() {
  return <NfRequestsScreen search={Route.useSearch()} />
}
