import { env } from '@/config/env'
import type { SeoFields, Story } from '@/schemas/content'
import { SITE_DESCRIPTION, SITE_TITLE } from '../__root'

// Title, description, canonical URL and Open Graph for every public page.

export const absoluteUrl = (path: string) => `${env.siteUrl.replace(/\/+$/, '')}${path}`

export type PageHeadInput = {
  /** Without the site name; empty for the home page (the site's own title). */
  title: string
  description?: string
  path: string
  type?: 'website' | 'article'
  noindex?: boolean
  publishedAt?: string | null
}

export function pageHead({
  title,
  description,
  path,
  type = 'website',
  noindex,
  publishedAt,
}: PageHeadInput) {
  const fullTitle = title ? `${title} | Contabil` : SITE_TITLE
  const text = description || SITE_DESCRIPTION
  const url = absoluteUrl(path)
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
    ],
    links: [{ rel: 'canonical', href: url }],
  }
}

/** A story page's head: its SEO fields, else its name. */
export function storyHead(
  story: Story<SeoFields & { _uid: string; component: string }> | undefined,
  path: string,
  fallbackTitle: string,
) {
  return pageHead({
    title: story?.content.seo_title || fallbackTitle,
    description: story?.content.seo_description,
    path,
  })
}
