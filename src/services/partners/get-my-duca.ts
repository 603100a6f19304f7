import { queryOptions } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { ducaPartnerSchema, type DucaPartner } from '@/schemas/engagement'
import { api } from '@/services/api'
import { partnerKeys } from './keys'

/** GET /partners/duca/me: the caller's application to the Duca programme, or null. */
export async function getMyDuca(signal?: AbortSignal): Promise<DucaPartner | null> {
  const { data } = await api.get('/partners/duca/me', {
    schema: recordOf(ducaPartnerSchema.nullable()),
    signal,
  })
  return data
}

export const myDucaQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: partnerKeys.application(uid),
    queryFn: ({ signal }) => getMyDuca(signal),
  })
