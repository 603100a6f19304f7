import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { recordOf } from '@/schemas/common'
import { competenceSchema } from '@/schemas/document'
import {
  closeMonthsInputSchema,
  closeOutcomeSchema,
  type CloseOutcome,
} from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

export const closeMonthsRequestSchema = z.object({
  period: competenceSchema,
  body: closeMonthsInputSchema,
})
export type CloseMonthsRequest = z.input<typeof closeMonthsRequestSchema>

/** POST /simples/{period}/close: several months at once; each says whether it closed or why not. */
export async function closeMonths(input: CloseMonthsRequest): Promise<CloseOutcome[]> {
  const { period, body } = closeMonthsRequestSchema.parse(input)
  const { data } = await api.post(`/simples/${period}/close`, {
    body,
    schema: recordOf(closeOutcomeSchema.array()),
  })
  return data
}

export function useCloseMonths() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: closeMonths,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simplesKeys.all }),
  })
}
