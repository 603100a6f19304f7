import { useMutation } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { userCreateSchema, userSchema, type User, type UserCreate } from '@/schemas/user'
import { api } from '@/services/api'
import { queryClient } from '@/services/query'

/** POST /users (sign-up, public): creates the account, a pending company and its track. */
export { userCreateSchema as createUserInputSchema }

export async function createUser(input: UserCreate): Promise<User> {
  const body = userCreateSchema.parse(input)
  const { data } = await api.post('/users', {
    body,
    auth: false,
    schema: recordOf(userSchema),
  })
  return data
}

/**
 * The tab's one client, given to the hook: the sign-up form is on the login page, which a
 * signed-out visit renders without React Query's provider (it loads none for signing in).
 */
export const useCreateUser = () =>
  useMutation({ mutationKey: ['users', 'create'], mutationFn: createUser }, queryClient)
