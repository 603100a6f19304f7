import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { distributionRecordSchema } from '@/schemas/year-end'
import { api } from '@/services/api'
import { invalidateYear } from './invalidate'

export const deleteDistributionInputSchema = z.object({
  companyId: idSchema,
  distributionId: idSchema,
})
export type DeleteDistributionInput = z.input<typeof deleteDistributionInputSchema>

/**
 * DELETE /companies/{id}/profits/distributions/{distributionId}: the month's withholding and
 * DARF 1841 follow (409 when the DARF was paid for more than is then owed).
 */
export async function deleteDistribution(input: DeleteDistributionInput) {
  const { companyId, distributionId } = deleteDistributionInputSchema.parse(input)
  const { data } = await api.delete(
    `/companies/${encodeURIComponent(companyId)}/profits/distributions/${encodeURIComponent(distributionId)}`,
    { schema: recordOf(distributionRecordSchema) },
  )
  return data
}

export function useDeleteDistribution() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDistribution,
    onSuccess: (_answer, { companyId }) => invalidateYear(queryClient, companyId),
  })
}
