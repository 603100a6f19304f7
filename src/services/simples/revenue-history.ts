import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  revenueHistoryInputSchema,
  revenueHistorySchema,
  type RevenueHistory,
} from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

const companyInputSchema = z.object({ companyId: idSchema })

/**
 * GET /companies/{id}/revenue-history: the revenue of the months before the company's data here,
 * as the accountant declared it, the months it may hold and those the current month still lacks.
 */
export async function getRevenueHistory(
  input: z.input<typeof companyInputSchema>,
  signal?: AbortSignal,
): Promise<RevenueHistory> {
  const { companyId } = companyInputSchema.parse(input)
  const { data } = await api.get(`/companies/${encodeURIComponent(companyId)}/revenue-history`, {
    schema: recordOf(revenueHistorySchema),
    signal,
  })
  return data
}

export const revenueHistoryQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: simplesKeys.revenueHistory(companyId),
    queryFn: ({ signal }) => getRevenueHistory({ companyId }, signal),
  })

export const saveRevenueHistoryInputSchema = z.object({
  companyId: idSchema,
  history: revenueHistoryInputSchema,
})
export type SaveRevenueHistoryInput = z.input<typeof saveRevenueHistoryInputSchema>

/** PUT /companies/{id}/revenue-history (the accountant): replaces the months declared. */
export async function saveRevenueHistory(input: SaveRevenueHistoryInput): Promise<RevenueHistory> {
  const { companyId, history } = saveRevenueHistoryInputSchema.parse(input)
  const { data } = await api.put(`/companies/${encodeURIComponent(companyId)}/revenue-history`, {
    body: history,
    schema: recordOf(revenueHistorySchema),
  })
  return data
}

/** The history changes every month's RBT12 and what the month-close queue asks for. */
export function useSaveRevenueHistory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveRevenueHistory,
    onSuccess: (history, { companyId }) => {
      queryClient.setQueryData(simplesKeys.revenueHistory(companyId), history)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: simplesKeys.company(companyId) }),
        queryClient.invalidateQueries({ queryKey: simplesKeys.queues() }),
      ])
    },
  })
}
