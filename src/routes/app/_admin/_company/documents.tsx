import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { documentsQueryOptions } from '@/services/documents'
import { guidesQueryOptions } from '@/services/simples'
import { DocumentsScreen } from '@/screens/documents/DocumentsScreen'
import { documentsListInput, documentsSearchSchema } from '@/screens/documents/documents-search'
import { changeFrom } from '@/lib/search-change'

export const Route = createFileRoute('/app/_admin/_company/documents')({
  validateSearch: documentsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.companyId) return
    await Promise.all([
      queryClient.ensureQueryData(documentsQueryOptions(documentsListInput(view.companyId, deps))),
      queryClient.ensureQueryData(guidesQueryOptions(view.companyId)),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Documentos') }] }),
  component: DocumentsRoute,
})

function DocumentsRoute() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  return (
    <DocumentsScreen
      search={search}
      onSearchChange={(next) =>
        void navigate({ to: '/app/documents', search: changeFrom(search, next) })
      }
    />
  )
}
