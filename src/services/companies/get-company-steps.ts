import { queryOptions, useQuery } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { trackSchema, type Track } from '@/schemas/track'
import { api } from '@/services/api'
import { companyKeys } from './keys'

/** GET /companies/{id}/steps (docs/product.md §7): the company's track with its steps, `{ data }`. */
export const getCompanyStepsInputSchema = idSchema

export async function getCompanySteps(companyId: string, signal?: AbortSignal): Promise<Track> {
  const id = getCompanyStepsInputSchema.parse(companyId)
  const { data } = await api.get(`/companies/${encodeURIComponent(id)}/steps`, {
    schema: recordOf(trackSchema),
    signal,
  })
  return data
}

export const companyStepsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.track(companyId),
    queryFn: ({ signal }) => getCompanySteps(companyId, signal),
  })

export const useCompanySteps = (companyId: string) => useQuery(companyStepsQueryOptions(companyId))
