import { queryOptions } from '@tanstack/react-query'
import { idSchema, recordOf } from '@/schemas/common'
import { orderSchema, type Order } from '@/schemas/order'
import { api } from '@/services/api'
import { backOfficeKeys } from '../keys'

export const getOrderInputSchema = idSchema

/** GET /companies/orders/{id}: one order (a company on its track), with its owner and plan. */
export async function getOrder(companyId: string, signal?: AbortSignal): Promise<Order> {
  const id = getOrderInputSchema.parse(companyId)
  const { data } = await api.get(`/companies/orders/${encodeURIComponent(id)}`, {
    schema: recordOf(orderSchema),
    signal,
  })
  return data
}

export const orderQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: backOfficeKeys.order(companyId),
    queryFn: ({ signal }) => getOrder(companyId, signal),
  })
