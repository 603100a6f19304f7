import { queryOptions } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { adminUserDetailSchema, type AdminUserDetail } from '@/schemas/user'
import { api } from '@/services/api'
import { backOfficeKeys } from './keys'

/** GET /admin/users/{id} (docs/product.md §7): the person, their companies, their last sign-in. */
export const getAdminUserInputSchema = idSchema

export async function getAdminUser(userId: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  const id = getAdminUserInputSchema.parse(userId)
  const { data } = await api.get(`/admin/users/${encodeURIComponent(id)}`, {
    schema: recordOf(adminUserDetailSchema),
    signal,
  })
  return data
}

export const adminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: backOfficeKeys.user(userId),
    queryFn: ({ signal }) => getAdminUser(userId, signal),
  })
