import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import type { CompanyData } from '@/machines/session'
import type { Company } from '@/schemas/company'
import type { Track } from '@/schemas/track'
import { companyQueryOptions, companyStepsQueryOptions } from '@/services/companies'
import type { CompanyStore } from './types'

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
      // this company, and refetched when a mutation invalidates them.
      const observers = [
        new QueryObserver(queryClient, options.company(companyId)),
        new QueryObserver(queryClient, options.track(companyId)),
      ]
      const stops = observers.map((observer) => observer.subscribe(() => onChange()))
      return () => stops.forEach((stop) => stop())
    },
  }
}
