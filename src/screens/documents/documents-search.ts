import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { documentStatusSchema, documentTypeSchema, documentTypes } from '@/schemas/document-kinds'
import { competenceSchema } from '@/schemas/finance-common'
import type { ListDocumentsInput } from '@/services/documents'

/** Documents shown a page (docs/product.md §9: 10 for most lists). */
export const DOCUMENTS_PAGE_SIZE = 10

const pageSchema = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined)

/**
 * `/app/documents` search: types (several at once), status, competence month and page; a bad
 * value falls back to "all" instead of failing, so any shared link opens.
 */
export const documentsSearchSchema = lazySearch(() =>
  z.object({
    type: z
      .preprocess(
        (value) => (typeof value === 'string' ? [value] : value),
        z.array(documentTypeSchema).min(1).max(documentTypes.length),
      )
      .optional()
      .catch(undefined),
    status: documentStatusSchema.optional().catch(undefined),
    competence: competenceSchema.optional().catch(undefined),
    page: pageSchema,
  }),
)
export type DocumentsSearch = SearchOf<typeof documentsSearchSchema>

/** The list call a search stands for. */
export const documentsListInput = (
  companyId: string,
  { type, status, competence, page }: DocumentsSearch,
): ListDocumentsInput => ({
  companyId,
  type,
  status,
  competence,
  limit: DOCUMENTS_PAGE_SIZE,
  offset: ((page ?? 1) - 1) * DOCUMENTS_PAGE_SIZE,
})
