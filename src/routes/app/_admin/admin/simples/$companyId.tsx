import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { pageTitle } from '@/lib/title'
import { competenceSchema } from '@/schemas/finance-common'
import { companyQueryOptions } from '@/services/companies'
import { payrollQueryOptions } from '@/services/payroll'
import { monthQueryOptions, revenueHistoryQueryOptions } from '@/services/simples'
import { MonthScreen } from '@/screens/back-office/simples/MonthScreen'
import { queuePeriod } from '@/screens/back-office/simples/queue-search'
import { orNotFound, idParam } from '@/routes/app/-params'

const monthSearchSchema = lazySearch(() =>
  z.object({ competencia: competenceSchema.optional().catch(undefined) }),
)

export const Route = createFileRoute('/app/_admin/admin/simples/$companyId')({
  params: idParam('companyId'),
  validateSearch: monthSearchSchema,
  loaderDeps: ({ search }) => ({ period: queuePeriod(search) }),
  loader: async ({ context: { queryClient }, params: { companyId }, deps: { period } }) => {
    const [company] = await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(companyQueryOptions(companyId)),
        queryClient.ensureQueryData(monthQueryOptions(companyId, period)),
        queryClient.ensureQueryData(payrollQueryOptions(companyId, period)),
      ]),
    )
    // The revenue before us is a Simples company's (a MEI has no RBT12 to declare it for).
    if (company.size === 'ME' || company.size === 'EPP')
      await queryClient.ensureQueryData(revenueHistoryQueryOptions(companyId))
    return { title: company.alias ?? company.name }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(`Apuração – ${loaderData?.title ?? 'Empresa'}`) }],
  }),
  component: MonthRoute,
})

function MonthRoute() {
  const { companyId } = Route.useParams()
  const search = Route.useSearch()
  return <MonthScreen companyId={companyId} period={queuePeriod(search)} />
}
