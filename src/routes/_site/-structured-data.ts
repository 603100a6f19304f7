import type { City } from '@/schemas/city'
import type { Blok, PostContent, RichTextNode, Story } from '@/schemas/content'
import { richTextToPlain } from '@/screens/site/content/RichText'

// Structured data (schema.org, as JSON-LD) for search engines: the organization on the home page,
// a breadcrumb trail on every page, the accounting service a city page offers, a blog post, and
// the questions a page answers. Only what the page itself says: no invented address or rating.

export type JsonLd = { '@context': 'https://schema.org'; '@type': string; [key: string]: unknown }

type Absolute = (path: string) => string

const ORGANIZATION_ID = '/#organizacao'
const CONTACT_EMAIL = 'contato@contabil.dev'

/** The company behind the site (the home page). */
export function organization(absolute: Absolute, description: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': absolute(ORGANIZATION_ID),
    name: 'Contabil',
    url: absolute('/'),
    logo: absolute('/favicon.svg'),
    email: CONTACT_EMAIL,
    description,
    areaServed: { '@type': 'Country', name: 'Brasil' },
  }
}

/** Home › … › this page. */
export function breadcrumbList(
  trail: { name: string; path: string }[],
  absolute: Absolute,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  }
}

const plain = (node: unknown) =>
  richTextToPlain(node as RichTextNode)
    .replace(/\s*\n\s*/g, ' ')
    .trim()

/** The page's questions and answers (its faq bloks), or null when it has none. */
export function faqPage(content: Blok): JsonLd | null {
  const body = Array.isArray(content.body) ? (content.body as Blok[]) : []
  const questions = body
    .filter((blok) => blok.component === 'faq' && Array.isArray(blok.items))
    .flatMap((blok) => blok.items as Blok[])
    .filter((item) => typeof item.question === 'string' && item.question && item.answer)
    .map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: plain(item.answer) },
    }))
  if (questions.length === 0) return null
  return { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: questions }
}

/** A city page: the online accounting service, for that municipality. */
export function cityAccountingService(
  city: City,
  page: { title: string; description: string; path: string },
  absolute: Absolute,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    name: page.title,
    description: page.description,
    url: absolute(page.path),
    email: CONTACT_EMAIL,
    logo: absolute('/favicon.svg'),
    image: absolute('/og-image.png'),
    areaServed: {
      '@type': 'City',
      name: city.name,
      containedInPlace: { '@type': 'State', name: city.stateName },
    },
    parentOrganization: {
      '@type': 'Organization',
      '@id': absolute(ORGANIZATION_ID),
      name: 'Contabil',
    },
  }
}

/** A blog post. */
export function blogPosting(post: Story<PostContent>, path: string, absolute: Absolute): JsonLd {
  const { content } = post
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: content.title,
    description: content.seo_description || content.excerpt,
    articleSection: content.category,
    url: absolute(path),
    mainEntityOfPage: absolute(path),
    image: absolute('/og-image.png'),
    ...(post.first_published_at ? { datePublished: post.first_published_at } : {}),
    ...(post.published_at ? { dateModified: post.published_at } : {}),
    author: { '@type': 'Person', name: content.author, jobTitle: content.author_role },
    publisher: { '@type': 'Organization', '@id': absolute(ORGANIZATION_ID), name: 'Contabil' },
    inLanguage: 'pt-BR',
  }
}
