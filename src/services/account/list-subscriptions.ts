import { queryOptions } from '@tanstack/react-query'
import { subscriptionListQuerySchema, subscriptionRecordSchema } from '@/schemas/billing'
import { listOf } from '@/schemas/common'
import { api } from '@/services/api'
import { accountKeys } from './keys'

/** GET /subscriptions?companyId: the company's subscriptions, newest first. */
export const listSubscriptionsInputSchema = subscriptionListQuerySchema

export async function listSubscriptions(companyId: string, signal?: AbortSignal) {
  const query = listSubscriptionsInputSchema.parse({ companyId })
  const { data } = await api.get('/subscriptions', {
    query,
    schema: listOf(subscriptionRecordSchema),
    signal,
  })
  return data
}

export const subscriptionsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: accountKeys.subscriptions(companyId),
    queryFn: ({ signal }) => listSubscriptions(companyId, signal),
  })
