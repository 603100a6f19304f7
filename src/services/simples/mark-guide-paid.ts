import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changeDocumentStatus, documentKeys } from '@/services/documents'
import { simplesKeys } from './keys'

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
      Promise.all([
        queryClient.invalidateQueries({ queryKey: simplesKeys.company(companyId) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.company(companyId) }),
      ]),
  })
}
