import { queryOptions, useQuery } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { companySchema, type Company } from '@/schemas/company'
import { api } from '@/services/api'
import { companyKeys } from './keys'

/** GET /companies/{id} (docs/product.md §7): one company, `{ data }`. */
export const getCompanyInputSchema = idSchema

export async function getCompany(companyId: string, signal?: AbortSignal): Promise<Company> {
  const id = getCompanyInputSchema.parse(companyId)
  const { data } = await api.get(`/companies/${encodeURIComponent(id)}`, {
    schema: recordOf(companySchema),
    signal,
  })
  return data
}

export const companyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  })

export const useCompany = (companyId: string) => useQuery(companyQueryOptions(companyId))
