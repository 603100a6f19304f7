import { describe, expect, it } from 'vitest'
import {
  backoffDelay,
  ContentRateLimitError,
  fetchWithBackoff,
} from '../../src/services/site/content/client'
import { INLINE_LIMIT, listStories } from '../../mock-server/stand-ins/storyblok/cdn'
import type { ContentSpace } from '../../mock-server/stand-ins/storyblok/space'
import type { Story } from '../../src/schemas/content'

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(status === 200 ? '{}' : '{"message":"x"}', { status, headers })

describe('fetchWithBackoff (SPEC: a 429 is retried up to 5 times with growing delay)', () => {
  it('retries 5 times, each wait longer than the one before, then fails', async () => {
    const waits: number[] = []
    let calls = 0
    const fetch429 = fetchWithBackoff(
      async () => {
        calls++
        return answer(429)
      },
      { sleep: async (ms) => void waits.push(ms) },
    )
    await expect(fetch429('http://x/v2/cdn/stories')).rejects.toBeInstanceOf(ContentRateLimitError)
    expect(calls).toBe(6)
    expect(waits).toEqual([0, 1, 2, 3, 4].map(backoffDelay))
    expect(waits).toEqual([...waits].sort((a, b) => a - b))
  })

  it('honours Retry-After and stops retrying as soon as an answer goes through', async () => {
    const waits: number[] = []
    const script = [answer(429, { 'Retry-After': '2' }), answer(429), answer(200)]
    const fetchSome = fetchWithBackoff(async () => script.shift()!, {
      sleep: async (ms) => void waits.push(ms),
    })
    expect((await fetchSome('http://x')).status).toBe(200)
    expect(waits).toEqual([2000, backoffDelay(1)])
  })

  it('leaves other errors to the caller', async () => {
    const fetch500 = fetchWithBackoff(async () => answer(500), { sleep: async () => undefined })
    expect((await fetch500('http://x')).status).toBe(500)
  })
})

describe('the CDN stand-in past 50 relations', () => {
  it('sends rel_uuids instead of rels, as Storyblok does', () => {
    const plan = (i: number): Story =>
      ({
        uuid: `uuid-${i}`,
        full_slug: `planos/${i}`,
        position: i,
        tag_list: [],
        is_startpage: false,
        content: { _uid: `p${i}`, component: 'plan' },
      }) as unknown as Story
    const plans = Array.from({ length: INLINE_LIMIT + 5 }, (_, i) => plan(i))
    const page = {
      ...plan(999),
      full_slug: 'home',
      content: {
        _uid: 'x',
        component: 'page',
        body: [{ _uid: 'y', component: 'pricing', plans: plans.map((p) => p.uuid) }],
      },
    } as unknown as Story
    const stories = [page, ...plans]
    const index = new Map(stories.map((story) => [story.uuid, story]))
    const space = {
      cv: 1,
      stories: { published: stories, draft: stories },
      byUuid: { published: index, draft: index },
      bySlug: { published: new Map(), draft: new Map() },
    } as unknown as ContentSpace
    const query = { per_page: 25, page: 1, starts_with: 'home', resolve_relations: 'pricing.plans' }
    const result = listStories(space, 'published', query) as { body: Record<string, unknown> }
    expect(result.body.rel_uuids).toHaveLength(INLINE_LIMIT + 5)
    expect(result.body.rels).toEqual([])
  })
})
