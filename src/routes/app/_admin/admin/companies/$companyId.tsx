import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import { AdminCompanyScreen } from '@/screens/back-office/CompanyScreen'
import { companySearchSchema } from '@/screens/back-office/company-search'
import { ensureCompanyTabData } from '@/screens/back-office/company-tab-data'
import { idParam, orNotFound } from '@/routes/app/-params'

export const Route = createFileRoute('/app/_admin/admin/companies/$companyId')({
  params: idParam('companyId'),
  validateSearch: companySearchSchema,
  loaderDeps: ({ search: { tab, docs, historico, mes, semNota } }) => ({
    tab,
    docs,
    historico,
    mes,
    semNota,
  }),
  // The company and its track into the cache before the screen renders (an unknown id is 404),
  // then what the open tab reads.
  loader: async ({ context: { queryClient }, params: { companyId }, deps }) => {
    const [company] = await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(companyQueryOptions(companyId)),
        queryClient.ensureQueryData(companyStepsQueryOptions(companyId)),
      ]),
    )
    await ensureCompanyTabData(queryClient, companyId, deps)
    return { title: company.alias ?? company.name }
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Empresa') }] }),
  component: AdminCompanyRoute,
})

function AdminCompanyRoute() {
  const { companyId } = Route.useParams()
  return <AdminCompanyScreen companyId={companyId} search={Route.useSearch()} />
}
