import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import {
  nfsRequestSearchQuerySchema,
  nfsRequestWithCompanySchema,
  type NfsRequestWithCompany,
} from '@/schemas/invoice'
import { api } from '@/services/api'
import { pollListWhileAwaitingReceita } from '@/services/invoices'
import { backOfficeKeys, type SearchNfsRequestsInput } from './keys'

/**
 * GET /nfs/requests/search (docs/product.md §7, admin): every company's requests by status, date and
 * text, 10 a page, open ones first and oldest first.
 */
export const searchNfsRequestsInputSchema = nfsRequestSearchQuerySchema
export type { SearchNfsRequestsInput } from './keys'

export async function searchNfsRequests(
  input: SearchNfsRequestsInput,
  signal?: AbortSignal,
): Promise<List<NfsRequestWithCompany>> {
  const query = searchNfsRequestsInputSchema.parse(input)
  return api.get('/nfs/requests/search', {
    query,
    schema: listOf(nfsRequestWithCompanySchema),
    signal,
  })
}

export const nfsQueueQueryOptions = (input: SearchNfsRequestsInput) =>
  queryOptions({
    queryKey: backOfficeKeys.nfsQueue(input),
    queryFn: ({ signal }) => searchNfsRequests(input, signal),
    placeholderData: keepPreviousData,
    // A row awaiting the Receita (an issuance, a cancellation or an analysis sent) changes
    // without a reload once the server's check settles it.
    refetchInterval: pollListWhileAwaitingReceita,
  })
