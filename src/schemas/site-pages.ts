import { storyPath } from './content'
import { cnaeSlug } from './slug'

// Every public address the site has, from the published stories and the reference data: the
// build prerenders exactly these pages and lists exactly these in the sitemaps, and the dev server
// serves the same sitemaps (scripts/vite). Pure data, so the build scripts can use it too.

export type CityPrefix = 'contabilidade-em' | 'contador-em'
export const CITY_PREFIXES: readonly CityPrefix[] = ['contabilidade-em', 'contador-em']

/** Stories that are page templates (city and CNAE pages). */
export const TEMPLATE_SLUGS = {
  'contabilidade-em': 'modelos/contabilidade-em',
  'contador-em': 'modelos/contador-em',
  cnae: 'modelos/cnae',
} as const

/** Stories that are pages of their own, at their story path; the site has a route for each. */
const STORY_PAGE =
  /^(home|abrir-empresa|trocar-contador|blog|tools\/cnae|lp\/irpf\/20(24|25)|areas\/[a-z0-9-]+)$/
const POST_PAGE = /^blog\/posts\/[a-z0-9-]+$/

export type SitePage =
  | { kind: 'story'; path: string; slug: string; lastmod: string | null }
  | { kind: 'post'; path: string; slug: string; lastmod: string | null }
  | { kind: 'city'; path: string; prefix: CityPrefix; citySlug: string; lastmod: string | null }
  | { kind: 'cnae'; path: string; code: string; lastmod: string | null }

export type StoryListing = { full_slug: string; published_at: string | null }

/** The sitemap files, in order, and which pages each one lists. */
export const SITEMAP_FILES: { file: string; holds: (page: SitePage) => boolean }[] = [
  { file: 'sitemaps/paginas.xml', holds: (page) => page.kind === 'story' || page.kind === 'post' },
  {
    file: 'sitemaps/contabilidade-em.xml',
    holds: (page) => page.kind === 'city' && page.prefix === 'contabilidade-em',
  },
  {
    file: 'sitemaps/contador-em.xml',
    holds: (page) => page.kind === 'city' && page.prefix === 'contador-em',
  },
  { file: 'sitemaps/cnae.xml', holds: (page) => page.kind === 'cnae' },
]

export function sitePages({
  stories,
  citySlugs,
  cnaes,
}: {
  /** Every published story (only the slug and the publication date are read). */
  stories: StoryListing[]
  citySlugs: string[]
  cnaes: { code: string; text: string }[]
}): SitePage[] {
  const published = new Map(stories.map((story) => [story.full_slug, story.published_at]))
  const pages: SitePage[] = []
  for (const story of stories) {
    const slug = story.full_slug
    if (STORY_PAGE.test(slug))
      pages.push({ kind: 'story', path: storyPath(slug), slug, lastmod: story.published_at })
    else if (POST_PAGE.test(slug))
      pages.push({ kind: 'post', path: storyPath(slug), slug, lastmod: story.published_at })
  }
  pages.sort((a, b) => a.path.localeCompare(b.path))
  // A template that is not published has no pages.
  for (const prefix of CITY_PREFIXES) {
    if (!published.has(TEMPLATE_SLUGS[prefix])) continue
    const lastmod = published.get(TEMPLATE_SLUGS[prefix]) ?? null
    for (const citySlug of citySlugs)
      pages.push({ kind: 'city', path: `/${prefix}/${citySlug}`, prefix, citySlug, lastmod })
  }
  if (published.has(TEMPLATE_SLUGS.cnae)) {
    const lastmod = published.get(TEMPLATE_SLUGS.cnae) ?? null
    for (const cnae of cnaes)
      pages.push({
        kind: 'cnae',
        path: `/tools/cnae/${cnaeSlug(cnae.code, cnae.text)}`,
        code: cnae.code,
        lastmod,
      })
  }
  return pages
}

/** The file a prerendered page is written to: `/` → index.html, `/a/b` → a/b.html. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`)
