import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestSchema, type NfsRequest } from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys } from './keys'
import { pollWhileAwaitingReceita } from './receita'

export const getInvoiceRequestInputSchema = z.object({ companyId: idSchema, requestId: idSchema })
export type GetInvoiceRequestInput = z.input<typeof getInvoiceRequestInputSchema>

/** GET /nfs/requests/{id}?companyId: one request with its status history. */
export async function getInvoiceRequest(
  input: GetInvoiceRequestInput,
  signal?: AbortSignal,
): Promise<NfsRequest> {
  const { companyId, requestId } = getInvoiceRequestInputSchema.parse(input)
  const { data } = await api.get(`/nfs/requests/${encodeURIComponent(requestId)}`, {
    query: { companyId },
    schema: recordOf(nfsRequestSchema),
    signal,
  })
  return data
}

export const invoiceRequestQueryOptions = (input: GetInvoiceRequestInput) =>
  queryOptions({
    queryKey: invoiceKeys.request(input.companyId, input.requestId),
    queryFn: ({ signal }) => getInvoiceRequest(input, signal),
    // The panel reopened asks again: a copy cached a moment ago may predate a cancellation sent
    // meanwhile (and, awaiting nothing, would never be polled).
    refetchOnMount: 'always',
    refetchInterval: pollWhileAwaitingReceita,
  })

export const useInvoiceRequest = (input: GetInvoiceRequestInput, enabled = true) =>
  useQuery({ ...invoiceRequestQueryOptions(input), enabled })
