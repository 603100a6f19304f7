import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { nfsRequestSchema, type NfsRequest } from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys } from './keys'

export const cancelInvoiceRequestInputSchema = z.object({
  companyId: idSchema,
  requestId: idSchema,
})
export type CancelInvoiceRequestInput = z.input<typeof cancelInvoiceRequestInputSchema>

/** DELETE /nfs/requests/{id}?companyId (docs/product.md §7): only a pending request. */
export async function cancelInvoiceRequest(input: CancelInvoiceRequestInput): Promise<NfsRequest> {
  const { companyId, requestId } = cancelInvoiceRequestInputSchema.parse(input)
  const { data } = await api.delete(`/nfs/requests/${encodeURIComponent(requestId)}`, {
    query: { companyId },
    schema: recordOf(nfsRequestSchema),
  })
  return data
}

export function useCancelInvoiceRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelInvoiceRequest,
    onSuccess: (_request, { companyId, requestId }) => {
      queryClient.removeQueries({ queryKey: invoiceKeys.request(companyId, requestId) })
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.requests(companyId) })
    },
  })
}
