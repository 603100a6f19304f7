import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { invoiceRequestsQueryOptions, schedulersQueryOptions } from '@/services/invoices'
import { InvoicesScreen } from '@/screens/invoices/InvoicesScreen'
import { invoicesSearchSchema, requestsListInput } from '@/screens/invoices/invoices-search'
import { changeFrom } from '@/lib/search-change'

export const Route = createFileRoute('/app/_admin/_company/invoices')({
  validateSearch: invoicesSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, view }, deps }) => {
    const companyId = view.companyId
    if (!companyId) return
    await (deps.tab === 'agendamentos'
      ? queryClient.ensureQueryData(schedulersQueryOptions(companyId))
      : queryClient.ensureQueryData(
          invoiceRequestsQueryOptions(requestsListInput(companyId, deps)),
        ))
  },
  head: () => ({ meta: [{ title: pageTitle('Notas fiscais') }] }),
  component: InvoicesRoute,
})

function InvoicesRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <InvoicesScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({ to: '/app/invoices', search: changeFrom(search, next) })
      }
    />
  )
}
