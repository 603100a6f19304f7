import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import {
  adminUserCreatedSchema,
  adminUserCreateSchema,
  type AdminUserCreate,
  type AdminUserCreated,
} from '@/schemas/user'
import { api } from '@/services/api'
import { backOfficeKeys } from './keys'

/**
 * POST /admin/users (docs/product.md §3 and §5): the Firebase account with its claims; answers the
 * person with a sign-in link for the admin to hand over (there is no e-mail here).
 */
export async function createAdminUser(input: AdminUserCreate): Promise<AdminUserCreated> {
  const body = adminUserCreateSchema.parse(input)
  const { data } = await api.post('/admin/users', {
    body,
    schema: recordOf(adminUserCreatedSchema),
  })
  return data
}

/** Every user list follows (the new person shows in them). */
export const useCreateAdminUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKeys.userLists() }),
  })
}
