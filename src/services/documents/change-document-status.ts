import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { documentSchema, documentStatusSchema, type CompanyDocument } from '@/schemas/document'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'

export const changeDocumentStatusInputSchema = z.object({
  companyId: idSchema,
  documentId: idSchema,
  status: documentStatusSchema,
  /** Why a document was refused: the client reads it. */
  reason: z.string().trim().min(1).max(500).optional(),
})
export type ChangeDocumentStatusInput = z.input<typeof changeDocumentStatusInputSchema>

/** PUT /documents/{id}/status/{status}?companyId (a guia's "Marcar como paga": `paid`). */
export async function changeDocumentStatus(
  input: ChangeDocumentStatusInput,
): Promise<CompanyDocument> {
  const { companyId, documentId, status, reason } = changeDocumentStatusInputSchema.parse(input)
  const { data } = await api.put(`/documents/${encodeURIComponent(documentId)}/status/${status}`, {
    query: { companyId },
    body: reason ? { reason } : {},
    schema: recordOf(documentSchema),
  })
  return data
}

export function useChangeDocumentStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeDocumentStatus,
    onSuccess: (_document, { companyId }) =>
      invalidateAfter(queryClient, 'document-status-changed', companyId),
  })
}
