import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { distributionInputSchema, distributionSchema, type Distribution } from '@/schemas/year-end'
import { api } from '@/services/api'
import { invalidateYear } from './invalidate'

export const recordDistributionInputSchema = z.object({
  companyId: idSchema,
  distribution: distributionInputSchema,
})
export type RecordDistributionInput = z.input<typeof recordDistributionInputSchema>

/**
 * POST /companies/{id}/profits/distributions: profits paid to a partner; answers the distribution
 * with the tax withheld, the month's DARF 1841 and its warnings.
 */
export async function recordDistribution(input: RecordDistributionInput): Promise<Distribution> {
  const { companyId, distribution } = recordDistributionInputSchema.parse(input)
  const { data } = await api.post(
    `/companies/${encodeURIComponent(companyId)}/profits/distributions`,
    { body: distribution, schema: recordOf(distributionSchema) },
  )
  return data
}

export function useRecordDistribution() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordDistribution,
    onSuccess: (_answer, { companyId }) => invalidateYear(queryClient, companyId),
  })
}
