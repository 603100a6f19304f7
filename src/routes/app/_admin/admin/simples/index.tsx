import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { queueQueryOptions } from '@/services/simples'
import { QueueScreen } from '@/screens/back-office/simples/QueueScreen'
import { queueListInput, queueSearchSchema } from '@/screens/back-office/simples/queue-search'

export const Route = createFileRoute('/app/_admin/admin/simples/')({
  validateSearch: queueSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(queueQueryOptions(queueListInput(deps))),
  head: () => ({ meta: [{ title: pageTitle('Fechamento do mês') }] }),
  component: QueueRoute,
})

function QueueRoute() {
  return <QueueScreen search={Route.useSearch()} />
}
