import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  fileMessages,
  fileNameSchema,
  storedFileSchema,
  uploadLinkSchema,
  type StoredFile,
  type UploadLink,
} from '@/schemas/files'
import { api, ApiError } from '@/services/api'

const NETWORK_MESSAGE =
  'O envio do arquivo foi interrompido. Verifique sua conexão e tente de novo.'

/**
 * A file name the server takes (letters, digits, space, `.`, `-`, `_`, parentheses; at most 120
 * characters) made from the name the person's file has: other characters become `-`, the
 * extension is kept.
 */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot + 1).replace(/[^\p{L}\p{N}]/gu, '') : ''
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .replace(/[ .]+$/, '')
  const room = 120 - (extension ? extension.length + 1 : 0)
  const base = (stem || 'arquivo').slice(0, room).replace(/[ .]+$/, '') || 'arquivo'
  return extension ? `${base}.${extension.toLowerCase()}` : base
}

export const uploadLinkInputSchema = z.object({ companyId: idSchema, fileName: fileNameSchema })
export type UploadLinkInput = z.input<typeof uploadLinkInputSchema>

/** GET /upload/{filename}?companyId (docs/product.md §7): where to PUT the file, until when. */
export async function getUploadLink(
  input: UploadLinkInput,
  signal?: AbortSignal,
): Promise<UploadLink> {
  const { companyId, fileName } = uploadLinkInputSchema.parse(input)
  const { data } = await api.get(`/upload/${encodeURIComponent(fileName)}`, {
    query: { companyId },
    schema: recordOf(uploadLinkSchema),
    signal,
  })
  return data
}

export type UploadProgress = {
  /** From 0 to 1, as the bytes leave the browser. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

function errorOf(status: number, body: string): ApiError {
  try {
    const parsed = JSON.parse(body) as { message?: unknown }
    if (typeof parsed.message === 'string') return new ApiError(status, parsed.message)
  } catch {
    // Not JSON: fall through to the status.
  }
  if (status === 413) return new ApiError(413, fileMessages.tooLarge)
  return new ApiError(status, `Não foi possível enviar o arquivo (erro ${status}).`)
}

/**
 * PUTs the bytes to a signed link. XMLHttpRequest rather than fetch: only it reports upload
 * progress in browsers. The signature in the URL is the authorization (no bearer token).
 */
export function putFile(
  link: UploadLink,
  file: Blob,
  { onProgress, signal }: UploadProgress = {},
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Envio cancelado.', 'AbortError'))
    const xhr = new XMLHttpRequest()
    xhr.open(link.method, link.url)
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream')
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300)
        return reject(errorOf(xhr.status, xhr.responseText))
      try {
        const { data } = recordOf(storedFileSchema).parse(JSON.parse(xhr.responseText))
        onProgress?.(1)
        resolve(data)
      } catch {
        reject(new ApiError(xhr.status, 'O servidor respondeu ao envio de um jeito inesperado.'))
      }
    }
    xhr.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE))
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    onProgress?.(0)
    xhr.send(file)
  })
}

export type UploadFileInput = {
  companyId: string
  file: File
  /** The name to store it under; by default the file's own name made safe. */
  fileName?: string
}

/**
 * The signed-link upload (docs/product.md §7 `GET /upload/{filename}`): asks for a link, then PUTs
 * the bytes with progress. Answers the stored file; its `fileName` is the name the server kept,
 * which is what a document registers.
 */
export async function uploadFile(
  { companyId, file, fileName }: UploadFileInput,
  options: UploadProgress = {},
): Promise<StoredFile> {
  const link = await getUploadLink(
    { companyId, fileName: fileName ?? safeFileName(file.name) },
    options.signal,
  )
  if (file.size > link.maxBytes) throw new ApiError(413, fileMessages.tooLarge)
  return putFile(link, file, options)
}
