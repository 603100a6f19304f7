import { z } from 'zod'

// A company document's types and statuses, apart from the documents' schemas (document.ts
// re-exports them): the documents list's address is parsed in the app's first chunk.

export const documentTypes = [
  'contrato-social',
  'cartao-cnpj',
  'alvara',
  'guia',
  'comprovante',
  'nota-fiscal',
  'extrato',
  'pessoal',
  'outros',
] as const
export const documentTypeSchema = z.enum(documentTypes, { error: 'Tipo de documento inválido' })
export type DocumentType = z.infer<typeof documentTypeSchema>

export const documentStatuses = ['pending', 'approved', 'rejected', 'paid'] as const
export const documentStatusSchema = z.enum(documentStatuses, {
  error: 'Status inválido (use pending, approved, rejected ou paid)',
})
export type DocumentStatus = z.infer<typeof documentStatusSchema>
