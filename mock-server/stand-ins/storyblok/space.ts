import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { planSchema } from '../../../src/schemas/billing'
import { storyPath, type Blok, type Multilink, type Story } from '../../../src/schemas/content'
import { loadFixture } from '../../fixtures'
import { markdownToRichText, type LinkResolver } from './markdown'

// The content space the Storyblok stand-in serves, built once from fixtures/content:
//
//   stories/**/*.json  pages: { full_slug, name, dates, content, draft?, published? }
//   posts/*.md         blog posts: a front matter of `key: value` lines, then Markdown
//   plans.json         how the billing plans (fixtures/plans.json) are presented, and one-off
//                      services; they become plan stories (planos/{id}) for pricing and lead forms
//   testimonials.json  testimonial stories (depoimentos/{slug})
//
// Inside content, a few markers keep the fixtures readable and are turned into what Storyblok
// serves: {"$md": "…"} rich text, {"$link": "/path#anchor"} a story link, {"$url": "…"} a URL
// link, {"$signup": "create-company"} the sign-up link of a track, {"$rel": "slug" | ["slug"]}
// relations (story uuids). Every blok gets a stable `_uid`. A reference to a story that does
// not exist stops the server with the fixture's name, so broken content never gets served.

export const contentDir = fileURLToPath(new URL('../../../fixtures/content/', import.meta.url))

type RawStory = {
  full_slug: string
  name: string
  created_at?: string
  published_at?: string
  first_published_at?: string
  sort_by_date?: string | null
  tag_list?: string[]
  is_startpage?: boolean
  position?: number
  /** false: exists only as a draft (version=draft). */
  published?: boolean
  content: Record<string, unknown>
  /** The draft version's content, when it differs from the published one. */
  draft?: Record<string, unknown>
  origin: string
}

export type Version = 'published' | 'draft'

export type ContentSpace = {
  /** Content version: the newest publication time, in seconds (Storyblok's `cv`). */
  cv: number
  stories: Record<Version, Story[]>
  byUuid: Record<Version, Map<string, Story>>
  bySlug: Record<Version, Map<string, Story>>
}

const hash = (value: string) => createHash('sha1').update(value).digest('hex')

/** A stable UUID (v5 layout) for a story, from its slug. */
export function uuidFor(fullSlug: string) {
  const h = hash(`story:${fullSlug}`)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const idFor = (fullSlug: string) => Number.parseInt(hash(`id:${fullSlug}`).slice(0, 8), 16) % 1e9

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? walk(full) : [full]
    })
}

// ---------------------------------------------------------------------------------------------
// Posts: front matter + Markdown

