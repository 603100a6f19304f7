import type { City } from '@/schemas/city'
import type { List } from '@/schemas/common'
import { sameOriginApi } from '@/services/api'

// City search (docs/product.md §7 `GET /api/city-search`, q, limit 5) and the city of a city page.
// Same-origin calls, like the address lookup: the web server forwards /api to the service.

/** docs/product.md §9: city search answers 5 at a time. */
export const CITY_SEARCH_LIMIT = 5

export const searchCities = (q: string, signal?: AbortSignal, limit = CITY_SEARCH_LIMIT) =>
  sameOriginApi.get<List<City>>('/api/city-search', { query: { q, limit }, auth: false, signal })

export async function fetchCity(slug: string, signal?: AbortSignal): Promise<City> {
  const answer = await sameOriginApi.get<{ data: City }>(
    `/api/cities/${encodeURIComponent(slug)}`,
    {
      auth: false,
      signal,
    },
  )
  return answer.data
}
