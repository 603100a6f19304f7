import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { companySortSchema, companyStatusSchema, trackIdSchema } from '@/schemas/company'
import type { ListCompaniesInput } from '@/services/companies'

/** Companies shown a page (docs/product.md §9: 25 for the company list). */
export const COMPANIES_PAGE_SIZE = 25

/** Pages of the back office's lists in the URL: 1, 2, …; a bad value is the first page. */
export const pageSearchSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(100_000)
  .optional()
  .catch(undefined)

/**
 * `/app/admin/companies` search: text (name, alias or CNPJ), status, track, order and page; a
 * bad value falls back to "all" instead of failing, so any shared link opens.
 */
export const companiesSearchSchema = lazySearch(() =>
  z.object({
    query: z.string().trim().max(100).optional().catch(undefined),
    status: companyStatusSchema.optional().catch(undefined),
    trackId: trackIdSchema.optional().catch(undefined),
    sort: companySortSchema.optional().catch(undefined),
    page: pageSearchSchema,
  }),
)
export type CompaniesSearch = SearchOf<typeof companiesSearchSchema>

/** The list call a search stands for. */
export const companiesListInput = ({
  query,
  status,
  trackId,
  sort,
  page,
}: CompaniesSearch): ListCompaniesInput => ({
  query: query || undefined,
  status,
  trackId,
  sort,
  limit: COMPANIES_PAGE_SIZE,
  offset: ((page ?? 1) - 1) * COMPANIES_PAGE_SIZE,
})
