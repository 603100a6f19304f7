import { useMutation, useQueryClient } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import {
  ducaPartnerSchema,
  ducaRegistrationSchema,
  type DucaPartner,
  type DucaRegistration,
} from '@/schemas/engagement'
import { api } from '@/services/api'
import { partnerKeys } from './keys'

export const applyDucaInputSchema = ducaRegistrationSchema

/** POST /partners/duca: applies to the programme (a second application answers 409). */
export async function applyDuca(input: DucaRegistration): Promise<DucaPartner> {
  const body = applyDucaInputSchema.parse(input)
  const { data } = await api.post('/partners/duca', {
    body,
    schema: recordOf(ducaPartnerSchema),
  })
  return data
}

/** The application is the caller's from now on: the cache takes it. */
export function useApplyDuca(uid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyDuca,
    onSuccess: (partner) => queryClient.setQueryData(partnerKeys.application(uid), partner),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.user(uid) }),
  })
}
