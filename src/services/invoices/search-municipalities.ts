import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { citySchema, type City } from '@/schemas/city'
import { listOf } from '@/schemas/common'
import { sameOriginApi } from '@/services/api'
import { invoiceKeys } from './keys'

/** Municipalities a search offers at once (docs/product.md §9: the city search answers 5). */
export const MUNICIPALITY_SEARCH_LIMIT = 5

/**
 * GET /api/city-search (docs/product.md §7: q, limit 5; same origin, accents and case ignored): the
 * municipalities (IBGE) whose name matches, for the invoice's place of service.
 */
export async function searchMunicipalities(query: string, signal?: AbortSignal): Promise<City[]> {
  const { data } = await sameOriginApi.get('/api/city-search', {
    query: { q: query.trim(), limit: MUNICIPALITY_SEARCH_LIMIT },
    auth: false,
    schema: listOf(citySchema),
    signal,
  })
  return data
}

export const municipalitiesQueryOptions = (query: string) =>
  queryOptions({
    queryKey: invoiceKeys.municipalities(query.trim().toLowerCase()),
    queryFn: ({ signal }) => searchMunicipalities(query, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  })

export const useMunicipalities = (query: string, enabled: boolean) =>
  useQuery({ ...municipalitiesQueryOptions(query), enabled })
