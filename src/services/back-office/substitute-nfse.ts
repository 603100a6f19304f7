import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  nfsRequestWithCompanySchema,
  nfsSubstituteSchema,
  type NfsRequestWithCompany,
} from '@/schemas/invoice'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'

export const substituteNfseInputSchema = z.object({
  requestId: idSchema,
  substitute: nfsSubstituteSchema,
})
export type SubstituteNfseInput = z.input<typeof substituteNfseInputSchema>

/**
 * POST /nfs/requests/{id}/substitute (admin): a new NFS-e replaces the issued one — the national
 * code (01–05, 99), a reason of 15 to 255 characters, the corrected value and description.
 * Answers the new request; the replaced one becomes "Substituída".
 */
export async function substituteNfse(input: SubstituteNfseInput): Promise<NfsRequestWithCompany> {
  const { requestId, substitute } = substituteNfseInputSchema.parse(input)
  const { data } = await api.post(`/nfs/requests/${encodeURIComponent(requestId)}/substitute`, {
    body: substitute,
    schema: recordOf(nfsRequestWithCompanySchema),
  })
  return data
}

export const useSubstituteNfse = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: substituteNfse,
    // The new request and the replaced one (now "Substituída") both changed: every request of
    // the company is read again.
    onSuccess: (request) => invalidateAfter(queryClient, 'nfse-request-changed', request.companyId),
  })
}
