import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, listOf, type List } from '@/schemas/common'
import {
  statusHistoryEntrySchema,
  statusHistoryQuerySchema,
  type StatusHistoryEntry,
} from '@/schemas/company'
import { api } from '@/services/api'
import { backOfficeKeys } from './keys'

export const statusHistoryInputSchema = statusHistoryQuerySchema.extend({ companyId: idSchema })
export type StatusHistoryInput = z.input<typeof statusHistoryInputSchema>

/** GET /companies/{id}/status-history: every status change, newest first, who by name. */
export async function getStatusHistory(
  input: StatusHistoryInput,
  signal?: AbortSignal,
): Promise<List<StatusHistoryEntry>> {
  const { companyId, ...page } = statusHistoryInputSchema.parse(input)
  return api.get(`/companies/${encodeURIComponent(companyId)}/status-history`, {
    query: page,
    schema: listOf(statusHistoryEntrySchema),
    signal,
  })
}

export const statusHistoryQueryOptions = (companyId: string, page = { limit: 20, offset: 0 }) =>
  queryOptions({
    queryKey: backOfficeKeys.statusHistoryPage(companyId, page),
    queryFn: ({ signal }) => getStatusHistory({ companyId, ...page }, signal),
  })
