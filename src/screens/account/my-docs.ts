import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'

export const MY_DOCS_PAGE_SIZE = 10

/** What a person's own documents are (the name each takes in the list). */
export const personalDocumentKinds = [
  { value: 'rg-cnh', label: 'RG ou CNH' },
  { value: 'comprovante-residencia', label: 'Comprovante de residência' },
  { value: 'certidao-casamento', label: 'Certidão de casamento' },
  { value: 'outro', label: 'Outro documento pessoal' },
] as const
export type PersonalDocumentKind = (typeof personalDocumentKinds)[number]['value']

/** /app/user/my-docs search params. */
export const myDocsSearchSchema = lazySearch(() =>
  z.object({
    pagina: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  }),
)

/** The list query of a person's documents in a company. */
export const myDocumentsInput = (companyId: string, uid: string, page: number) => ({
  companyId,
  type: ['pessoal' as const],
  createdBy: uid,
  limit: MY_DOCS_PAGE_SIZE,
  offset: (page - 1) * MY_DOCS_PAGE_SIZE,
})
