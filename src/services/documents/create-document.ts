import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  documentCreateSchema,
  documentSchema,
  type CompanyDocument,
  type DocumentCreate,
  type DocumentType,
} from '@/schemas/document'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { documentKeys } from './keys'
import { uploadFile, type UploadProgress } from './upload-file'

export const createDocumentInputSchema = z.object({
  companyId: idSchema,
  document: documentCreateSchema,
})
export type CreateDocumentInput = { companyId: string; document: DocumentCreate }

/** POST /documents?companyId: registers a file already uploaded through its signed link. */
export async function createDocument(input: CreateDocumentInput): Promise<CompanyDocument> {
  const { companyId, document } = createDocumentInputSchema.parse(input)
  const { data } = await api.post('/documents', {
    query: { companyId },
    body: document,
    schema: recordOf(documentSchema),
  })
  return data
}

export type UploadDocumentInput = {
  companyId: string
  file: File
  type: Exclude<DocumentType, 'guia'>
  /** `YYYY-MM`. */
  competence?: string
  /** The document's name in the list; by default the file's name without its extension. */
  name?: string
  description?: string
}

const nameOf = (file: File) => {
  const dot = file.name.lastIndexOf('.')
  const stem = (dot > 0 ? file.name.slice(0, dot) : file.name).trim()
  return stem.length >= 2 ? stem.slice(0, 150) : file.name.slice(0, 150)
}

/**
 * The whole upload of a company's document: signed link, PUT with progress, then
 * `POST /documents`. Answers the registered document.
 */
export async function uploadDocument(
  { companyId, file, type, competence, name, description }: UploadDocumentInput,
  options: UploadProgress = {},
): Promise<CompanyDocument> {
  const stored = await uploadFile({ companyId, file }, options)
  return createDocument({
    companyId,
    document: {
      type,
      name: name?.trim() || nameOf(file),
      fileName: stored.fileName,
      ...(competence ? { competence } : {}),
      ...(description?.trim() ? { description: description.trim() } : {}),
    },
  })
}

/** Uploads and registers a document; the company's document lists refetch. */
export function useUploadDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...documentKeys.all, 'upload'],
    mutationFn: ({ input, ...options }: { input: UploadDocumentInput } & UploadProgress) =>
      uploadDocument(input, options),
    onSuccess: (_document, { input }) =>
      invalidateAfter(queryClient, 'document-registered', input.companyId),
  })
}
