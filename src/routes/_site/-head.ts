import type { JSX } from 'react'
import { env } from '@/config/env'
import type { Blok, SeoFields, Story } from '@/schemas/content'
import { SITE_DESCRIPTION, SITE_TITLE } from '../__root'
import { breadcrumbList, faqPage, type JsonLd } from './-structured-data'

// Title, description, canonical URL, Open Graph and structured data (JSON-LD) for every public
// page. The client-side routes return it from `head()`; the build writes the same tags into each
// prerendered page (src/entries/prerender/entry-prerender.tsx renders them with headTags()).

export const absoluteUrl = (path: string) => `${env.siteUrl.replace(/\/+$/, '')}${path}`

/** One step of the page's breadcrumb trail (the home page is always the first). */
export type Crumb = { name: string; path: string }

export type PageHeadInput = {
  /** Without the site name; empty for the home page (the site's own title). */
  title: string
  description?: string
  path: string
  type?: 'website' | 'article'
  noindex?: boolean
  publishedAt?: string | null
  /** The trail after the home page, ending with this page (BreadcrumbList). */
  crumbs?: Crumb[]
  /** More structured data: the organization, a local business, a post, the page's questions. */
  jsonLd?: (JsonLd | null)[]
}

type MetaTag = JSX.IntrinsicElements['meta']

/**
 * JSON-LD as the router's head takes it: a meta entry `{ 'script:ld+json': data }`, which
 * HeadContent renders as <script type="application/ld+json"> (its types know only <meta>).
 */
const jsonLdTag = (data: JsonLd) => ({ 'script:ld+json': data }) as unknown as MetaTag

export type PageHead = { meta: MetaTag[]; links: { rel: string; href: string }[] }

export function pageHead({
  title,
  description,
  path,
  type = 'website',
  noindex,
  publishedAt,
  crumbs = [],
  jsonLd = [],
}: PageHeadInput): PageHead {
  const fullTitle = title ? `${title} | Contabil` : SITE_TITLE
  const text = description || SITE_DESCRIPTION
  const url = absoluteUrl(path)
  const trail = [{ name: 'Início', path: '/' }, ...crumbs.filter((crumb) => crumb.path !== '/')]
  const data = [breadcrumbList(trail, absoluteUrl), ...jsonLd].filter(
    (item): item is JsonLd => item !== null,
  )
  return {
    meta: [
      { title: fullTitle },
      { name: 'description', content: text },
      ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
      { property: 'og:site_name', content: 'Contabil' },
      { property: 'og:locale', content: 'pt_BR' },
      { property: 'og:type', content: type },
      { property: 'og:title', content: fullTitle },
      { property: 'og:description', content: text },
      { property: 'og:url', content: url },
      { property: 'og:image', content: absoluteUrl('/og-image.png') },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { name: 'twitter:card', content: 'summary_large_image' },
      ...(publishedAt ? [{ property: 'article:published_time', content: publishedAt }] : []),
      ...data.map(jsonLdTag),
    ],
    links: [{ rel: 'canonical', href: url }],
  }
}

/**
 * A story page's head: its SEO fields, else `fallbackTitle`; its name in the breadcrumb; its
 * questions (faq bloks) as an FAQPage.
 */
export function storyHead(
  story: Story<SeoFields & Blok> | undefined,
  path: string,
  fallbackTitle: string,
  more: Partial<PageHeadInput> = {},
) {
  return pageHead({
    title: story?.content.seo_title || fallbackTitle,
    description: story?.content.seo_description,
    path,
    crumbs: [{ name: story?.name || fallbackTitle, path }],
    ...more,
    jsonLd: [...(more.jsonLd ?? []), story ? faqPage(story.content) : null],
  })
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON inside <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The head as HTML, for prerendered pages: the same tags the client-side routes produce. */
export function headTags({ meta, links }: PageHead): string {
  const tags = meta.map((tag) => {
    const item = tag as Record<string, unknown>
    if (typeof item.title === 'string') return `<title>${escapeHtml(item.title)}</title>`
    if ('script:ld+json' in item)
      return `<script type="application/ld+json">${scriptJson(item['script:ld+json'])}</script>`
    const key = typeof item.name === 'string' ? 'name' : 'property'
    return `<meta ${key}="${escapeHtml(String(item[key]))}" content="${escapeHtml(String(item.content))}" />`
  })
  for (const link of links)
    tags.push(`<link rel="${escapeHtml(link.rel)}" href="${escapeHtml(link.href)}" />`)
  return tags.join('\n    ')
}
