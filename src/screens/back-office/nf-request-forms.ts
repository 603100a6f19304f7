import { z } from 'zod'
import { MAX_UPLOAD_BYTES } from '@/schemas/files'
import { nfsNumberTextSchema } from '@/schemas/invoice'
import type { FileRules } from '@/ui/FileDrop'

/** "Emitir": the number as typed, the PDF (required) and the XML (optional). */
export type IssueValues = { number: string; pdf: File | null; xml: File | null }

export const issueFormSchema = z.object({
  number: nfsNumberTextSchema,
  pdf: z
    .custom<File | null>((file) => file instanceof File, { error: 'Anexe o PDF da nota.' })
    // Checked just above: a File.
    .transform((file) => file as File),
  xml: z.custom<File>((file) => file instanceof File).nullable(),
})
export type IssueOutput = z.output<typeof issueFormSchema>

/** The NFS-e's files: a PDF and an XML, up to the upload link's 10 MB. */
export const pdfRules: FileRules = {
  accept: [{ label: 'PDF', extensions: ['pdf'] }],
  maxBytes: MAX_UPLOAD_BYTES,
}
export const xmlRules: FileRules = {
  accept: [{ label: 'XML', extensions: ['xml'] }],
  maxBytes: MAX_UPLOAD_BYTES,
}
