import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changeDocumentStatus } from '@/services/documents'
import { invalidateAfter } from '@/services/invalidation'

/**
 * "Marcar como paga" on a guide (PUT /documents/{id}/status/paid): the guide lists, the month it
 * closed (now paid) and the documents all change.
 */
export function useMarkGuidePaid() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ companyId, documentId }: { companyId: string; documentId: string }) =>
      changeDocumentStatus({ companyId, documentId, status: 'paid' }),
    onSuccess: (_document, { companyId }) =>
      invalidateAfter(queryClient, 'document-status-changed', companyId),
  })
}