function parsePost(file: string, text: string): RawStory {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'))
  if (!match) throw new Error(`${file}: a post starts with a front matter between --- lines`)
  const meta: Record<string, string> = {}
  for (const line of match[1]!.split('\n')) {
    const at = line.indexOf(':')
    if (at <= 0) continue
    const value = line.slice(at + 1).trim()
    // Values may be quoted (YAML style) when they contain a colon.
    meta[line.slice(0, at).trim()] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value
  }
  const need = (key: string) => {
    const value = meta[key]
    if (!value) throw new Error(`${file}: front matter needs "${key}"`)
    return value
  }
  const slug = need('slug')
  const body = match[2]!
  const words = body.split(/\s+/).filter(Boolean).length
  const list = (key: string) =>
    (meta[key] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  const date = `${need('date')}T09:00:00.000Z`
  return {
    full_slug: `blog/posts/${slug}`,
    name: need('title'),
    created_at: date,
    published_at: meta.updated ? `${meta.updated}T09:00:00.000Z` : date,
    first_published_at: date,
    sort_by_date: need('date'),
    tag_list: list('tags'),
    published: meta.status !== 'draft',
    origin: file,
    content: {
      component: 'post',
      title: need('title'),
      excerpt: need('excerpt'),
      seo_title: meta.seo_title ?? '',
      seo_description: meta.seo_description ?? need('excerpt'),
      author: need('author'),
      author_role: need('author_role'),
      category: need('category'),
      // About 200 words a minute.
      reading_minutes: Math.max(1, Math.round(words / 200)),
      body: { $md: body },
      related: { $rel: list('related').map((related) => `blog/posts/${related}`) },
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Plans and testimonials: one JSON array each, one story per entry

type PlanPresentation = { price_note: string; highlighted: boolean }
type ServiceFixture = {
  plan_id: string
  name: string
  audience: string
  price: number
  price_note: string
  features: string[]
}
type PlansFixture = {
  presentation: Record<string, PlanPresentation>
  services: ServiceFixture[]
}
type TestimonialFixture = {
  slug: string
  author: string
  business: string
  city: string
  quote: string
}

const SEEDED_AT = '2026-01-05T12:00:00.000Z'

function listStories<T>(
  file: string,
  toStory: (entry: T, index: number) => Omit<RawStory, 'origin'>,
): RawStory[] {
  const entries = JSON.parse(readFileSync(path.join(contentDir, file), 'utf8')) as T[]
  return entries.map((entry, index) => ({ ...toStory(entry, index), origin: file }))
}

// ---------------------------------------------------------------------------------------------

function readRawStories(): RawStory[] {
  const pages = walk(path.join(contentDir, 'stories'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({
      ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<RawStory, 'origin'>),
      origin: path.relative(contentDir, file),
    }))
  const posts = walk(path.join(contentDir, 'posts'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => parsePost(path.relative(contentDir, file), readFileSync(file, 'utf8')))
  // Plan stories come from the billing plans (what subscriptions charge), presented as the site
  // wants; one-off services sold by the site (the IRPF declaration) come from the content file.
  const offers = JSON.parse(
    readFileSync(path.join(contentDir, 'plans.json'), 'utf8'),
  ) as PlansFixture
  const billing = loadFixture('plans.json', z.array(planSchema)).filter((plan) => plan.active)
  const plans: RawStory[] = [
    ...billing.map((plan, index) => {
      const look = offers.presentation[plan.id]
      if (!look) throw new Error(`content/plans.json: no presentation for billing plan ${plan.id}`)
      return {
        full_slug: `planos/${plan.id}`,
        name: plan.name,
        position: index,
        origin: 'plans.json',
        content: {
          component: 'plan',
          kind: 'subscription',
          plan_id: plan.id,
          name: plan.name,
          audience: plan.description,
          price: plan.monthlyPrice,
          price_note: look.price_note,
          highlighted: look.highlighted,
          features: plan.features.join('\n'),
        },
      }
    }),
    ...offers.services.map((service, index) => ({
      full_slug: `planos/${service.plan_id}`,
      name: service.name,
      position: billing.length + index,
      origin: 'content/plans.json',
      content: {
        component: 'plan',
        kind: 'service',
        ...service,
        highlighted: false,
        features: service.features.join('\n'),
      },
    })),
  ]
  const testimonials = listStories<TestimonialFixture>('testimonials.json', (item, index) => ({
    full_slug: `depoimentos/${item.slug}`,
    name: item.author,
    position: index,
    content: {
      component: 'testimonial',
      author: item.author,
      business: item.business,
      city: item.city,
      quote: item.quote,
    },
  }))
  return [...pages, ...posts, ...plans, ...testimonials]
}

/** Turns the fixture markers into Storyblok fields and gives every blok its `_uid`. */
function materialize(
  value: unknown,
  where: string,
  uidPath: string,
  links: LinkResolver,
  uuidOf: (fullSlug: string, origin: string) => string,
): unknown {
  if (Array.isArray(value))
    return value.map((item, index) =>
      materialize(item, where, `${uidPath}.${index}`, links, uuidOf),
    )
  if (typeof value !== 'object' || value === null) return value
  const record = value as Record<string, unknown>
  if ('$md' in record) return markdownToRichText(String(record.$md), links)
  if ('$rel' in record) {
    const rel = record.$rel
    return Array.isArray(rel)
      ? rel.map((slug) => uuidOf(String(slug), where))
      : uuidOf(String(rel), where)
  }
  if ('$link' in record) {
    const [target = '', anchor] = String(record.$link).split('#')
    const story = links(target)
    if (!story) throw new Error(`${where}: $link "${String(record.$link)}" points at no story`)
    const link: Multilink = {
      id: story.uuid,
      url: '',
      linktype: 'story',
      fieldtype: 'multilink',
      cached_url: story.full_slug,
      ...(anchor ? { anchor } : {}),
    }
    return link
  }
  if ('$url' in record || '$signup' in record) {
    const url =
      '$signup' in record
        ? `/app/login?mode=signup&track=${String(record.$signup)}`
        : String(record.$url)
    const link: Multilink = {
      id: '',
      url,
      linktype: url.startsWith('mailto:') ? 'email' : 'url',
      fieldtype: 'multilink',
      cached_url: url,
    }
    return link
  }
  const out: Record<string, unknown> = {}
  if (typeof record.component === 'string')
    out._uid = hash(`${where}:${uidPath}`).slice(0, 8) + '-' + hash(uidPath).slice(0, 4)
  for (const [key, child] of Object.entries(record))
    out[key] = materialize(child, where, `${uidPath}.${key}`, links, uuidOf)
  return out
}

function toStory(raw: RawStory, content: Record<string, unknown>): Story {
  const slug = raw.full_slug.split('/').pop() ?? raw.full_slug
  const publishedAt = raw.published === false ? null : (raw.published_at ?? SEEDED_AT)
  return {
    id: idFor(raw.full_slug),
    uuid: uuidFor(raw.full_slug),
    name: raw.name,
    slug,
    full_slug: raw.full_slug,
    content: content as Blok,
    created_at: raw.created_at ?? raw.first_published_at ?? SEEDED_AT,
    published_at: publishedAt,
    first_published_at:
      raw.published === false ? null : (raw.first_published_at ?? raw.published_at ?? SEEDED_AT),
    sort_by_date: raw.sort_by_date ?? null,
    tag_list: raw.tag_list ?? [],
    is_startpage: raw.is_startpage ?? false,
    parent_id: 0,
    position: raw.position ?? 0,
    lang: 'default',
    path: null,
    group_id: uuidFor(`group:${raw.full_slug}`),
    meta_data: null,
    release_id: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  }
}

/** Reads fixtures/content into the published and draft versions of the space. */
export function loadContentSpace(): ContentSpace {
  const raws = readRawStories()
  const slugs = new Map<string, RawStory>()
  for (const raw of raws) {
    if (slugs.has(raw.full_slug))
      throw new Error(
        `${raw.origin}: story "${raw.full_slug}" is also in ${slugs.get(raw.full_slug)!.origin}`,
      )
    slugs.set(raw.full_slug, raw)
  }
  const byPath = new Map(raws.map((raw) => [storyPath(raw.full_slug), raw]))
  const links: LinkResolver = (href) => {
    const raw = byPath.get(href.replace(/\/+$/, '') || '/')
    return raw ? { uuid: uuidFor(raw.full_slug), full_slug: raw.full_slug } : null
  }
  const uuidOf = (fullSlug: string, origin: string) => {
    if (!slugs.has(fullSlug)) throw new Error(`${origin}: $rel "${fullSlug}" points at no story`)
    return uuidFor(fullSlug)
  }

  const published: Story[] = []
  const draft: Story[] = []
  for (const raw of raws) {
    const content = materialize(raw.content, raw.origin, raw.full_slug, links, uuidOf)
    const draftContent = raw.draft
      ? materialize(raw.draft, raw.origin, `${raw.full_slug}#draft`, links, uuidOf)
      : content
    if (raw.published !== false) published.push(toStory(raw, content as Record<string, unknown>))
    draft.push(toStory(raw, draftContent as Record<string, unknown>))
  }
  const cv = Math.max(
    ...published.map((story) => Date.parse(story.published_at ?? SEEDED_AT) / 1000),
  )
  const index = (stories: Story[]) => ({
    uuid: new Map(stories.map((story) => [story.uuid, story])),
    slug: new Map(stories.map((story) => [story.full_slug, story])),
  })
  const p = index(published)
  const d = index(draft)
  return {
    cv: Math.floor(cv),
    stories: { published, draft },
    byUuid: { published: p.uuid, draft: d.uuid },
    bySlug: { published: p.slug, draft: d.slug },
  }
}

let space: ContentSpace | undefined
/** The space, read once per process (the fixtures do not change while the server runs). */
export const contentSpace = () => (space ??= loadContentSpace())
