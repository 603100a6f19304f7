import { z } from 'zod'
import { isoDateTimeSchema } from './common'

/** Upload size limit of the signed upload links (PRODUCT.md "signed upload/download URLs"). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export const fileMessages = {
  fileNameInvalid:
    'Nome de arquivo inválido: use letras, números, espaço, ponto, hífen ou sublinhado (até 120 caracteres).',
  tooLarge: 'O arquivo passa do limite de 10 MB.',
  linkExpired: 'Este link expirou. Peça um novo link e tente de novo.',
  linkInvalid: 'Link inválido ou adulterado.',
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

/** `GET /upload/{filename}`: where to PUT the file, until when. */
export const uploadLinkSchema = z.object({
  url: z.url(),
  method: z.literal('PUT'),
  expiresAt: isoDateTimeSchema,
  maxBytes: z.number().int().positive(),
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
