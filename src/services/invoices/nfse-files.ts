import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema } from '@/schemas/common'
import { api, saveBlob } from '@/services/api'

/** Which file of a national NFS-e: its XML or its DANFSe (the PDF). */
export const nfseFileInputSchema = z.object({
  requestId: idSchema,
  /** The client's company (an admin leaves it out). */
  companyId: idSchema.optional(),
  file: z.enum(['nfse', 'danfse', 'dps']),
})
export type NfseFileInput = z.input<typeof nfseFileInputSchema>

const names = { nfse: 'nfse', danfse: 'danfse', dps: 'dps' } as const
const extensions = { nfse: 'xml', danfse: 'pdf', dps: 'xml' } as const

/**
 * GET /nfs/requests/{id}/nfse | danfse | dps: a national NFS-e's XML, its DANFSe, or its signed
 * DPS — the company's own, or any for an admin.
 */
export async function getNfseFile(input: NfseFileInput): Promise<Blob> {
  const { requestId, companyId, file } = nfseFileInputSchema.parse(input)
  return api.get<Blob>(`/nfs/requests/${encodeURIComponent(requestId)}/${file}`, {
    query: { companyId },
    responseType: 'blob',
  })
}

/** The name a download is saved under: `nfse-13-3550….xml`, `danfse-13-….pdf`. */
export const nfseFileName = (
  file: NfseFileInput['file'],
  request: { id: string; number: number | null; accessKey: string | null },
) =>
  request.accessKey
    ? `${names[file]}-${request.number ?? ''}-${request.accessKey}.${extensions[file]}`
    : `${names[file]}-${request.id}.${extensions[file]}`

/** Downloads one of them (the bearer token goes with the request: fetched, then saved). */
export const useDownloadNfseFile = () =>
  useMutation({
    mutationFn: async ({
      request,
      ...input
    }: NfseFileInput & {
      request: { id: string; number: number | null; accessKey: string | null }
    }) => saveBlob(await getNfseFile(input), nfseFileName(input.file, request)),
  })
