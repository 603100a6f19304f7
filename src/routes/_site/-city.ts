import type { City } from '@/schemas/city'
import type { PageContent, Story } from '@/schemas/content'
import { splitCitySlug } from '@/schemas/slug'
import { cityVars, fillPlaceholders } from '@/screens/site/content/placeholders'
import { pageHead } from './-head'

export type CityPrefix = 'contabilidade-em' | 'contador-em'

// /contabilidade-em/{city}-{state} and /contador-em/{city}-{state}: one path segment, split at
// its last '-' into the typed params city and state (SPEC section 2). Kept free of services: the
// route files' params and head land in the first-load chunk; the loader is in -city-loader.ts.

export type CityParams = { slug: string; city: string; state: string }

export const cityParams = {
  /** A segment that cannot be a city (no "-uf" at the end) does not match: the 404 page. */
  parse: ({ slug }: { slug: string }): CityParams | false => {
    const parts = splitCitySlug(slug)
    return parts ? { slug, ...parts } : false
  },
  stringify: ({ city, state }: CityParams) => ({ slug: `${city}-${state.toLowerCase()}` }),
}

export function cityHead(
  prefix: CityPrefix,
  data: { city: City; template: Story<PageContent> } | undefined,
) {
  if (!data) return pageHead({ title: 'Contabilidade', path: `/${prefix}` })
  const filled = fillPlaceholders(
    {
      title: data.template.content.seo_title ?? '',
      description: data.template.content.seo_description ?? '',
    },
    cityVars(data.city),
  )
  return pageHead({
    title: filled.title,
    description: filled.description,
    path: `/${prefix}/${data.city.slug}`,
  })
}
