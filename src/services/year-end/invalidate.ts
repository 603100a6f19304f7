import type { QueryClient } from '@tanstack/react-query'
import { documentKeys } from '@/services/documents'
import { simplesKeys } from '@/services/simples'
import { yearEndKeys } from './keys'

/**
 * What a change to a company's year invalidates: its year's data, the year-end queue, and — a
 * distribution may (re)issue a DARF 1841 — its guides and documents.
 */
export const invalidateYear = (queryClient: QueryClient, companyId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: yearEndKeys.company(companyId) }),
    queryClient.invalidateQueries({ queryKey: yearEndKeys.queues() }),
    queryClient.invalidateQueries({ queryKey: simplesKeys.guides(companyId) }),
    queryClient.invalidateQueries({ queryKey: documentKeys.company(companyId) }),
  ])
