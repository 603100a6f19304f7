import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { listOf } from '@/schemas/common'
import { competenceSchema } from '@/schemas/document'
import { simplesQueueQuerySchema, simplesQueueRowSchema } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

export const listQueueInputSchema = simplesQueueQuerySchema.extend({ period: competenceSchema })
export type ListQueueInput = z.input<typeof listQueueInputSchema>

/**
 * GET /simples/{period} (the accountant): every active Simples Nacional and MEI company with its
 * month — DAS, situation, what is missing — 25 a page.
 */
export async function listQueue(input: ListQueueInput, signal?: AbortSignal) {
  const { period, ...query } = listQueueInputSchema.parse(input)
  return api.get(`/simples/${period}`, {
    query,
    schema: listOf(simplesQueueRowSchema),
    signal,
  })
}

export const queueQueryOptions = (input: ListQueueInput) =>
  queryOptions({
    queryKey: simplesKeys.queue(input),
    queryFn: ({ signal }) => listQueue(input, signal),
    placeholderData: keepPreviousData,
  })
