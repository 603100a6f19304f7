import { storyPath, type Multilink } from '@/schemas/content'
import { cnaeSlug } from '@/schemas/slug'
import { withReferral } from '@/services/site/links/signup'

/** Where a multilink points on this site, or null when it is empty. */
export function multilinkHref(link: Multilink | null | undefined): string | null {
  if (!link) return null
  if (link.linktype === 'story') {
    const slug = link.story?.full_slug ?? link.cached_url
    if (!slug) return null
    const path = storyPath(slug)
    return link.anchor ? `${path}#${link.anchor}` : path
  }
  if (link.linktype === 'email') {
    const address = link.email ?? link.url
    return address ? (address.startsWith('mailto:') ? address : `mailto:${address}`) : null
  }
  const url = link.url || link.cached_url
  return url ? withReferral(url) : null
}

/** Pages of the public site, opened without leaving the app (the signed-in area loads apart). */
export const isSitePath = (href: string) =>
  href.startsWith('/') && !href.startsWith('//') && !/^\/app(\/|\?|#|$)/.test(href)

export const isExternal = (href: string) => /^https?:\/\//.test(href)

/** A CNAE subclass's page. */
export const cnaeHref = (cnae: { code: string; text: string }) =>
  `/tools/cnae/${cnaeSlug(cnae.code, cnae.text)}`
