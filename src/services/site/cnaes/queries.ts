import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { fetchCnae, searchCnaes, type CnaeSearch } from './api'

// React Query options for the signed-in area (the opening wizard's activity picker). The public
// pages read CNAEs through route loaders and keep React Query out of their first load.

export const cnaeSearchQueryOptions = (params: CnaeSearch) =>
  queryOptions({
    queryKey: ['cnaes', 'search', params],
    queryFn: ({ signal }) => searchCnaes(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60 * 60_000,
  })

export const cnaeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['cnaes', code],
    queryFn: ({ signal }) => fetchCnae(code, signal),
    staleTime: 60 * 60_000,
  })

export const useCnaeSearch = (params: CnaeSearch) => useQuery(cnaeSearchQueryOptions(params))
export const useCnae = (code: string) => useQuery(cnaeQueryOptions(code))
