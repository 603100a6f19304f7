import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { pageTitle } from '@/lib/title'
import { addMonths } from '@/kernel/dates'
import { competenceSchema, todayInBrazil } from '@/schemas/finance-common'
import { payrollQueryOptions } from '@/services/payroll'
import { monthQueryOptions } from '@/services/simples'
import { PayrollScreen } from '@/screens/payroll/PayrollScreen'

/** `?competencia=2026-10`: the month shown (the last one by default). */
const payrollSearchSchema = lazySearch(() =>
  z.object({
    competencia: competenceSchema.optional().catch(undefined),
  }),
)

const periodOf = (competencia: string | undefined) =>
  competencia ?? addMonths(todayInBrazil().slice(0, 7), -1)

export const Route = createFileRoute('/app/_admin/_company/payroll')({
  validateSearch: payrollSearchSchema,
  loaderDeps: ({ search }) => ({ competencia: search.competencia }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (!view.companyId) return
    const period = periodOf(deps.competencia)
    // The month says whether the fator R applies; a company outside the Simples has none (409),
    // which the page does without.
    await Promise.all([
      queryClient.ensureQueryData(payrollQueryOptions(view.companyId, period)),
      queryClient.prefetchQuery(monthQueryOptions(view.companyId, period)),
    ])
  },
  head: () => ({ meta: [{ title: pageTitle('Pró-labore') }] }),
  component: PayrollRoute,
})

function PayrollRoute() {
  const { competencia } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PayrollScreen
      period={periodOf(competencia)}
      today={todayInBrazil()}
      onPeriodChange={(next) => void navigate({ search: { competencia: next } })}
    />
  )
}
