import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
// Light modules only: the route's search parsing is in the app's first chunk.
import { yearInBrazil } from '@/kernel/dates'
import { declarationStatusSchema } from '@/schemas/year-end-status'
import type { ListYearEndInput } from '@/services/year-end'
import { pageSearchSchema } from '../companies-search'

/** Companies shown a page of the year-end queue. */
export const YEAR_END_PAGE_SIZE = 25

/**
 * `/app/admin/year-end` search: the year (last year's declarations by default), the declaration's
 * situation, text (name, alias or CNPJ) and page; a bad value falls back to the default.
 */
export const yearEndSearchSchema = lazySearch(() =>
  z.object({
    ano: z.coerce.number().int().min(2018).max(2099).optional().catch(undefined),
    status: declarationStatusSchema.optional().catch(undefined),
    query: z.string().trim().max(100).optional().catch(undefined),
    page: pageSearchSchema,
  }),
)
export type YearEndSearch = SearchOf<typeof yearEndSearchSchema>

/** The year a search shows: last year (whose declarations are due now) unless it names another. */
export const yearEndYear = (search: Pick<YearEndSearch, 'ano'>) =>
  search.ano ?? yearInBrazil(new Date()) - 1

export const yearEndListInput = (search: YearEndSearch): ListYearEndInput => ({
  year: yearEndYear(search),
  status: search.status,
  query: search.query || undefined,
  limit: YEAR_END_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * YEAR_END_PAGE_SIZE,
})
