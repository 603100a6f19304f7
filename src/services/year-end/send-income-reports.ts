import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { incomeReportsSchema, type IncomeReports } from '@/schemas/year-end'
import { api } from '@/services/api'
import { yearPath, type CompanyYearInput } from './company-year'
import { invalidateYear } from './invalidate'

/** POST /companies/{id}/income-reports/{year}/send (the accountant): sent to the partners. */
export async function sendIncomeReports(input: CompanyYearInput): Promise<IncomeReports> {
  const { data } = await api.post(`${yearPath('income-reports', input)}/send`, {
    schema: recordOf(incomeReportsSchema),
  })
  return data
}

export function useSendIncomeReports() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendIncomeReports,
    onSuccess: (_answer, { companyId }) => invalidateYear(queryClient, companyId),
  })
}
