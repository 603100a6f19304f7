import type { PageContent } from '@/schemas/content'
import { fetchCity } from '@/services/site/cities/api'
import { loadRecord, loadStory } from './-content'
import type { CityParams, CityPrefix } from './-city'

/** The city (any of the 5,571; an unknown one is the 404 page) and its page template. */
export async function loadCityPage(prefix: CityPrefix, { city, state }: CityParams) {
  const [record, template] = await Promise.all([
    loadRecord(() => fetchCity(`${city}-${state.toLowerCase()}`)),
    loadStory<PageContent>(`modelos/${prefix}`),
  ])
  return { city: record, template }
}
