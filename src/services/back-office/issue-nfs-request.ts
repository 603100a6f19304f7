import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { NfsRequest } from '@/schemas/invoice'
import { uploadFile } from '@/services/documents'
import { invalidateAfter } from '@/services/invalidation'
import { changeNfsRequestStatus } from './change-nfs-request-status'

export type IssueNfsRequestInput = {
  request: Pick<NfsRequest, 'id' | 'companyId'>
  number: number
  pdf: File
  xml: File | null
  /** Upload progress of both files together, from 0 to 1. */
  onProgress?: (fraction: number) => void
}

/**
 * "Emitir": the PDF (and XML) go to the company's folder through signed upload links, then
 * PUT .../status/issued records the number and makes them the company's `nota-fiscal`
 * documents. The stored names carry the request id, so two requests never share a file.
 */
export async function issueNfsRequest({
  request,
  number,
  pdf,
  xml,
  onProgress,
}: IssueNfsRequestInput) {
  const files = xml ? [pdf, xml] : [pdf]
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1
  let sent = 0
  const stored: string[] = []
  for (const [index, file] of files.entries()) {
    const extension = index === 0 ? 'pdf' : 'xml'
    const result = await uploadFile(
      { companyId: request.companyId, file, fileName: `${request.id}-nfse-${number}.${extension}` },
      { onProgress: (fraction) => onProgress?.((sent + fraction * file.size) / total) },
    )
    sent += file.size
    stored.push(result.fileName)
  }
  return changeNfsRequestStatus({
    requestId: request.id,
    status: 'issued',
    issue: { number, pdfFileName: stored[0]!, xmlFileName: stored[1] },
  })
}

export const useIssueNfsRequest = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: issueNfsRequest,
    onSuccess: (request) => invalidateAfter(queryClient, 'nfse-request-changed', request.companyId),
  })
}
