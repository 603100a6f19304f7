// Content of the marketing pages, as the headless content service (Storyblok's CDN API) serves it.
// docs/product.md §2: story fields component, uuid, content, links, relations. Types only (no zod), so
// the public pages carry no validation library on first load; the mock server builds these
// shapes from fixtures/content and the web app renders them through its component map.

/** A Storyblok multilink field. With `resolve_links`, story links get their target in `story`. */
export type Multilink = {
  id: string
  url: string
  linktype: 'story' | 'url' | 'email'
  fieldtype: 'multilink'
  cached_url: string
  anchor?: string
  email?: string
  story?: { uuid: string; full_slug: string; name: string; url?: string }
}

export type RichTextMark = { type: string; attrs?: Record<string, unknown> }
/** Storyblok rich text (a ProseMirror document): doc, paragraph, heading, lists, text… */
export type RichTextNode = {
  type: string
  attrs?: Record<string, unknown>
  content?: RichTextNode[]
  text?: string
  marks?: RichTextMark[]
}
export type RichText = RichTextNode & { type: 'doc' }

/** Any nestable component ("blok"): `component` picks the renderer, `_uid` keys it. */
export type Blok = { _uid: string; component: string; [field: string]: unknown }

export type Story<Content extends Blok = Blok> = {
  id: number
  uuid: string
  name: string
  slug: string
  full_slug: string
  content: Content
  created_at: string
  published_at: string | null
  first_published_at: string | null
  sort_by_date: string | null
  tag_list: string[]
  is_startpage: boolean
  parent_id: number | null
  position: number
  lang: string
  path: string | null
  group_id: string
  meta_data: unknown
  release_id: number | null
  alternates: unknown[]
  default_full_slug: string | null
  translated_slugs: unknown[] | null
}

/** A related story: the uuid, or the story itself once `resolve_relations` resolved it. */
export type Relation<Content extends Blok = Blok> = string | Story<Content>

export const isResolved = <C extends Blok>(relation: Relation<C>): relation is Story<C> =>
  typeof relation === 'object' && relation !== null

// ---------------------------------------------------------------------------------------------
// Content types (the `content.component` of a story)

export type SeoFields = {
  /** Title shown in search results; the story name when empty. */
  seo_title?: string
  seo_description?: string
}

export type PageContent = Blok &
  SeoFields & {
    component: 'page'
    body: Blok[]
  }

export type PostContent = Blok &
  SeoFields & {
    component: 'post'
    title: string
    excerpt: string
    author: string
    author_role: string
    reading_minutes: number
    category: string
    body: RichText
    related?: Relation<PostContent>[]
  }

export type PlanContent = Blok & {
  component: 'plan'
  /** 'subscription': a billing plan (its id is a lead's planId); 'service': a one-off offer. */
  kind: 'subscription' | 'service'
  plan_id: string
  name: string
  audience: string
  /** In BRL: per month for subscriptions, per service otherwise. */
  price: number
  /** e.g. "por mês, sem taxa de adesão". */
  price_note: string
  /** One feature per line. */
  features: string
  highlighted: boolean
}

export type TestimonialContent = Blok & {
  component: 'testimonial'
  author: string
  business: string
  city: string
  quote: string
}

/** Where a story lives on the site: 'home' is '/', everything else '/' + its full slug. */
export const storyPath = (fullSlug: string) => {
  const slug = fullSlug.replace(/^\/+|\/+$/g, '')
  return slug === 'home' || slug === '' ? '/' : `/${slug}`
}

// How pages read stories from the content service (the app and the build's prerendering).

/** Relation fields the component map renders resolved (docs/product.md §2: story relations). */
export const RESOLVE_RELATIONS = [
  'pricing.plans',
  'testimonials.items',
  'post_list.posts',
  'lead_form.plans',
  'post.related',
]

/** Story links resolved to their URLs. */
export const RESOLVE_LINKS = 'url'

/** The blog list's page size (docs/product.md §9: content page size 25). */
export const STORIES_PER_PAGE = 25

/** The blog list's order: newest first. */
export const POSTS_SORT = 'first_published_at:desc'
