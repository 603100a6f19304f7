import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { idSchema } from '@/schemas/common'
import { dateFilterSchema, listQueryTextSchema } from '@/schemas/finance-common'
import { nfsRequestStatusSchema } from '@/schemas/invoice-status'
import type { SearchNfsRequestsInput } from '@/services/back-office'
import { pageSearchSchema } from './companies-search'

/** Requests shown a page (docs/product.md §9: 10 for most lists). */
export const NF_REQUESTS_PAGE_SIZE = 10

/**
 * `/app/admin/invoices/nf-requests` search: status, service month (or year, or day), text, one
 * company, page; a bad value falls back to "all".
 */
export const nfRequestsSearchSchema = lazySearch(() =>
  z.object({
    status: nfsRequestStatusSchema.optional().catch(undefined),
    date: dateFilterSchema.optional().catch(undefined),
    query: listQueryTextSchema.optional().catch(undefined),
    companyId: idSchema.optional().catch(undefined),
    page: pageSearchSchema,
  }),
)
export type NfRequestsSearch = SearchOf<typeof nfRequestsSearchSchema>

export const nfRequestsListInput = ({
  status,
  date,
  query,
  companyId,
  page,
}: NfRequestsSearch): SearchNfsRequestsInput => ({
  status,
  date,
  query: query || undefined,
  companyId,
  limit: NF_REQUESTS_PAGE_SIZE,
  offset: ((page ?? 1) - 1) * NF_REQUESTS_PAGE_SIZE,
})
