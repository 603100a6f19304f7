import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { listOf } from '@/schemas/common'
import { yearEndQueueQuerySchema, yearEndRowSchema } from '@/schemas/year-end'
import { api } from '@/services/api'
import { yearEndKeys } from './keys'

export const listYearEndInputSchema = yearEndQueueQuerySchema.extend({
  year: z.number().int().min(2018).max(2099),
})
export type ListYearEndInput = z.input<typeof listYearEndInputSchema>

/**
 * GET /year-end/{year} (the accountant): every client company's DEFIS or DASN-SIMEI status, the
 * income reports sent and the profits above the exempt amount, 25 a page.
 */
export async function listYearEnd(input: ListYearEndInput, signal?: AbortSignal) {
  const { year, ...query } = listYearEndInputSchema.parse(input)
  return api.get(`/year-end/${year}`, { query, schema: listOf(yearEndRowSchema), signal })
}

export const yearEndQueueQueryOptions = (input: ListYearEndInput) =>
  queryOptions({
    queryKey: yearEndKeys.queue(input),
    queryFn: ({ signal }) => listYearEnd(input, signal),
    placeholderData: keepPreviousData,
  })
