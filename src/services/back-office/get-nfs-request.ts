import { queryOptions } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestWithCompanySchema, type NfsRequestWithCompany } from '@/schemas/invoice'
import { api } from '@/services/api'
import { backOfficeKeys } from './keys'

/** GET /nfs/requests/{id}: one request with its company (an admin reaches any). */
export const getNfsRequestInputSchema = idSchema

export async function getNfsRequest(
  requestId: string,
  signal?: AbortSignal,
): Promise<NfsRequestWithCompany> {
  const id = getNfsRequestInputSchema.parse(requestId)
  const { data } = await api.get(`/nfs/requests/${encodeURIComponent(id)}`, {
    schema: recordOf(nfsRequestWithCompanySchema),
    signal,
  })
  return data
}

export const nfsRequestQueryOptions = (requestId: string) =>
  queryOptions({
    queryKey: backOfficeKeys.nfsRequest(requestId),
    queryFn: ({ signal }) => getNfsRequest(requestId, signal),
    // Awaiting the Receita's confirmation (of the issuance or of a cancellation): asked again
    // every few seconds until it is settled.
    refetchInterval: (query) =>
      query.state.data?.status === 'awaiting' || query.state.data?.cancellationSending
        ? 3_000
        : false,
  })
