import { queryOptions } from '@tanstack/react-query'
import { idSchema, listOf } from '@/schemas/common'
import { companyGuideSchema } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

export const listGuidesInputSchema = idSchema

/**
 * GET /companies/{id}/guides: the guides to pay, due first; an overdue one comes without its
 * expired line (a recalculated guide replaces it).
 */
export async function listGuides(companyId: string, signal?: AbortSignal) {
  const id = listGuidesInputSchema.parse(companyId)
  return api.get(`/companies/${encodeURIComponent(id)}/guides`, {
    schema: listOf(companyGuideSchema),
    signal,
  })
}

export const guidesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: simplesKeys.guides(companyId),
    queryFn: ({ signal }) => listGuides(companyId, signal),
  })
