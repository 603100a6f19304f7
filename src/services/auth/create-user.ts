import { useMutation } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { userCreateSchema, userSchema, type User, type UserCreate } from '@/schemas/user'
import { api } from '@/services/api'

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

export const useCreateUser = () =>
  useMutation({ mutationKey: ['users', 'create'], mutationFn: createUser })
