import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { City } from '@/schemas/city'
import type { Cnae, CnaeServer } from '@/schemas/cnae'
import type { List } from '@/schemas/common'
import type { PageContent, PostContent, Story } from '@/schemas/content'
import { pageFile, sitePages, TEMPLATE_SLUGS, type SitePage } from '@/schemas/site-pages'
import { headTags, storyHead, type PageHead } from '@/routes/_site/-head'
import {
  blogHead,
  cityHead,
  cnaeHead,
  homeHead,
  notFoundHead,
  postHead,
} from '@/routes/_site/-page-heads'
import { storyPages } from '@/routes/_site/-story-pages'
import { fetchArea, type Area } from '@/services/site/areas/api'
import { CNAE_PAGE_SIZE, searchCnaes } from '@/services/site/cnaes/api'
import { toCnae } from '@/services/site/cnaes/map'
import { consentBootScript } from '@/services/site/consent/consent'
import { SCRIPT_LOADER } from './script-loader'
import { createContentClient } from '@/services/site/content/client'
import {
  fetchStories,
  fetchStory,
  type StoryPage as StoryList,
} from '@/services/site/content/stories'
import { trackOfPath } from '@/services/site/links/signup'
import { env } from '@/config/env'
import { classesIn, cssSubset } from '@/lib/css-subset'
import { CnaeSearchIsland } from '@/screens/site/cnae/CnaeSearchIsland'
import { cnaeSearchLabels, firstCnaePage } from '@/screens/site/cnae/search-state'
import { ConsentBanner } from '@/screens/site/consent/ConsentBanner'
import {
  Island,
  IslandCollector,
  serializeProps,
  type IslandRecord,
} from '@/screens/site/islands/Island'
import { SiteLayout } from '@/screens/site/layout/SiteLayout'
import { AreaPage } from '@/screens/site/pages/AreaPage'
import { BlogListScreen } from '@/screens/site/pages/BlogListScreen'
import { BlogPostScreen } from '@/screens/site/pages/BlogPostScreen'
import { CityPage } from '@/screens/site/pages/CityPage'
import { CnaePageScreen } from '@/screens/site/pages/CnaePageScreen'
import { CnaeSearchScreen } from '@/screens/site/pages/CnaeSearchScreen'
import { NotFoundContent } from '@/screens/site/pages/SiteNotFound'
import { StoryPage } from '@/screens/site/pages/StoryPage'

// The build's renderer (scripts/vite/prerender.ts runs it in Node after a server build of this
// file): it reads the content service and the API once, through the same clients the app uses,
// and renders every public page to a complete HTML document with the same components, heads and
// structured data as the client-side routes. Only the islands (src/screens/site/islands) come to
// life in the browser; src/entries/site/entry-static.ts does the rest without React.

export { pageFile, sitePages }
export type { SitePage }
// The signed-in area's page (app.html) gets its first paint from the same renderer.
export { appFirstPaint } from '../painted-page/app-first-paint'

/** Everything the pages show, read once. */
export type SiteData = {
  pages: SitePage[]
  stories: Map<string, Story>
  posts: StoryList<PostContent>
  cnaeFirstPage: List<Cnae>
  areas: Map<string, Area | null>
  cities: Map<string, City>
  cnaes: Map<string, Cnae>
}

/** What the build adds to every page: the styles each page needs, the scripts. */
export type PageAssets = {
  /** [address pattern, CSS] for each public route, most specific first. */
  css: [string, string][]
  /** The script of prerendered pages (src/entries/site/entry-static.ts). */
  entry: string
  /** The client-side app's entry, for the editors' preview (src/entries/app/main.tsx). */
  appEntry: string
}

/** Every published story: which pages exist, and their dates (storyblok-js-client, 100 a page). */
async function listStories() {
  const client = createContentClient({
    endpoint: env.storyblok.endpoint,
    token: env.storyblok.token,
  })
  return (await client.getAll('cdn/stories', {
    version: 'published',
    per_page: 100,
    excluding_fields: 'body',
  })) as { full_slug: string; published_at: string | null }[]
}

