import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { stepIdSchema, trackSchema, type Track } from '@/schemas/track'
import { api } from '@/services/api'
import { companyKeys } from '@/services/companies'
import { onboardingKeys } from './keys'

export const saveStepInputSchema = z.object({
  companyId: idSchema,
  stepId: stepIdSchema,
  payload: z.record(z.string(), z.unknown()),
  /** A draft keeps the work in progress (the step starts); otherwise the step is completed. */
  draft: z.boolean().default(false),
})
export type SaveStepInput = z.input<typeof saveStepInputSchema>

/**
 * POST /companies/{id}/steps/{stepId} (docs/product.md §7): a draft of the step (`draft: true`), or
 * the step's payload to complete it (or revise it, when it is done and the next one has not
 * started). The server checks it with the same schema and the track statechart; it answers the
 * track.
 */
export async function saveStep(input: SaveStepInput): Promise<Track> {
  const { companyId, stepId, payload, draft } = saveStepInputSchema.parse(input)
  const { data } = await api.post(
    `/companies/${encodeURIComponent(companyId)}/steps/${encodeURIComponent(stepId)}`,
    { body: draft ? { payload, draft: true } : { payload }, schema: recordOf(trackSchema) },
  )
  return data
}

/**
 * Saves a step. The answer is the track, so the cache takes it at once; a completed step may also
 * have changed the company (name, address, type, CNPJ, status), so the company is refetched, and
 * with it the session, header and gates (a finished track sends the client to the panel).
 */
export function useSaveStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...onboardingKeys.all, 'save-step'],
    mutationFn: saveStep,
    onSuccess: async (track, { companyId, draft }) => {
      queryClient.setQueryData(companyKeys.track(companyId), track)
      if (draft) return
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.track(companyId) }),
      ])
    },
  })
}
