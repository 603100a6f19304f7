import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { companiesQueryOptions } from '@/services/companies'
import { AdminCompaniesScreen } from '@/screens/back-office/CompaniesScreen'
import { companiesListInput, companiesSearchSchema } from '@/screens/back-office/companies-search'

export const Route = createFileRoute('/app/_admin/admin/companies/')({
  validateSearch: companiesSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureQueryData(companiesQueryOptions(companiesListInput(deps))),
  head: () => ({ meta: [{ title: pageTitle('Empresas') }] }),
  component: AdminCompaniesRoute,
})

function AdminCompaniesRoute() {
  return <AdminCompaniesScreen search={Route.useSearch()} />
}