/**
 * Reads what the pages show: each page's story and template as the app reads it, the blog's first
 * page, the CNAE search's first page and the areas from the API; cities and CNAEs are reference
 * data the build passes in (the same the API serves).
 */
export async function loadSiteData(reference: {
  cities: City[]
  cnaes: CnaeServer[]
}): Promise<SiteData> {
  const listing = await listStories()
  const cnaes = new Map(reference.cnaes.map((raw) => [raw.code, toCnae(raw)]))
  const pages = sitePages({
    stories: listing,
    citySlugs: reference.cities.map((city) => city.slug),
    cnaes: [...cnaes.values()],
  })
  const wanted = new Set<string>()
  for (const page of pages) {
    if (page.kind === 'story' || page.kind === 'post') wanted.add(page.slug)
    else if (page.kind === 'city') wanted.add(TEMPLATE_SLUGS[page.prefix])
    else wanted.add(TEMPLATE_SLUGS.cnae)
  }
  const stories = new Map<string, Story>()
  // One at a time: the content service allows 5 requests per second (the client keeps to it).
  for (const slug of [...wanted].sort()) stories.set(slug, await fetchStory(slug))
  const [posts, cnaeFirstPage] = await Promise.all([
    fetchStories<PostContent>({ startsWith: 'blog/posts/', page: 1 }),
    searchCnaes({ limit: CNAE_PAGE_SIZE, offset: 0 }),
  ])
  const areas = new Map<string, Area | null>()
  for (const page of pages) {
    if (page.kind !== 'story' || !page.slug.startsWith('areas/')) continue
    const slug = page.slug.slice('areas/'.length)
    // docs/product.md §7: without the area's data the page still shows all of its content.
    areas.set(
      slug,
      await fetchArea(slug).catch((error: unknown) => {
        console.warn(`[prerender] /areas/${slug}: GET /areas/${slug} failed (${String(error)})`)
        return null
      }),
    )
  }
  return {
    pages,
    stories,
    posts,
    cnaeFirstPage,
    areas,
    cities: new Map(reference.cities.map((city) => [city.slug, city])),
    cnaes,
  }
}

const story = <C extends PageContent | PostContent = PageContent>(site: SiteData, slug: string) => {
  const found = site.stories.get(slug)
  if (!found) throw new Error(`[prerender] story ${slug} was not loaded`)
  return found as unknown as Story<C>
}

/** A page's head and body, from its kind. */
function pageOf(
  site: SiteData,
  page: SitePage | { kind: 'not-found' },
): {
  path: string
  head: PageHead
  body: ReactElement
} {
  switch (page.kind) {
    case 'not-found':
      return { path: '/404', head: notFoundHead(), body: <NotFoundContent path="/404" /> }
    case 'post': {
      const post = story<PostContent>(site, page.slug)
      return {
        path: page.path,
        head: postHead(post, post.slug),
        body: <BlogPostScreen post={post} />,
      }
    }
    case 'city': {
      const city = site.cities.get(page.citySlug)!
      const template = story(site, TEMPLATE_SLUGS[page.prefix])
      return {
        path: page.path,
        head: cityHead(page.prefix, { city, template }),
        body: <CityPage city={city} template={template} prefix={page.prefix} />,
      }
    }
    case 'cnae': {
      const cnae = site.cnaes.get(page.code)!
      const template = story(site, TEMPLATE_SLUGS.cnae)
      return {
        path: page.path,
        head: cnaeHead(cnae, template),
        body: <CnaePageScreen cnae={cnae} template={template} />,
      }
    }
    case 'story':
      return storyPageOf(site, page)
  }
}

