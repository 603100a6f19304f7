import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  nfsIssueSchema,
  nfsRejectSchema,
  nfsRequestWithCompanySchema,
  type NfsRequestWithCompany,
} from '@/schemas/invoice'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'

/** What each move sends: processing nothing, issued the number and files, rejected the reason. */
export const changeNfsRequestStatusInputSchema = z.discriminatedUnion('status', [
  z.object({ requestId: idSchema, status: z.literal('processing') }),
  z.object({ requestId: idSchema, status: z.literal('issued'), issue: nfsIssueSchema }),
  z.object({ requestId: idSchema, status: z.literal('rejected'), reject: nfsRejectSchema }),
])
export type ChangeNfsRequestStatusInput = z.input<typeof changeNfsRequestStatusInputSchema>

/**
 * PUT /nfs/requests/{id}/status/{status} (docs/product.md §7, admin): pending → processing →
 * issued | rejected; a move the request's life does not allow (someone moved it first) is 409.
 */
export async function changeNfsRequestStatus(
  input: ChangeNfsRequestStatusInput,
): Promise<NfsRequestWithCompany> {
  const parsed = changeNfsRequestStatusInputSchema.parse(input)
  const body =
    parsed.status === 'issued' ? parsed.issue : parsed.status === 'rejected' ? parsed.reject : {}
  const { data } = await api.put(
    `/nfs/requests/${encodeURIComponent(parsed.requestId)}/status/${parsed.status}`,
    { body, schema: recordOf(nfsRequestWithCompanySchema) },
  )
  return data
}

export const useChangeNfsRequestStatus = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeNfsRequestStatus,
    onSuccess: (request) => invalidateAfter(queryClient, 'nfse-request-changed', request.companyId),
  })
}
