import { z } from 'zod'
import type { Blok, Story } from './content'

// What Storyblok's content delivery API (v2) answers, as zod schemas: the contract its stand-in
// (mock-server/stand-ins/storyblok/routes.ts) serves and the OpenAPI document describes. The web app reads it
// through storyblok-js-client with the types of content.ts, which stay zod-free so the public pages
// load no validation library; the checks below keep the two descriptions the same.

/** Any nestable component ("blok"): `component` picks the renderer, its other fields are its own. */
export const blokSchema = z.looseObject({ _uid: z.string(), component: z.string() })

export const storySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  content: blokSchema,
  created_at: z.string(),
  published_at: z.string().nullable(),
  first_published_at: z.string().nullable(),
  sort_by_date: z.string().nullable(),
  tag_list: z.array(z.string()),
  is_startpage: z.boolean(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  lang: z.string(),
  path: z.string().nullable(),
  group_id: z.string(),
  meta_data: z.unknown(),
  release_id: z.number().int().nullable(),
  alternates: z.array(z.unknown()),
  default_full_slug: z.string().nullable(),
  translated_slugs: z.array(z.unknown()).nullable(),
})

/** A resolved story link: the story itself, or its address and names (`resolve_links`). */
export const storyLinkSchema = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  full_slug: z.string(),
})

/** What every answer carries besides its stories: the cache version, relations and links. */
const deliveryExtras = {
  cv: z.number().int(),
  rels: z.array(storySchema),
  links: z.array(storyLinkSchema),
  /** Past 50 relations or links, Storyblok sends their uuids instead. */
  rel_uuids: z.array(z.string()).optional(),
  link_uuids: z.array(z.string()).optional(),
}

/** `GET /v2/cdn/stories`: a page of stories (the `total` and `per-page` headers count them). */
export const storiesAnswerSchema = z.object({ stories: z.array(storySchema), ...deliveryExtras })

/** `GET /v2/cdn/stories/{slug}`: one story. */
export const storyAnswerSchema = z.object({ story: storySchema, ...deliveryExtras })

/** Storyblok's refusals (401, 429): its message and the status's name. */
export const deliveryErrorSchema = z.object({ message: z.string(), error: z.string() })

/** Storyblok's answer to an unknown story (404): a list of messages. */
export const deliveryNotFoundSchema = z.array(z.string())

// The zod shapes and content.ts's types describe the same story (a type error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T
export type ShapesAgree = Holds<
  Same<z.infer<typeof storySchema>, Story> & Same<z.infer<typeof blokSchema>, Blok>
>
