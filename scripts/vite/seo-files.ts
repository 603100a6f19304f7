import type { Plugin } from 'vite'
import { storyPath } from '../../src/schemas/content'
import { cnaeSlug } from '../../src/schemas/slug'
import { cityDirectory } from '../../mock-server/reference/cities'
import { cnaeCatalog } from '../../mock-server/reference/cnaes'
import { contentSpace } from '../../mock-server/content/space'
import { buildServices, fetchPublishedSlugs } from './content-slugs'

// robots.txt and the sitemaps, written by the build (issue 4 "Findable"): every public page,
// the 5,571 municipalities under both city prefixes and all 1,332 CNAE subclasses. Large, so
// it is a sitemap index pointing at one sitemap per kind of page.
//
// Content pages come from the content service the build points at (VITE_STORYBLOK_ENDPOINT);
// when that is the local stand-in and it is not running, from the same fixtures it serves.
// Cities and CNAEs are reference data (fixtures/reference).

type Entry = { path: string; lastmod?: string | null }

/** Stories that are templates or parts of pages, not pages of their own. */
const NOT_PAGES = /^(modelos|planos|depoimentos)\//

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function urlset(site: string, entries: Entry[]) {
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${xmlEscape(site + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function sitemapIndex(site: string, files: string[], lastmod: string) {
  const items = files
    .map(
      (file) =>
        `  <sitemap><loc>${xmlEscape(`${site}/${file}`)}</loc><lastmod>${lastmod.slice(0, 10)}</lastmod></sitemap>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`
}

/** Every public page (the sitemap's "pages" file), from the content service's stories. */
export async function contentPages(endpoint: string, token: string): Promise<Entry[]> {
  let stories: { full_slug: string; published_at: string | null }[]
  try {
    stories = await fetchPublishedSlugs(endpoint, token)
  } catch (error) {
    if (!/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(endpoint)) throw error
    stories = contentSpace().stories.published
  }
  const pages = stories
    .filter((story) => !NOT_PAGES.test(story.full_slug))
    .map((story) => ({ path: storyPath(story.full_slug), lastmod: story.published_at }))
  return pages.sort((a, b) => a.path.localeCompare(b.path))
}

export function seoFiles(): Plugin {
  let site = 'http://localhost:5173'
  let services = buildServices({})
  return {
    name: 'contabil:seo-files',
    apply: 'build',
    configResolved(config) {
      site = (config.env.VITE_SITE_URL || site).replace(/\/+$/, '')
      services = buildServices(config.env)
    },
    async generateBundle() {
      const now = new Date().toISOString()
      const pages = await contentPages(services.contentEndpoint, services.contentToken)
      const cities = cityDirectory().all
      const sitemaps: Record<string, Entry[]> = {
        'sitemaps/paginas.xml': pages,
        'sitemaps/contabilidade-em.xml': cities.map((city) => ({
          path: `/contabilidade-em/${city.slug}`,
        })),
        'sitemaps/contador-em.xml': cities.map((city) => ({ path: `/contador-em/${city.slug}` })),
        'sitemaps/cnae.xml': cnaeCatalog().all.map((cnae) => ({
          path: `/tools/cnae/${cnaeSlug(cnae.code, cnae.text)}`,
        })),
      }
      for (const [fileName, entries] of Object.entries(sitemaps))
        this.emitFile({ type: 'asset', fileName, source: urlset(site, entries) })
      this.emitFile({
        type: 'asset',
        fileName: 'sitemap.xml',
        source: sitemapIndex(site, Object.keys(sitemaps), now),
      })
      this.emitFile({
        type: 'asset',
        fileName: 'robots.txt',
        source: [
          '# Contabil',
          'User-agent: *',
          'Allow: /',
          // The signed-in area is not for search engines.
          'Disallow: /app/',
          'Disallow: /links/',
          '',
          `Sitemap: ${site}/sitemap.xml`,
          '',
        ].join('\n'),
      })
    },
  }
}
