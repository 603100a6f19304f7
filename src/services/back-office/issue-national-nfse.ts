import { useMutation, useQueryClient } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestWithCompanySchema, type NfsRequestWithCompany } from '@/schemas/invoice'
import { api, ApiError } from '@/services/api'
import { backOfficeKeys } from './keys'
import { invalidateAfter } from '@/services/invalidation'

export const issueNationalNfseInputSchema = idSchema

/**
 * POST /nfs/requests/{id}/issue (admin): the NFS-e issued through the national system — the DPS
 * built, validated against the official schema, signed with the company's certificate and sent.
 * A refusal of the national system is a 409 whose issues are its errors (`['sefin', code]`); a
 * DPS sent without an answer is a 502 whose issue is `['sefin', 'awaiting']`.
 */
export async function issueNationalNfse(requestId: string): Promise<NfsRequestWithCompany> {
  const id = issueNationalNfseInputSchema.parse(requestId)
  const { data } = await api.post(`/nfs/requests/${encodeURIComponent(id)}/issue`, {
    schema: recordOf(nfsRequestWithCompanySchema),
  })
  return data
}

/**
 * Whether an issue's error means the DPS was sent and the Receita has not confirmed yet (a 502
 * whose issue is `['sefin', 'awaiting']`): the request waits, the server asks the Sefin again.
 */
export const isAwaitingReceita = (error: unknown) =>
  error instanceof ApiError &&
  error.issues.some((issue) => issue.path.join('.') === 'sefin.awaiting')

/** The request, the queues, the company's documents and its invoices follow the issue. */
export const useIssueNationalNfse = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: issueNationalNfse,
    onSuccess: (request) => invalidateAfter(queryClient, 'nfse-request-changed', request.companyId),
    // Left awaiting the Receita: the request is read again (and then every few seconds).
    onError: (error, requestId) =>
      isAwaitingReceita(error)
        ? queryClient.invalidateQueries({ queryKey: backOfficeKeys.nfsRequest(requestId) })
        : undefined,
  })
}
