import type { QueryClient } from '@tanstack/react-query'
import { companyKeys } from '@/services/companies'
import { backOfficeKeys } from '../keys'

/**
 * What a track action changes: the company and its track (the client's screens follow), the
 * order and every queue, the company lists and its status history.
 */
export const invalidateOrder = (queryClient: QueryClient, companyId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
    queryClient.invalidateQueries({ queryKey: companyKeys.track(companyId) }),
    queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: backOfficeKeys.orders() }),
    queryClient.invalidateQueries({ queryKey: backOfficeKeys.statusHistory(companyId) }),
  ])
