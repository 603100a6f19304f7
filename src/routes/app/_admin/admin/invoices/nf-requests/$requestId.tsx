import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { nfsRequestQueryOptions } from '@/services/back-office'
import { NfRequestScreen, nfRequestTitle } from '@/screens/back-office/NfRequestScreen'
import { idParam, orNotFound } from '@/routes/app/-params'

export const Route = createFileRoute('/app/_admin/admin/invoices/nf-requests/$requestId')({
  params: idParam('requestId'),
  // An unknown id is the 404 page.
  loader: async ({ context: { queryClient }, params: { requestId } }) => {
    const request = await orNotFound(queryClient.ensureQueryData(nfsRequestQueryOptions(requestId)))
    return { title: nfRequestTitle(request) }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData?.title ?? 'Solicitação de NFS-e') }],
  }),
  component: NfRequestRoute,
})

function NfRequestRoute() {
  return <NfRequestScreen requestId={Route.useParams().requestId} />
}
