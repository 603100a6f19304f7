import type { City } from '@/schemas/city'
import type { PageContent, Story } from '@/schemas/content'
import type { CityPrefix } from '@/schemas/site-pages'
import { cityVars, fillPlaceholders } from '../content/placeholders'
import { StoryPage } from './StoryPage'

/** /contabilidade-em/{city}-{state} and /contador-em/{city}-{state}: the template, for a city. */
export function CityPage({
  city,
  template,
  prefix,
}: {
  city: City
  template: Story<PageContent>
  prefix: CityPrefix
}) {
  const story = fillPlaceholders(template, cityVars(city))
  return <StoryPage story={story} path={`/${prefix}/${city.slug}`} />
}
