import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestWithCompanySchema, type NfsRequestWithCompany } from '@/schemas/invoice'
import { nfseCancelSchema } from '@/schemas/nfse'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { backOfficeKeys } from './keys'

export const cancelNfseInputSchema = z.object({ requestId: idSchema, cancel: nfseCancelSchema })
export type CancelNfseInput = z.input<typeof cancelNfseInputSchema>

/**
 * POST /nfs/requests/{id}/cancel (admin): the national cancellation event (e101101) with its code
 * (1 error in the issue, 2 service not provided, 9 other) and a reason of 15 to 255 characters.
 */
export async function cancelNfse(input: CancelNfseInput): Promise<NfsRequestWithCompany> {
  const { requestId, cancel } = cancelNfseInputSchema.parse(input)
  const { data } = await api.post(`/nfs/requests/${encodeURIComponent(requestId)}/cancel`, {
    body: cancel,
    schema: recordOf(nfsRequestWithCompanySchema),
  })
  return data
}

export const useCancelNfse = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelNfse,
    onSuccess: (request) => invalidateAfter(queryClient, 'nfse-request-changed', request.companyId),
    // An answer lost or not verified (502) leaves the cancellation recorded as unconfirmed, which
    // the request then shows (and asks again until it is settled).
    onError: (_error, { requestId }) =>
      queryClient.invalidateQueries({ queryKey: backOfficeKeys.nfsRequest(requestId) }),
  })
}
