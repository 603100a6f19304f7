import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { yearEndQueueQueryOptions } from '@/services/year-end'
import { YearEndQueueScreen } from '@/screens/back-office/year-end/YearEndQueueScreen'
import { yearEndListInput, yearEndSearchSchema } from '@/screens/back-office/year-end/queue-search'

export const Route = createFileRoute('/app/_admin/admin/year-end/')({
  validateSearch: yearEndSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(yearEndQueueQueryOptions(yearEndListInput(deps))),
  head: () => ({ meta: [{ title: pageTitle('Fechamento do ano') }] }),
  component: YearEndQueueRoute,
})

function YearEndQueueRoute() {
  return <YearEndQueueScreen search={Route.useSearch()} />
}
