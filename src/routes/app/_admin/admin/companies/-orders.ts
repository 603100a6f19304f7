import { ordersQueryOptions, type OrderTrack } from '@/services/back-office'
import type { QueryClient } from '@tanstack/react-query'
import { ordersInput, type OrdersSearch } from '@/screens/back-office/orders/orders-search'

/** A queue's page into the cache before its screen renders. */
export const loadOrders = (queryClient: QueryClient, trackId: OrderTrack, search: OrdersSearch) =>
  queryClient.ensureQueryData(ordersQueryOptions(trackId, ordersInput(search)))
