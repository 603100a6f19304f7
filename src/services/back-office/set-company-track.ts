import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { companySchema, trackIdSchema } from '@/schemas/company'
import { trackSchema } from '@/schemas/track'
import { api } from '@/services/api'
import { companyKeys } from '@/services/companies'
import { backOfficeKeys } from './keys'

export const setCompanyTrackInputSchema = z.object({ companyId: idSchema, trackId: trackIdSchema })
export type SetCompanyTrackInput = z.input<typeof setCompanyTrackInputSchema>

const answerSchema = recordOf(z.object({ company: companySchema, track: trackSchema }))

/**
 * PUT /companies/{id}/track/{track} (docs/product.md §7): the company starts the other track from
 * its first step (what the old track had is dropped); 409 once it is past `pending` or paid.
 */
export async function setCompanyTrack(input: SetCompanyTrackInput) {
  const { companyId, trackId } = setCompanyTrackInputSchema.parse(input)
  const { data } = await api.put(
    `/companies/${encodeURIComponent(companyId)}/track/${encodeURIComponent(trackId)}`,
    { body: {}, schema: answerSchema },
  )
  return data
}

/**
 * The company (its trackId), its track, the lists (the track column) and the order queues (the
 * company moves from one to the other) follow the change.
 */
export const useSetCompanyTrack = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setCompanyTrack,
    onSuccess: (_answer, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.track(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.orders() }),
      ]),
  })
}
