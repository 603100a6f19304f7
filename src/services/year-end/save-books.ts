import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { recordOf } from '@/schemas/common'
import { booksInputSchema, profitsSchema, type Profits } from '@/schemas/year-end'
import { api } from '@/services/api'
import { companyYearInputSchema, yearPath, type CompanyYearInput } from './company-year'
import { invalidateYear } from './invalidate'

export const saveBooksInputSchema = companyYearInputSchema.extend({
  books: booksInputSchema.nullable(),
})
export type SaveBooksInput = z.input<typeof saveBooksInputSchema>

/**
 * PUT /companies/{id}/profits/{year}/books (the accountant): the accounting profit the books
 * show, with its source; `books: null` removes it (DELETE), back to the presumption.
 */
export async function saveBooks(input: SaveBooksInput): Promise<Profits> {
  const { books, ...year } = saveBooksInputSchema.parse(input)
  const path = `${yearPath('profits', year as CompanyYearInput)}/books`
  const { data } = books
    ? await api.put(path, { body: books, schema: recordOf(profitsSchema) })
    : await api.delete(path, { schema: recordOf(profitsSchema) })
  return data
}

export function useSaveBooks() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBooks,
    onSuccess: (_answer, { companyId }) => invalidateYear(queryClient, companyId),
  })
}
