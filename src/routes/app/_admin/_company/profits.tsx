import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/lib/title'
import { todayInBrazil } from '@/schemas/finance-common'
import { profitsQueryOptions } from '@/services/year-end'
import { distributesProfits } from '@/screens/year-end'
import { ProfitsScreen } from '@/screens/year-end/ProfitsScreen'
import { yearOf, yearSearchSchema } from './-year-search'

export const Route = createFileRoute('/app/_admin/_company/profits')({
  validateSearch: yearSearchSchema,
  loaderDeps: ({ search }) => ({ ano: search.ano }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (view.company && distributesProfits(view.company))
      await queryClient.ensureQueryData(profitsQueryOptions(view.company.id, yearOf(deps.ano)))
  },
  head: () => ({ meta: [{ title: pageTitle('Lucros') }] }),
  component: ProfitsRoute,
})

function ProfitsRoute() {
  const { ano } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <ProfitsScreen
      year={yearOf(ano)}
      today={todayInBrazil()}
      onYearChange={(year) => void navigate({ search: { ano: year } })}
    />
  )
}
