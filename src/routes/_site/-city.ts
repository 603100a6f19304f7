import { splitCitySlug } from '@/schemas/slug'

// /contabilidade-em/{city}-{state} and /contador-em/{city}-{state}: one path segment, split at
// its last '-' into the typed params city and state (docs/product.md §2). The loader is in
// -city-loader.ts, the head in -page-heads.ts.

export type { CityPrefix } from '@/schemas/site-pages'

export type CityParams = { slug: string; city: string; state: string }

export const cityParams = {
  /** A segment that cannot be a city (no "-uf" at the end) does not match: the 404 page. */
  parse: ({ slug }: { slug: string }): CityParams | false => {
    const parts = splitCitySlug(slug)
    return parts ? { slug, ...parts } : false
  },
  stringify: ({ city, state }: CityParams) => ({ slug: `${city}-${state.toLowerCase()}` }),
}
