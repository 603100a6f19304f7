import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestWithCompanySchema, type NfsRequestWithCompany } from '@/schemas/invoice'
import { nfseCancelSchema } from '@/schemas/nfse'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'

export const requestCancellationAnalysisInputSchema = z.object({
  requestId: idSchema,
  analysis: nfseCancelSchema,
})
export type RequestCancellationAnalysisInput = z.input<
  typeof requestCancellationAnalysisInputSchema
>

/**
 * POST /nfs/requests/{id}/cancellation-analysis (admin): past the cancellation deadline, the
 * municipality is asked to analyse the cancellation (event e101103) with the same code (1, 2, 9)
 * and reason of 15 to 255 characters as a cancellation. Answers the request, its
 * `cancellationAnalysis` "requested"; 409 inside the deadline or while one waits.
 */
export async function requestCancellationAnalysis(
  input: RequestCancellationAnalysisInput,
): Promise<NfsRequestWithCompany> {
  const { requestId, analysis } = requestCancellationAnalysisInputSchema.parse(input)
  const { data } = await api.post(
    `/nfs/requests/${encodeURIComponent(requestId)}/cancellation-analysis`,
    { body: analysis, schema: recordOf(nfsRequestWithCompanySchema) },
  )
  return data
}

/**
 * The mutation for one company's request. Settled, not only succeeded: a lost answer (502)
 * leaves the analysis recorded as "sending", which the request then shows.
 */
export const useRequestCancellationAnalysis = (companyId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: requestCancellationAnalysis,
    onSettled: () =>
      invalidateAfter(queryClient, 'nfse-cancellation-analysis-requested', companyId),
  })
}
