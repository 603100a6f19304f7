import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import { nfsRequestListQuerySchema, nfsRequestSchema, type NfsRequest } from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys, type ListInvoiceRequestsInput } from './keys'
import { pollListWhileAwaitingReceita } from './receita'

/** GET /nfs/requests (docs/product.md §7: query, companyId, status, date, limit 10, offset). */
export const listInvoiceRequestsInputSchema = nfsRequestListQuerySchema
export type { ListInvoiceRequestsInput } from './keys'

export async function listInvoiceRequests(
  input: ListInvoiceRequestsInput,
  signal?: AbortSignal,
): Promise<List<NfsRequest>> {
  const query = listInvoiceRequestsInputSchema.parse(input)
  return api.get('/nfs/requests', { query, schema: listOf(nfsRequestSchema), signal })
}

export const invoiceRequestsQueryOptions = (input: ListInvoiceRequestsInput) =>
  queryOptions({
    queryKey: invoiceKeys.requestList(input),
    queryFn: ({ signal }) => listInvoiceRequests(input, signal),
    placeholderData: keepPreviousData,
    // A row whose issuance or cancellation awaits the Receita changes without a reload.
    refetchInterval: pollListWhileAwaitingReceita,
  })

export const useInvoiceRequests = (input: ListInvoiceRequestsInput) =>
  useQuery(invoiceRequestsQueryOptions(input))
