import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { payrollRiskInputSchema } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from '@/services/simples'
import { payrollKeys } from './keys'

export const savePayrollRiskInputSchema = z.object({
  companyId: idSchema,
  risk: payrollRiskInputSchema,
})
export type SavePayrollRiskInput = z.input<typeof savePayrollRiskInputSchema>

const answerSchema = recordOf(z.object({ rat: z.number().nullable(), fap: z.number().nullable() }))

/** PUT /companies/{id}/payroll-risk (the accountant): the RAT and FAP of an Annex IV company. */
export async function savePayrollRisk(input: SavePayrollRiskInput) {
  const { companyId, risk } = savePayrollRiskInputSchema.parse(input)
  const { data } = await api.put(`/companies/${encodeURIComponent(companyId)}/payroll-risk`, {
    body: risk,
    schema: answerSchema,
  })
  return data
}

/** RAT × FAP changes the CPP outside the DAS: the payroll and the month are read again. */
export function useSavePayrollRisk() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePayrollRisk,
    onSuccess: (_risk, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: payrollKeys.company(companyId) }),
        queryClient.invalidateQueries({ queryKey: simplesKeys.company(companyId) }),
      ]),
  })
}
