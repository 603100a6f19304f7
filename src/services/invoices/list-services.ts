import { queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import { nfsServiceListQuerySchema, nfsServiceSchema, type NfsService } from '@/schemas/invoice'
import { api } from '@/services/api'
import { invoiceKeys } from './keys'

/** How many of the company's services the form offers. */
export const SERVICES_LIMIT = 50

/** GET /nfs/services?companyId: the company's services, the last used first. */
export async function listServices(
  companyId: string,
  signal?: AbortSignal,
): Promise<List<NfsService>> {
  const query = nfsServiceListQuerySchema.parse({ companyId, limit: SERVICES_LIMIT })
  return api.get('/nfs/services', { query, schema: listOf(nfsServiceSchema), signal })
}

export const servicesQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: invoiceKeys.services(companyId),
    queryFn: ({ signal }) => listServices(companyId, signal),
  })

export const useServices = (companyId: string) => useQuery(servicesQueryOptions(companyId))
