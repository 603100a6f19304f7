import { z } from 'zod'
import { lazySearch, type SearchOf } from '@/schemas/lazy-search'
import { idSchema } from '@/schemas/common'
import type { ListAdminUsersInput } from '@/services/back-office'
import { pageSearchSchema } from './companies-search'

/** People shown a page (docs/product.md §9: 10 for most lists). */
export const USERS_PAGE_SIZE = 10

/** `/app/admin/users` search: a company, a name or e-mail, the page. */
export const usersSearchSchema = lazySearch(() =>
  z.object({
    companyId: idSchema.optional().catch(undefined),
    query: z.string().trim().max(100).optional().catch(undefined),
    page: pageSearchSchema,
  }),
)
export type UsersSearch = SearchOf<typeof usersSearchSchema>

export const usersListInput = ({ companyId, query, page }: UsersSearch): ListAdminUsersInput => ({
  companyId,
  query: query || undefined,
  limit: USERS_PAGE_SIZE,
  offset: ((page ?? 1) - 1) * USERS_PAGE_SIZE,
})
