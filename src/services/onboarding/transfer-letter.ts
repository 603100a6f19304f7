import { useMutation } from '@tanstack/react-query'
import { idSchema } from '@/schemas/common'
import { api } from '@/services/api'

export const transferLetterInputSchema = idSchema

/**
 * GET /companies/{id}/transfer-letter: the migration's transfer letter, a PDF (CFC Resolução
 * 1.590/2020), once the current accountant's step is done.
 */
export async function getTransferLetter(companyId: string): Promise<Blob> {
  const id = transferLetterInputSchema.parse(companyId)
  return api.get<Blob>(`/companies/${encodeURIComponent(id)}/transfer-letter`, {
    responseType: 'blob',
  })
}

/** Saves a file the app holds in memory under a name (the browser's download). */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.style.display = 'none'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The download has the bytes once the click is handled; the URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const transferLetterFileName = (cnpj: string | null) =>
  `carta-de-transferencia${cnpj ? `-${cnpj}` : ''}.pdf`

/** Downloads the letter (the bearer token goes with the request, so it is fetched, then saved). */
export const useDownloadTransferLetter = () =>
  useMutation({
    mutationFn: async ({ companyId, cnpj }: { companyId: string; cnpj: string | null }) =>
      saveBlob(await getTransferLetter(companyId), transferLetterFileName(cnpj)),
  })
