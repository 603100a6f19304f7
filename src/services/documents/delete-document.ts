import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { documentSchema, type CompanyDocument } from '@/schemas/document'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'

export const deleteDocumentInputSchema = z.object({ companyId: idSchema, documentId: idSchema })
export type DeleteDocumentInput = z.input<typeof deleteDocumentInputSchema>

/** DELETE /documents/{id}?companyId (docs/product.md §7); answers the removed document. */
export async function deleteDocument(input: DeleteDocumentInput): Promise<CompanyDocument> {
  const { companyId, documentId } = deleteDocumentInputSchema.parse(input)
  const { data } = await api.delete(`/documents/${encodeURIComponent(documentId)}`, {
    query: { companyId },
    schema: recordOf(documentSchema),
  })
  return data
}

export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_document, { companyId }) =>
      invalidateAfter(queryClient, 'document-deleted', companyId),
  })
}
