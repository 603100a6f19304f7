import type { z } from 'zod'
import type { TrackId } from '@/schemas/company'
import type { nfsRequestSearchQuerySchema } from '@/schemas/invoice'
import type { orderListQuerySchema } from '@/schemas/order'
import type { adminUserListQuerySchema } from '@/schemas/user'

// The inputs of the feature's lists live beside their keys (each list's fetcher imports them
// from here), so the factory depends on schemas only and no list file imports back into it.
export type OrderTrack = TrackId
export type ListAdminUsersInput = z.input<typeof adminUserListQuerySchema>
export type SearchNfsRequestsInput = z.input<typeof nfsRequestSearchQuerySchema>
export type ListOrdersInput = z.input<typeof orderListQuerySchema>

/**
 * Query keys of the back office (CONTRIBUTING.md "Data through the router"). A company's data
 * starts with its id; users and NFS-e requests have their own branches, each with lists under
 * one prefix so a change invalidates every page and filter at once.
 */
export const backOfficeKeys = {
  all: ['back-office'] as const,
  company: (companyId: string) => [...backOfficeKeys.all, 'company', companyId] as const,
  statusHistory: (companyId: string) =>
    [...backOfficeKeys.company(companyId), 'status-history'] as const,
  statusHistoryPage: (companyId: string, page: { limit: number; offset: number }) =>
    [...backOfficeKeys.statusHistory(companyId), page] as const,
  users: () => [...backOfficeKeys.all, 'users'] as const,
  userLists: () => [...backOfficeKeys.users(), 'list'] as const,
  userList: (input: ListAdminUsersInput) => [...backOfficeKeys.userLists(), input] as const,
  user: (userId: string) => [...backOfficeKeys.users(), 'detail', userId] as const,
  nfsRequests: () => [...backOfficeKeys.all, 'nfs-requests'] as const,
  nfsQueues: () => [...backOfficeKeys.nfsRequests(), 'list'] as const,
  nfsQueue: (input: SearchNfsRequestsInput) => [...backOfficeKeys.nfsQueues(), input] as const,
  nfsRequest: (requestId: string) =>
    [...backOfficeKeys.nfsRequests(), 'detail', requestId] as const,
  /** Opening and migration orders: every queue under one prefix, each order its own. */
  orders: () => [...backOfficeKeys.all, 'orders'] as const,
  orderQueues: () => [...backOfficeKeys.orders(), 'list'] as const,
  orderQueue: (trackId: OrderTrack, input: ListOrdersInput) =>
    [...backOfficeKeys.orderQueues(), trackId, input] as const,
  order: (companyId: string) => [...backOfficeKeys.orders(), 'detail', companyId] as const,
}
