import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { simplesMonthSchema, type SimplesMonthView } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { getMonthInputSchema, type GetMonthInput } from './get-month'
import { simplesKeys } from './keys'

export const closeMonthInputSchema = getMonthInputSchema
export type CloseMonthInput = GetMonthInput

/**
 * POST /companies/{id}/simples/{period}/close (the accountant): freezes the month and publishes
 * its DAS (and the payroll's DCTFWeb DARF); 409 when closed already or something is missing.
 */
export async function closeMonth(input: CloseMonthInput): Promise<SimplesMonthView> {
  const { companyId, period } = closeMonthInputSchema.parse(input)
  const { data } = await api.post(
    `/companies/${encodeURIComponent(companyId)}/simples/${period}/close`,
    { schema: recordOf(simplesMonthSchema) },
  )
  return data
}

export function useCloseMonth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeMonth,
    onSuccess: (month, { companyId, period }) => {
      queryClient.setQueryData(simplesKeys.month(companyId, period), month)
      return invalidateAfter(queryClient, 'month-closed', companyId)
    },
  })
}
