import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { pageTitle } from '@/lib/title'
import { todayInBrazil } from '@/schemas/finance-common'
import { companyQueryOptions } from '@/services/companies'
import {
  dasnQueryOptions,
  defisQueryOptions,
  incomeReportsQueryOptions,
  profitsQueryOptions,
} from '@/services/year-end'
import { CompanyYearScreen } from '@/screens/back-office/year-end/CompanyYearScreen'
import { yearEndYear } from '@/screens/back-office/year-end/queue-search'
import { orNotFound, idParam } from '@/routes/app/-params'

const yearSearchSchema = lazySearch(() =>
  z.object({
    ano: z.coerce.number().int().min(2018).max(2099).optional().catch(undefined),
  }),
)

export const Route = createFileRoute('/app/_admin/admin/year-end/$companyId')({
  params: idParam('companyId'),
  validateSearch: yearSearchSchema,
  loaderDeps: ({ search }) => ({ year: yearEndYear(search) }),
  loader: async ({ context: { queryClient }, params: { companyId }, deps: { year } }) => {
    const company = await orNotFound(queryClient.ensureQueryData(companyQueryOptions(companyId)))
    // A MEI's year is its DASN-SIMEI; a Simples company's, its DEFIS, profits and income reports.
    await orNotFound<unknown>(
      company.size === 'MEI'
        ? queryClient.ensureQueryData(dasnQueryOptions(companyId, year))
        : Promise.all([
            queryClient.ensureQueryData(defisQueryOptions(companyId, year)),
            queryClient.ensureQueryData(profitsQueryOptions(companyId, year)),
            queryClient.ensureQueryData(incomeReportsQueryOptions(companyId, year)),
          ]),
    )
    return { title: `${company.alias ?? company.name} em ${year}` }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData?.title ?? 'Ano da empresa') }],
  }),
  component: CompanyYearRoute,
})

function CompanyYearRoute() {
  const { companyId } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <CompanyYearScreen
      companyId={companyId}
      year={yearEndYear(search)}
      today={todayInBrazil()}
      onYearChange={(year) => void navigate({ search: { ano: year } })}
    />
  )
}
