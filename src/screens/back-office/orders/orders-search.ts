import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { companyStatusSchema } from '@/schemas/company'
import type { ListOrdersInput } from '@/services/back-office'

/** docs/product.md §7: order queues page by 10. */
export const ORDERS_PAGE_SIZE = 10

/** The queues' address: search, status and page (1-based), each falling back when malformed. */
export const ordersSearchSchema = lazySearch(() =>
  z.object({
    query: z.coerce.string().trim().max(100).optional().catch(undefined),
    status: companyStatusSchema.optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  }),
)
export type OrdersSearch = SearchOf<typeof ordersSearchSchema>

export const ordersInput = (search: OrdersSearch): ListOrdersInput => ({
  limit: ORDERS_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * ORDERS_PAGE_SIZE,
  ...(search.query ? { query: search.query } : {}),
  ...(search.status ? { status: search.status } : {}),
})
