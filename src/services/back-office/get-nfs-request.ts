import { queryOptions } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestWithCompanySchema, type NfsRequestWithCompany } from '@/schemas/invoice'
import { api } from '@/services/api'
import { pollWhileAwaitingReceita } from '@/services/invoices'
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
    refetchInterval: pollWhileAwaitingReceita,
  })
