import { queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import {
  nfsSchedulerListQuerySchema,
  nfsSchedulerViewSchema,
  type NfsSchedulerView,
} from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys } from './keys'

/** GET /nfs/schedulers?companyId (docs/product.md §7), with each one's next issue date. */
/** A company has few schedules: the list reads them all (up to the API's 100). */
export const SCHEDULERS_LIMIT = 100

export async function listSchedulers(
  companyId: string,
  signal?: AbortSignal,
): Promise<List<NfsSchedulerView>> {
  const query = nfsSchedulerListQuerySchema.parse({ companyId, limit: SCHEDULERS_LIMIT })
  return api.get('/nfs/schedulers', { query, schema: listOf(nfsSchedulerViewSchema), signal })
}

export const schedulersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: invoiceKeys.schedulers(companyId),
    queryFn: ({ signal }) => listSchedulers(companyId, signal),
  })

export const useSchedulers = (companyId: string) => useQuery(schedulersQueryOptions(companyId))
