import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { calendarDateSchema } from '@/schemas/finance-common'
import type { ListTransactionsInput } from '@/services/bank-statements'

/** Rows a page can show (docs/product.md §9: 10 by default; the API takes up to 100). */
export const TRANSACTION_PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_TRANSACTION_PAGE_SIZE = 10

/**
 * `/app/bank-statements/accounts/{id}/transactions` search: page and page size, a range of days,
 * a text and "Sem categoria"; a bad value falls back instead of failing.
 */
export const transactionsSearchSchema = lazySearch(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
    limit: z.coerce
      .number()
      .refine((value) => (TRANSACTION_PAGE_SIZES as readonly number[]).includes(value))
      .optional()
      .catch(undefined),
    from: calendarDateSchema.optional().catch(undefined),
    to: calendarDateSchema.optional().catch(undefined),
    query: z.string().trim().min(1).max(200).optional().catch(undefined),
    uncategorized: z.boolean().optional().catch(undefined),
  }),
)
export type TransactionsSearch = SearchOf<typeof transactionsSearchSchema>

export const pageSizeOf = (search: TransactionsSearch) =>
  search.limit ?? DEFAULT_TRANSACTION_PAGE_SIZE

/** The list call a search stands for (a range typed backwards in the address is ignored). */
export function transactionsListInput(
  companyId: string,
  accountId: string,
  search: TransactionsSearch,
): ListTransactionsInput {
  const limit = pageSizeOf(search)
  const backwards = Boolean(search.from && search.to && search.from > search.to)
  return {
    companyId,
    accountId,
    limit,
    offset: ((search.page ?? 1) - 1) * limit,
    from: backwards ? undefined : search.from,
    to: backwards ? undefined : search.to,
    query: search.query,
    withoutTaxCategory: search.uncategorized ? 'true' : undefined,
  }
}
