import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { pageTitle } from '@/lib/title'
import { addMonths } from '@/kernel/dates'
import { competenceSchema, todayInBrazil } from '@/schemas/finance-common'
import { payrollQueryOptions } from '@/services/payroll'
import { PayrollScreen } from '@/screens/payroll/PayrollScreen'

/** `?competencia=2026-10`: the month shown (the last one by default). */
const payrollSearchSchema = z.object({
  competencia: competenceSchema.optional().catch(undefined),
})

const periodOf = (competencia: string | undefined) =>
  competencia ?? addMonths(todayInBrazil().slice(0, 7), -1)

export const Route = createFileRoute('/app/_admin/_company/payroll')({
  validateSearch: payrollSearchSchema,
  loaderDeps: ({ search }) => ({ competencia: search.competencia }),
  loader: async ({ context: { queryClient, view }, deps }) => {
    if (view.companyId)
      await queryClient.ensureQueryData(
        payrollQueryOptions(view.companyId, periodOf(deps.competencia)),
      )
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
