import { useMutation } from '@tanstack/react-query'
import { idSchema } from '@/schemas/common'
import { api, saveBlob } from '@/services/api'

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

export const transferLetterFileName = (cnpj: string | null) =>
  `carta-de-transferencia${cnpj ? `-${cnpj}` : ''}.pdf`

/** Downloads the letter (the bearer token goes with the request, so it is fetched, then saved). */
export const useDownloadTransferLetter = () =>
  useMutation({
    mutationFn: async ({ companyId, cnpj }: { companyId: string; cnpj: string | null }) =>
      saveBlob(await getTransferLetter(companyId), transferLetterFileName(cnpj)),
  })
