import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import {
  isPhotoType,
  MAX_PHOTO_BYTES,
  photoAnswerSchema,
  profileMessages,
  profileUpdateSchema,
  type ProfileUpdate,
} from '@/schemas/profile'
import { userSchema, type User } from '@/schemas/user'
import { api, ApiError } from '@/services/api'
import { accountKeys } from './keys'

/** GET /users/me: the signed-in person's record (name, mobile, e-mail). */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const { data } = await api.get('/users/me', { schema: recordOf(userSchema), signal })
  return data
}

export const meQueryOptions = (uid: string) =>
  queryOptions({ queryKey: accountKeys.me(uid), queryFn: ({ signal }) => getMe(signal) })

/** PATCH /users/{id}: name and mobile (the server also sets the identity service's name). */
export const updateProfileInputSchema = profileUpdateSchema.extend({ uid: idSchema })

export async function updateProfile(input: ProfileUpdate & { uid: string }): Promise<User> {
  const { uid, ...body } = updateProfileInputSchema.parse(input)
  const { data } = await api.patch(`/users/${encodeURIComponent(uid)}`, {
    body,
    schema: recordOf(userSchema),
  })
  return data
}

export const useUpdateProfile = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(accountKeys.me(user.id), user),
  })
}

/** The checks the server makes on a photo, before sending it (type and size). */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isPhotoType(file.type)) return profileMessages.photoType
  if (file.size > MAX_PHOTO_BYTES) return profileMessages.photoTooLarge
  return null
}

/** PUT /users/{id}/photo (multipart `photo`): the new photo's address. */
export async function uploadPhoto(input: { uid: string; file: File }): Promise<string | null> {
  const uid = idSchema.parse(input.uid)
  const problem = photoProblem(input.file)
  if (problem) throw new ApiError(400, problem)
  const form = new FormData()
  form.append('photo', input.file, input.file.name)
  const { data } = await api.put(`/users/${encodeURIComponent(uid)}/photo`, {
    form,
    schema: recordOf(photoAnswerSchema),
  })
  return data.photoUrl
}

/** DELETE /users/{id}/photo. */
export async function removePhoto(uid: string): Promise<void> {
  await api.delete(`/users/${encodeURIComponent(idSchema.parse(uid))}/photo`, {
    schema: recordOf(photoAnswerSchema),
  })
}

/** The photo lives in the identity service's profile: the session reads it again afterwards. */
export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto })
export const useRemovePhoto = () => useMutation({ mutationFn: removePhoto })

/** DELETE /users/{id}: the account and its sign-in are gone; the caller signs out next. */
export async function deleteAccount(uid: string): Promise<void> {
  await api.delete(`/users/${encodeURIComponent(idSchema.parse(uid))}`)
}

export const useDeleteAccount = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (_answer, uid) => queryClient.removeQueries({ queryKey: accountKeys.user(uid) }),
  })
}
