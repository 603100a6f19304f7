import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import { adminUserListQuerySchema, adminUserSchema, type AdminUser } from '@/schemas/user'
import { api } from '@/services/api'
import { backOfficeKeys, type ListAdminUsersInput } from './keys'

/** GET /admin/users (docs/product.md §7): by company and name or e-mail, 10 a page. */
export const listAdminUsersInputSchema = adminUserListQuerySchema
export type { ListAdminUsersInput } from './keys'

export async function listAdminUsers(
  input: ListAdminUsersInput,
  signal?: AbortSignal,
): Promise<List<AdminUser>> {
  const query = listAdminUsersInputSchema.parse(input)
  return api.get('/admin/users', { query, schema: listOf(adminUserSchema), signal })
}

export const adminUsersQueryOptions = (input: ListAdminUsersInput) =>
  queryOptions({
    queryKey: backOfficeKeys.userList(input),
    queryFn: ({ signal }) => listAdminUsers(input, signal),
    placeholderData: keepPreviousData,
  })
