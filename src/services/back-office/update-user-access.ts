import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { userAccessSchema, userSchema, type User } from '@/schemas/user'
import { api } from '@/services/api'
import { backOfficeKeys } from './keys'

export const updateUserAccessInputSchema = z.object({ userId: idSchema, access: userAccessSchema })
export type UpdateUserAccessInput = z.input<typeof updateUserAccessInputSchema>

/**
 * PATCH /users/{id} (docs/product.md §7) with roles and companies, admin only; the server keeps the
 * identity service's claims in step and refuses taking away one's own system-admin role (409).
 */
export async function updateUserAccess(input: UpdateUserAccessInput): Promise<User> {
  const { userId, access } = updateUserAccessInputSchema.parse(input)
  const { data } = await api.patch(`/users/${encodeURIComponent(userId)}`, {
    body: access,
    schema: recordOf(userSchema),
  })
  return data
}

/** The person and every user list (roles and companies show there) follow the change. */
export const useUpdateUserAccess = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUserAccess,
    onSuccess: (_user, { userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.user(userId) }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.userLists() }),
      ]),
  })
}
