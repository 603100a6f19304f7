import { z } from 'zod'
import { isoDateTimeSchema } from './common'

/** Upload size limit of the signed upload links (docs/api.md "Uploads"). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export const fileMessages = {
  fileNameInvalid:
    'Nome de arquivo inválido: use letras, números, espaço, ponto, hífen ou sublinhado (até 120 caracteres).',
  tooLarge: 'O arquivo passa do limite de 10 MB.',
  linkExpired: 'Este link expirou. Peça um novo link e tente de novo.',
  linkInvalid: 'Link inválido ou adulterado.',
  linkUsed: 'Este link de envio já foi usado. Peça um novo link para enviar outro arquivo.',
  notFound: 'Arquivo não encontrado.',
} as const

/**
 * A file name inside a company's folder: no folders, no `..`, no control characters, so it can
 * never point outside that folder.
 */
export const fileNameSchema = z
  .string({ error: fileMessages.fileNameInvalid })
  .max(120, { error: fileMessages.fileNameInvalid })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._()-]*$/u, { error: fileMessages.fileNameInvalid })
  .refine((name) => !name.includes('..') && !name.endsWith('.') && !name.endsWith(' '), {
    error: fileMessages.fileNameInvalid,
  })

/**
 * Uploads are stored under a key of their own, the user's name with a token before the extension
 * (`Comprovante Pix.3f9a0c1b7e2d.pdf`), so two files with the same name never replace each other;
 * the user's name stays what is shown and what a download is called (fileDisplayName).
 */
const STORAGE_TOKEN = /\.[0-9a-f]{12}(?=\.[^.]*$|$)/

/** The storage key of an upload named `fileName` (a valid file name, at most 120 characters). */
export function storageKeyOf(fileName: string, token: string): string {
  const dot = fileName.lastIndexOf('.')
  const extension = dot > 0 ? fileName.slice(dot) : ''
  const room = 120 - extension.length - token.length - 1
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, room).replace(/[ .]+$/, '')
  return `${stem || 'arquivo'}.${token}${extension}`
}

/** The name the user gave a stored file (its storage key without the token). */
export const fileDisplayName = (fileName: string) => fileName.replace(STORAGE_TOKEN, '')

/** `GET /upload/{filename}`: where to PUT the file, until when, and the name it is stored under. */
export const uploadLinkSchema = z.object({
  url: z.url(),
  method: z.literal('PUT'),
  expiresAt: isoDateTimeSchema,
  maxBytes: z.number().int().positive(),
  /** The storage key (what the PUT answers as `fileName` and a document registers). */
  fileName: fileNameSchema.optional(),
})
export type UploadLink = z.infer<typeof uploadLinkSchema>

/** `GET /download/{filename}`: a signed GET URL. */
export const downloadLinkSchema = z.object({
  url: z.url(),
  expiresAt: isoDateTimeSchema,
})
export type DownloadLink = z.infer<typeof downloadLinkSchema>

/** What a signed PUT answers. */
export const storedFileSchema = z.object({
  companyId: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
  uploadedAt: isoDateTimeSchema,
})
export type StoredFile = z.infer<typeof storedFileSchema>
