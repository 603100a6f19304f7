import type { ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { dayInBrazil } from '../../src/kernel/dates'
import { SITEMAP_FILES, sitePages, type SitePage } from '../../src/schemas/site-pages'
import { buildServices, fetchPublishedSlugs } from './content-slugs'
import { fixtureStories, referenceData } from './node-modules'

// robots.txt and the sitemaps (issue 4 "Findable", issue 14): a sitemap index pointing at one
// sitemap per kind of page, listing every page the build prerenders (src/schemas/site-pages.ts)
// with its last change. The build writes them with the pages (scripts/vite/prerender.ts); the dev
// server (`npm start`) answers the same files from the same list.

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

// A page's last change as the day it was in São Paulo (the product's calendar).
const day = (date: string | null | undefined) => (date ? dayInBrazil(date) : null)

export function urlset(site: string, pages: Pick<SitePage, 'path' | 'lastmod'>[]) {
  const urls = pages
    .map(({ path, lastmod }) => {
      const date = day(lastmod)
      return `  <url><loc>${xmlEscape(site + path)}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</url>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function sitemapIndex(site: string, files: { file: string; lastmod: string | null }[]) {
  const items = files
    .map(({ file, lastmod }) => {
      const date = day(lastmod)
      return `  <sitemap><loc>${xmlEscape(`${site}/${file}`)}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</sitemap>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`
}

export const robotsTxt = (site: string) =>
  [
    '# Contabil',
    'User-agent: *',
    'Allow: /',
    // The signed-in area is not for search engines.
    'Disallow: /app/',
    'Disallow: /links/',
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n')

/** robots.txt, sitemap.xml and the sitemaps/, by file name. */
export function seoFileContents(site: string, pages: SitePage[]): Record<string, string> {
  const files: Record<string, string> = { 'robots.txt': robotsTxt(site) }
  const index: { file: string; lastmod: string | null }[] = []
  for (const { file, holds } of SITEMAP_FILES) {
    const listed = pages.filter(holds)
    files[file] = urlset(site, listed)
    // The newest change among its pages.
    const lastmod = listed.reduce<string | null>(
      (newest, page) =>
        page.lastmod && (!newest || page.lastmod > newest) ? page.lastmod : newest,
      null,
    )
    index.push({ file, lastmod })
  }
  files['sitemap.xml'] = sitemapIndex(site, index)
  return files
}

/** Every published story's slug and date: the content service, or its fixtures when it is local and down. */
export async function publishedStories(root: string, endpoint: string, token: string) {
  try {
    return await fetchPublishedSlugs(endpoint, token)
  } catch (error) {
    if (!/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(endpoint)) throw error
    return fixtureStories(root)
  }
}

/** The public pages from the content service and the reference data (cities, CNAEs). */
export async function listSitePages(root: string, endpoint: string, token: string) {
  const [stories, reference] = await Promise.all([
    publishedStories(root, endpoint, token),
    referenceData(root),
  ])
  return sitePages({
    stories,
    citySlugs: reference.cities.map((city) => city.slug),
    cnaes: reference.cnaes,
  })
}

const contentTypes: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
}

function send(res: ServerResponse, file: string, body: string) {
  res.statusCode = 200
  res.setHeader('Content-Type', contentTypes[file.slice(file.lastIndexOf('.'))]!)
  res.setHeader('Cache-Control', 'no-cache')
  res.end(body)
}

/** The dev server answers robots.txt and the sitemaps like the build (not with the app's HTML). */
export function seoFiles(): Plugin {
  let site = 'http://localhost:5173'
  let root = process.cwd()
  let services = buildServices({})
  let cached: { at: number; files: Promise<Record<string, string>> } | null = null
  const files = () => {
    // Content changes show within half a minute; the lists are large.
    if (!cached || Date.now() - cached.at > 30_000)
      cached = {
        at: Date.now(),
        files: listSitePages(root, services.contentEndpoint, services.contentToken).then((pages) =>
          seoFileContents(site, pages),
        ),
      }
    return cached.files
  }
  return {
    name: 'contabil:seo-files',
    apply: 'serve',
    configResolved(config) {
      site = (config.env.VITE_SITE_URL || site).replace(/\/+$/, '')
      root = config.root
      services = buildServices(config.env)
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = (req.url ?? '').split('?')[0]!.replace(/^\/+/, '')
        if (
          file !== 'robots.txt' &&
          file !== 'sitemap.xml' &&
          !/^sitemaps\/[a-z-]+\.xml$/.test(file)
        )
          return next()
        files().then(
          (contents) => {
            const body = contents[file]
            if (body === undefined) return next()
            send(res, file, body)
          },
          (error: unknown) => {
            cached = null
            next(error)
          },
        )
      })
    },
  }
}
