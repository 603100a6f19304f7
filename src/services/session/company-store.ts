import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import type { CompanyData } from '@/machines/session'
import type { Company, CompanyStatus } from '@/schemas/company'
import type { Track } from '@/schemas/track'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import type { CompanyStore } from './types'

/** How often a company the accountant is working on is read again. */
export const ACCOUNTANT_POLL_MS = 10_000

/** Statuses in which the next move is the accountant's: awaiting the guide, registering, migrating. */
const accountantWorking = (status: CompanyStatus | undefined) =>
  status === 'awaiting_opening' || status === 'opening' || status === 'migrating'

/**
 * The session's view of the company and its track: the query cache, through the same query
 * options every screen uses. The session keeps ids; the cache keeps the records, so a step saved
 * or a status changed anywhere shows everywhere (header, gates, panel, wizard) without a reload.
 */
export function createCompanyStore(
  queryClient: QueryClient,
  options: {
    company: (companyId: string) => ReturnType<typeof companyQueryOptions>
    track: (companyId: string) => ReturnType<typeof companyStepsQueryOptions>
  } = { company: companyQueryOptions, track: companyStepsQueryOptions },
): CompanyStore {
  return {
    async load(companyId, { fresh }) {
      // `fresh`: the server's copy even when the cache holds one (after a step or a retry).
      const fresher = fresh ? { staleTime: 0 } : {}
      await Promise.all([
        queryClient.fetchQuery({ ...options.company(companyId), ...fresher }),
        queryClient.fetchQuery({ ...options.track(companyId), ...fresher }),
      ])
    },
    read(companyId): CompanyData {
      return {
        company: queryClient.getQueryData<Company>(options.company(companyId).queryKey) ?? null,
        track: queryClient.getQueryData<Track>(options.track(companyId).queryKey) ?? null,
      }
    },
    watch(companyId, onChange) {
      // Observers keep both queries active: never garbage-collected while the session works on
      // this company, and refetched when a mutation invalidates them. While the accountant is the
      // one moving the company on (another person, in another browser), they are read again every
      // few seconds, so the client's header, gates, panel and wizard follow without a reload.
      const companyKey = options.company(companyId).queryKey
      const refetchInterval = () =>
        accountantWorking(queryClient.getQueryData<Company>(companyKey)?.status)
          ? ACCOUNTANT_POLL_MS
          : false
      const observers = [
        new QueryObserver(queryClient, { ...options.company(companyId), refetchInterval }),
        new QueryObserver(queryClient, { ...options.track(companyId), refetchInterval }),
      ]
      const stops = observers.map((observer) => observer.subscribe(() => onChange()))
      return () => stops.forEach((stop) => stop())
    },
  }
}
