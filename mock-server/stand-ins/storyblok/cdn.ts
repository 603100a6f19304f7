import { z } from 'zod'
import type { Blok, RichTextNode, Story } from '../../../src/schemas/content'
import { normalizeSearch } from '../../../src/schemas/slug'
import { badRequest } from '../../http'
import type { ContentSpace, Version } from './space'

// Storyblok's CDN API (v2) over the fixture space: the query parameters the web app and
// storyblok-js-client send, answered the way Storyblok answers them, relations and links included.

/** Storyblok resolves relations and links inline up to this many; beyond it sends only uuids. */
export const INLINE_LIMIT = 50
/** `by_uuids` takes at most this many uuids (the client sends them in batches of 50). */
export const UUID_BATCH = 50

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max)
const csv = z.string().max(10_000)

/**
 * Storyblok's content API ignores parameters it does not know, and storyblok-js-client sends some
 * this stand-in has no use for (`language`, `fallback_lang`, `excluding_fields`…): a loose object,
 * so those pass (mock-server/query-rules.ts). A bracketed key (`filter_query[component][in]`) is
 * still refused: the stand-in does not filter by it, and an unfiltered answer would mislead.
 */
export const cdnQuerySchema = z.looseObject({
  token: z.string().max(200).optional(),
  version: z
    .enum(['published', 'draft'], { error: 'version deve ser published ou draft' })
    .optional(),
  per_page: int(1, 100).default(25),
  page: int(1, 100_000).default(1),
  starts_with: z.string().max(500).optional(),
  by_uuids: csv.optional(),
  by_uuids_ordered: csv.optional(),
  by_slugs: csv.optional(),
  excluding_slugs: csv.optional(),
  excluding_ids: csv.optional(),
  with_tag: z.string().max(500).optional(),
  is_startpage: z.enum(['0', '1', 'true', 'false']).optional(),
  content_type: z.string().max(100).optional(),
  search_term: z.string().max(200).optional(),
  sort_by: z
    .string()
    .max(100)
    .regex(/^[a-z_.]+(:(asc|desc))?(:(int|float))?$/, { error: 'sort_by inválido' })
    .optional(),
  resolve_relations: z.string().max(1000).optional(),
  resolve_links: z.enum(['0', '1', 'url', 'story', 'link']).optional(),
  find_by: z.enum(['uuid']).optional(),
  cv: z.string().max(20).optional(),
  resolve_level: z.string().max(5).optional(),
})
export type CdnQuery = z.infer<typeof cdnQuerySchema>

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** `blog/*` style patterns of by_slugs / excluding_slugs. */
const slugMatcher = (patterns: string[]) => {
  const regexes = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .replace(/^\/+/, '')
          .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}$`,
      ),
  )
  return (fullSlug: string) => regexes.some((regex) => regex.test(fullSlug))
}

function readPath(story: Story, field: string): unknown {
  let value: unknown = story
  for (const key of field.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

function sorter(sortBy: string | undefined) {
  if (!sortBy) {
    return (a: Story, b: Story) => a.position - b.position || a.full_slug.localeCompare(b.full_slug)
  }
  const [field = 'position', direction = 'asc'] = sortBy.split(':')
  const sign = direction === 'desc' ? -1 : 1
  return (a: Story, b: Story) => {
    const x = readPath(a, field)
    const y = readPath(b, field)
    if (x === y) return a.full_slug.localeCompare(b.full_slug)
    if (x === null || x === undefined) return 1
    if (y === null || y === undefined) return -1
    return (
      (typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'pt-BR')) * sign
    )
  }
}

/** Every string in a story's content, for search_term. */
function textOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) value.forEach((item) => textOf(item, out))
  else if (typeof value === 'object' && value !== null)
    Object.entries(value).forEach(([key, item]) => key !== '_uid' && textOf(item, out))
  return out
}

/** The uuids in relation fields named by resolve_relations ("component.field" or "*.field"). */
function collectRelations(stories: Story[], fields: string[]): string[] {
  const found = new Set<string>()
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (typeof value !== 'object' || value === null) return
    const node = value as Blok
    for (const [key, child] of Object.entries(node)) {
      const named =
        typeof node.component === 'string' &&
        fields.some((field) => field === `${node.component}.${key}` || field === `*.${key}`)
      if (named) {
        for (const uuid of Array.isArray(child) ? child : [child])
          if (typeof uuid === 'string' && uuid) found.add(uuid)
      } else visit(child)
    }
  }
  stories.forEach((story) => visit(story.content))
  return [...found]
}

/** Story links in multilink fields and in rich text link marks. */
function collectLinks(stories: Story[]): string[] {
  const found = new Set<string>()
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (typeof value !== 'object' || value === null) return
    const node = value as Record<string, unknown>
    if (node.fieldtype === 'multilink' && node.linktype === 'story' && typeof node.id === 'string')
      found.add(node.id)
    if (node.type === 'text' && Array.isArray(node.marks))
      for (const mark of node.marks as NonNullable<RichTextNode['marks']>)
        if (mark.type === 'link' && mark.attrs?.linktype === 'story' && mark.attrs.uuid)
          found.add(String(mark.attrs.uuid))
    Object.values(node).forEach(visit)
  }
  stories.forEach((story) => visit(story.content))
  return [...found]
}

function linkObject(story: Story, mode: CdnQuery['resolve_links']) {
  if (mode === 'story' || mode === '1') return story
  const base = { id: story.id, uuid: story.uuid, slug: story.slug, full_slug: story.full_slug }
  if (mode === 'url') return { ...base, name: story.name, url: story.full_slug }
  return {
    ...base,
    name: story.name,
    is_folder: false,
    parent_id: story.parent_id,
    published: story.published_at !== null,
    position: story.position,
    real_path: `/${story.full_slug}`,
  }
}

/** rels / links (or rel_uuids / link_uuids past 50), as Storyblok adds them to an answer. */
function extras(space: ContentSpace, version: Version, stories: Story[], query: CdnQuery) {
  const out: Record<string, unknown> = { cv: space.cv, rels: [], links: [] }
  const fields = splitList(query.resolve_relations)
  if (fields.length > 0) {
    const uuids = collectRelations(stories, fields).filter((uuid) =>
      space.byUuid[version].has(uuid),
    )
    if (uuids.length > INLINE_LIMIT) out.rel_uuids = uuids
    else out.rels = uuids.map((uuid) => space.byUuid[version].get(uuid)!)
  }
  if (query.resolve_links && query.resolve_links !== '0') {
    const uuids = collectLinks(stories).filter((uuid) => space.byUuid[version].has(uuid))
    if (uuids.length > INLINE_LIMIT) out.link_uuids = uuids
    else
      out.links = uuids.map((uuid) =>
        linkObject(space.byUuid[version].get(uuid)!, query.resolve_links),
      )
  }
  return out
}

export type CdnAnswer = { body: unknown; headers?: Record<string, string> } | { notFound: true }

/** `GET /v2/cdn/stories`. */
export function listStories(space: ContentSpace, version: Version, query: CdnQuery): CdnAnswer {
  let stories = space.stories[version]
  const prefix = query.starts_with?.replace(/^\/+/, '')
  if (prefix) stories = stories.filter((story) => story.full_slug.startsWith(prefix))
  const uuidList = splitList(query.by_uuids_ordered ?? query.by_uuids)
  if (query.by_uuids !== undefined || query.by_uuids_ordered !== undefined) {
    if (uuidList.length > UUID_BATCH)
      throw badRequest(`by_uuids aceita no máximo ${UUID_BATCH} uuids por requisição.`)
    const wanted = new Set(uuidList)
    stories = stories.filter((story) => wanted.has(story.uuid))
    if (query.by_uuids_ordered !== undefined) {
      const order = new Map(uuidList.map((uuid, index) => [uuid, index]))
      stories = [...stories].sort((a, b) => order.get(a.uuid)! - order.get(b.uuid)!)
    }
  }
  if (query.by_slugs)
    stories = stories.filter((s) => slugMatcher(splitList(query.by_slugs))(s.full_slug))
  if (query.excluding_slugs) {
    const excluded = slugMatcher(splitList(query.excluding_slugs))
    stories = stories.filter((story) => !excluded(story.full_slug))
  }
  if (query.excluding_ids) {
    const excluded = new Set(splitList(query.excluding_ids).map(Number))
    stories = stories.filter((story) => !excluded.has(story.id))
  }
  if (query.with_tag) {
    const tags = new Set(splitList(query.with_tag))
    stories = stories.filter((story) => story.tag_list.some((tag) => tags.has(tag)))
  }
  if (query.is_startpage !== undefined) {
    const wanted = query.is_startpage === '1' || query.is_startpage === 'true'
    stories = stories.filter((story) => story.is_startpage === wanted)
  }
  if (query.content_type)
    stories = stories.filter((story) => story.content.component === query.content_type)
  if (query.search_term) {
    const words = normalizeSearch(query.search_term).split(' ').filter(Boolean)
    stories = stories.filter((story) => {
      const haystack = normalizeSearch(`${story.name} ${textOf(story.content).join(' ')}`)
      return words.every((word) => haystack.includes(word))
    })
  }
  if (query.by_uuids_ordered === undefined) stories = [...stories].sort(sorter(query.sort_by))

  const start = (query.page - 1) * query.per_page
  const page = stories.slice(start, start + query.per_page)
  return {
    body: { stories: page, ...extras(space, version, page, query) },
    headers: { total: String(stories.length), 'per-page': String(query.per_page) },
  }
}

/** `GET /v2/cdn/stories/{slug}` (or `/{uuid}?find_by=uuid`). */
export function getStory(
  space: ContentSpace,
  version: Version,
  slug: string,
  query: CdnQuery,
): CdnAnswer {
  const key = slug.replace(/^\/+|\/+$/g, '')
  const story =
    query.find_by === 'uuid' ? space.byUuid[version].get(key) : space.bySlug[version].get(key)
  if (!story) return { notFound: true }
  return { body: { story, ...extras(space, version, [story], query) } }
}
