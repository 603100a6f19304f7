import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { competenceSchema } from '@/schemas/document'
import { payrollInputSchema, payrollSchema, type Payroll } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from '@/services/simples'
import { payrollKeys } from './keys'

export const savePayrollInputSchema = z.object({
  companyId: idSchema,
  period: competenceSchema,
  payroll: payrollInputSchema,
})
export type SavePayrollInput = z.input<typeof savePayrollInputSchema>

/** PUT /companies/{id}/payroll/{period}: each partner's pró-labore, salaries and FGTS. */
export async function savePayroll(input: SavePayrollInput): Promise<Payroll> {
  const { companyId, period, payroll } = savePayrollInputSchema.parse(input)
  const { data } = await api.put(`/companies/${encodeURIComponent(companyId)}/payroll/${period}`, {
    body: payroll,
    schema: recordOf(payrollSchema),
  })
  return data
}

/** The payroll changes the month's fator R and what the month-close queue asks for. */
export function useSavePayroll() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePayroll,
    onSuccess: (payroll, { companyId, period }) => {
      queryClient.setQueryData(payrollKeys.month(companyId, period), payroll)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: simplesKeys.company(companyId) }),
        queryClient.invalidateQueries({ queryKey: simplesKeys.queues() }),
      ])
    },
  })
}
