import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  nfsRequestCreateSchema,
  nfsRequestSchema,
  type NfsRequest,
  type NfsRequestCreate,
} from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys } from './keys'

export const createInvoiceRequestInputSchema = z.object({
  companyId: idSchema,
  request: nfsRequestCreateSchema,
})
export type CreateInvoiceRequestInput = { companyId: string; request: NfsRequestCreate }

/** POST /nfs/requests?companyId (docs/product.md §7): a request the accountant issues. */
export async function createInvoiceRequest(input: CreateInvoiceRequestInput): Promise<NfsRequest> {
  const { companyId, request } = createInvoiceRequestInputSchema.parse(input)
  const { data } = await api.post('/nfs/requests', {
    query: { companyId },
    body: request,
    schema: recordOf(nfsRequestSchema),
  })
  return data
}

/** The requests list and the services (the last used first) refetch. */
export function useCreateInvoiceRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvoiceRequest,
    onSuccess: (_request, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.requests(companyId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.services(companyId) }),
      ]),
  })
}
