import { queryOptions, useQuery } from '@tanstack/react-query'
import { listOf } from '@/schemas/common'
import { companySchema, type Company } from '@/schemas/company'
import type { List } from '@/schemas/common'
import { api } from '@/services/api'
import { companyKeys } from './keys'

/** GET /companies/me: the caller's own companies, for the company selector. */
export async function listMyCompanies(signal?: AbortSignal): Promise<List<Company>> {
  return api.get('/companies/me', { schema: listOf(companySchema), signal })
}

/** Keyed by user, so another account on the same browser never sees a cached list. */
export const myCompaniesQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: companyKeys.mine(uid),
    queryFn: ({ signal }) => listMyCompanies(signal),
  })

export const useMyCompanies = (uid: string | undefined, enabled = true) =>
  useQuery({ ...myCompaniesQueryOptions(uid ?? ''), enabled: enabled && Boolean(uid) })
