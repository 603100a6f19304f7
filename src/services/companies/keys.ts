import type { z } from 'zod'
import type { companyListQuerySchema } from '@/schemas/company'

// The inputs of the feature's lists live beside their keys (each list's fetcher imports them
// from here), so the factory depends on schemas only and no list file imports back into it.
export type ListCompaniesInput = z.input<typeof companyListQuerySchema>

/**
 * Query keys for companies, from one factory (CONTRIBUTING.md "Data through the router"). The
 * record and its track sit under separate branches, so invalidating one never refetches the other.
 */
export const companyKeys = {
  all: ['companies'] as const,
  details: () => [...companyKeys.all, 'detail'] as const,
  detail: (companyId: string) => [...companyKeys.details(), companyId] as const,
  tracks: () => [...companyKeys.all, 'track'] as const,
  track: (companyId: string) => [...companyKeys.tracks(), companyId] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (input: ListCompaniesInput) => [...companyKeys.lists(), input] as const,
  /** The signed-in person's own companies (the selector), per user. */
  mine: (uid: string) => [...companyKeys.all, 'mine', uid] as const,
}
