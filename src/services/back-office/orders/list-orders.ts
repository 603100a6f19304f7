import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import { orderListQuerySchema, orderSchema, type Order } from '@/schemas/order'
import { api } from '@/services/api'
import { backOfficeKeys, type ListOrdersInput, type OrderTrack } from '../keys'

export type { OrderTrack } from '../keys'
export const listOrdersInputSchema = orderListQuerySchema
export type { ListOrdersInput } from '../keys'

const paths: Record<OrderTrack, string> = {
  'create-company': '/companies/orders/opening-requests',
  'migrate-company': '/companies/orders/migration-requests',
}

/**
 * GET /companies/orders/opening-requests and /migration-requests (docs/product.md §7): the companies
 * on each track, newest first, 10 a page.
 */
export async function listOrders(
  trackId: OrderTrack,
  input: ListOrdersInput,
  signal?: AbortSignal,
): Promise<List<Order>> {
  const query = listOrdersInputSchema.parse(input)
  return api.get(paths[trackId], { query, schema: listOf(orderSchema), signal })
}

export const ordersQueryOptions = (trackId: OrderTrack, input: ListOrdersInput) =>
  queryOptions({
    queryKey: backOfficeKeys.orderQueue(trackId, input),
    queryFn: ({ signal }) => listOrders(trackId, input, signal),
    placeholderData: keepPreviousData,
  })
