import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import { documentListQuerySchema, documentSchema, type CompanyDocument } from '@/schemas/document'
import { api } from '@/services/api'
import { documentKeys, type ListDocumentsInput } from './keys'

/** GET /documents (docs/product.md §7): companyId, repeatable type, status, competence; 10 a page. */
export const listDocumentsInputSchema = documentListQuerySchema
export type { ListDocumentsInput } from './keys'

export async function listDocuments(
  input: ListDocumentsInput,
  signal?: AbortSignal,
): Promise<List<CompanyDocument>> {
  const query = listDocumentsInputSchema.parse(input)
  return api.get('/documents', { query, schema: listOf(documentSchema), signal })
}

export const documentsQueryOptions = (input: ListDocumentsInput) =>
  queryOptions({
    queryKey: documentKeys.list(input),
    queryFn: ({ signal }) => listDocuments(input, signal),
    placeholderData: keepPreviousData,
  })

export const useDocuments = (input: ListDocumentsInput) => useQuery(documentsQueryOptions(input))
