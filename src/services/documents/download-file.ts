import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { downloadLinkSchema, fileNameSchema, type DownloadLink } from '@/schemas/files'
import { api } from '@/services/api'

export const downloadLinkInputSchema = z.object({ companyId: idSchema, fileName: fileNameSchema })
export type DownloadLinkInput = z.input<typeof downloadLinkInputSchema>

/** GET /download/{filename}?companyId (docs/product.md §7): a short-lived signed GET link. */
export async function getDownloadLink(
  input: DownloadLinkInput,
  signal?: AbortSignal,
): Promise<DownloadLink> {
  const { companyId, fileName } = downloadLinkInputSchema.parse(input)
  const { data } = await api.get(`/download/${encodeURIComponent(fileName)}`, {
    query: { companyId },
    schema: recordOf(downloadLinkSchema),
    signal,
  })
  return data
}

/**
 * Starts the browser's download of a URL: a file the server answers as an attachment, or an
 * object URL of a file the page holds (then `fileName` names it).
 */
export function saveFromUrl(url: string, fileName?: string) {
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.rel = 'noopener'
  if (fileName) anchor.download = fileName
  anchor.style.display = 'none'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
}

/**
 * Downloads a company's file through a signed link: the bytes come straight from the file
 * store (`Content-Disposition: attachment`), so they are the very bytes that were uploaded.
 */
export async function downloadFile(input: DownloadLinkInput): Promise<void> {
  const link = await getDownloadLink(input)
  saveFromUrl(link.url)
}
