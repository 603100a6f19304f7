import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { awaitingReceita } from '@/machines/nfs-request'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestSchema, type NfsRequest } from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys } from './keys'

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

/**
 * A request's query while the Receita has not confirmed what was sent (its issuance, its
 * cancellation or its cancellation analysis): asked again every few seconds until the server's check settles it. The owner's
 * panel and the back office's request share it.
 */
export const pollWhileAwaitingReceita = (query: {
  state: { data?: Pick<NfsRequest, 'status' | 'cancellationSending' | 'cancellationAnalysis'> }
}) => (query.state.data && awaitingReceita(query.state.data) ? 3_000 : false)

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
