import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { todayInBrazil } from '@/schemas/finance-common'
import { incomeReportsQueryOptions } from '@/services/year-end'
import { distributesProfits } from '@/screens/year-end'
import { IncomeReportsScreen } from '@/screens/year-end/IncomeReportsScreen'
import { yearSearchSchema } from '../-year-search'

/** Last year's report unless another year is asked for (the one the annual return needs). */
const reportYear = (ano: number | undefined) => ano ?? Number(todayInBrazil().slice(0, 4)) - 1

export const Route = createFileRoute('/app/_admin/_company/user/my-income-reports')({
  validateSearch: yearSearchSchema,
  loaderDeps: ({ search }) => ({ ano: search.ano }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (view.company && distributesProfits(view.company))
      await queryClient.ensureQueryData(
        incomeReportsQueryOptions(view.company.id, reportYear(deps.ano)),
      )
  },
  head: () => ({ meta: [{ title: pageTitle('Informe de rendimentos') }] }),
  component: IncomeReportsRoute,
})

function IncomeReportsRoute() {
  const { ano } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <IncomeReportsScreen
      year={reportYear(ano)}
      today={todayInBrazil()}
      onYearChange={(year) => void navigate({ search: { ano: year } })}
    />
  )
}