function storyPageOf(site: SiteData, page: Extract<SitePage, { kind: 'story' }>) {
  const { path, slug } = page
  const content = story(site, slug)
  if (slug === 'home')
    return { path, head: homeHead(content), body: <StoryPage story={content} path="/" /> }
  if (slug === 'blog')
    return {
      path,
      head: blogHead(content),
      body: <BlogListScreen story={content} posts={site.posts} />,
    }
  if (slug === 'tools/cnae')
    return {
      path,
      head: storyHead(content, path, 'Consulta CNAE'),
      body: (
        <CnaeSearchScreen
          story={content}
          search={
            <Island
              name="cnae-search"
              component={CnaeSearchIsland}
              props={{
                search: firstCnaePage,
                results: site.cnaeFirstPage,
                ...cnaeSearchLabels(content),
              }}
            />
          }
        />
      ),
    }
  if (slug.startsWith('areas/'))
    return {
      path,
      head: storyHead(content, path, 'Contabilidade'),
      body: <AreaPage story={content} area={site.areas.get(slug.slice(6)) ?? null} path={path} />,
    }
  const known = storyPages[slug as keyof typeof storyPages]
  return {
    path,
    head: storyHead(content, path, known?.title ?? content.name),
    body: <StoryPage story={content} path={path} track={trackOfPath(path) ?? undefined} />,
  }
}

/** The islands' HTML: each rendered as a root of its own, as the browser hydrates it. */
function withIslands(html: string, islands: IslandRecord[]) {
  for (const island of islands) {
    const placeholder = `data-island-id="${island.id}" style="display:contents"></div>`
    if (!html.includes(placeholder)) throw new Error(`[prerender] island ${island.id} not found`)
    const inner = renderToString(island.element, { identifierPrefix: `${island.id}-` })
    html = html.replace(
      placeholder,
      `data-island-id="${island.id}" style="display:contents">${inner}</div>` +
        `<script type="application/json" data-island-props="">${serializeProps(island.props)}</script>`,
    )
  }
  return html
}

let banners: string | null = null
/** The cookie banner in both languages, hidden until the page's first script picks one. */
const consentBanners = () =>
  (banners ??= renderToString(
    <>
      <ConsentBanner locale="pt" where="site" prerendered />
      <ConsentBanner locale="en" where="site" prerendered />
    </>,
  ))

const subsets = new Map<string, string>()
/**
 * The styles a page gets inline: its route's (as the app loads them), without the rules that
 * cannot apply to it. Pages with the same classes (every city page) share one computation.
 */
function cssOf(path: string, html: string, assets: PageAssets) {
  const index = assets.css.findIndex(([pattern]) => new RegExp(pattern).test(path))
  if (index === -1) return ''
  const classes = classesIn(html)
  const key = `${index}|${[...classes].sort().join(' ')}`
  let css = subsets.get(key)
  if (css === undefined) subsets.set(key, (css = cssSubset(assets.css[index]![1], classes)))
  return css
}

/** One page as a complete HTML document. */
export function renderPage(
  site: SiteData,
  page: SitePage | { kind: 'not-found' },
  assets: PageAssets,
): { path: string; file: string; html: string } {
  const { path, head, body } = pageOf(site, page)
  const islands: IslandRecord[] = []
  const html = withIslands(
    renderToString(
      <IslandCollector.Provider value={islands}>
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        <SiteLayout pathname={path}>{body}</SiteLayout>
      </IslandCollector.Provider>,
    ),
    islands,
  )
  const document = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="#0d7059" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script>${consentBootScript}</script>
    ${headTags(head)}
    <style>${cssOf(path, html + consentBanners(), assets)}</style>
  </head>
  <body>
    <div id="consent-slot">${consentBanners()}</div>
    <div id="root">${html}</div>
    <script data-entry="${assets.entry}" data-app-entry="${assets.appEntry}">${SCRIPT_LOADER}</script>
  </body>
</html>
`
  return { path, file: pageFile(path), html: document }
}
