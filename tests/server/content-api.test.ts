import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  isResolved,
  type Blok,
  type Multilink,
  type PlanContent,
  type Story,
} from '../../src/schemas/content'
import { createContentClient } from '../../src/services/site/content/client'
import { RESOLVE_RELATIONS } from '../../src/services/site/content/stories'
import { startTestServer, type TestServer } from './harness'

// The Storyblok CDN stand-in, read raw and through the real storyblok-js-client.

const PUBLIC = 'local-public-token'
const PREVIEW = 'local-preview-token'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const cdn = (path: string) => server.call('GET', `/v2/cdn/${path}`)
const block = (story: Story, component: string) =>
  (story.content.body as Blok[]).find((item) => item.component === component)!

describe('GET /v2/cdn/stories', () => {
  it('pages with per_page (default 25) and the total / per-page headers', async () => {
    const all = await cdn(`stories?token=${PUBLIC}`)
    expect(all.status).toBe(200)
    expect(all.headers.get('per-page')).toBe('25')
    const total = Number(all.headers.get('total'))
    expect(total).toBeGreaterThan(25)
    expect(all.body.stories).toHaveLength(25)
    const second = await cdn(`stories?token=${PUBLIC}&page=2`)
    expect(second.body.stories).toHaveLength(total - 25)
    expect(all.body.cv).toEqual(expect.any(Number))
  })

  it('filters by starts_with and sorts by date, newest first', async () => {
    const posts = await cdn(
      `stories?token=${PUBLIC}&starts_with=blog/posts/&sort_by=first_published_at:desc&per_page=3`,
    )
    expect(posts.headers.get('total')).toBe('7')
    const dates = posts.body.stories.map((story: Story) => story.first_published_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(posts.body.stories.every((story: Story) => story.content.component === 'post')).toBe(
      true,
    )
  })

  it('answers by_uuids lists of up to 50, in order with by_uuids_ordered', async () => {
    const some = (await cdn(`stories?token=${PUBLIC}&starts_with=planos/`)).body.stories as Story[]
    const uuids = some.map((story) => story.uuid).reverse()
    const ordered = await cdn(`stories?token=${PUBLIC}&by_uuids_ordered=${uuids.join(',')}`)
    expect(ordered.body.stories.map((story: Story) => story.uuid)).toEqual(uuids)
    const tooMany = Array.from(
      { length: 51 },
      (_, i) => `00000000-0000-5000-a000-${String(i).padStart(12, '0')}`,
    )
    const refused = await cdn(`stories?token=${PUBLIC}&by_uuids=${tooMany.join(',')}`)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/50/)
  })

  it('needs a valid token and keeps drafts for the preview token', async () => {
    expect((await cdn('stories')).status).toBe(401)
    expect((await cdn('stories?token=nope')).status).toBe(401)
    expect((await cdn(`stories?token=${PUBLIC}&version=draft`)).status).toBe(401)
    const published = await cdn(`stories?token=${PUBLIC}&starts_with=blog/posts/`)
    const draft = await cdn(`stories?token=${PREVIEW}&version=draft&starts_with=blog/posts/`)
    expect(Number(draft.headers.get('total'))).toBe(Number(published.headers.get('total')) + 1)
    expect(draft.body.stories.map((story: Story) => story.slug)).toContain(
      'reforma-tributaria-e-o-simples',
    )
    expect((await cdn(`stories?token=${PUBLIC}&version=rascunho`)).status).toBe(400)
  })
})

describe('GET /v2/cdn/stories/{slug}', () => {
  it('answers a story by full slug or uuid, and 404 like Storyblok', async () => {
    const post = await cdn(`stories/blog/posts/fator-r?token=${PUBLIC}`)
    expect(post.status).toBe(200)
    expect(post.body.story).toMatchObject({
      full_slug: 'blog/posts/fator-r',
      content: { component: 'post' },
    })
    const byUuid = await cdn(`stories/${post.body.story.uuid}?token=${PUBLIC}&find_by=uuid`)
    expect(byUuid.body.story.full_slug).toBe('blog/posts/fator-r')
    const missing = await cdn(`stories/nao-existe?token=${PUBLIC}`)
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual(['This record could not be found'])
  })

  it('serves the draft version of a story to the preview token', async () => {
    const published = await cdn(`stories/home?token=${PREVIEW}`)
    const draft = await cdn(`stories/home?token=${PREVIEW}&version=draft`)
    expect(block(draft.body.story, 'hero').headline).not.toBe(
      block(published.body.story, 'hero').headline,
    )
    expect(
      (await cdn(`stories/blog/posts/reforma-tributaria-e-o-simples?token=${PUBLIC}`)).status,
    ).toBe(404)
  })

  it('adds rels and links as Storyblok does', async () => {
    const home = await cdn(
      `stories/home?token=${PUBLIC}&resolve_relations=pricing.plans,testimonials.items&resolve_links=url`,
    )
    const pricing = block(home.body.story, 'pricing')
    // Relations stay uuids in the story; the stories come alongside in `rels`.
    expect(pricing.plans).toEqual(
      expect.arrayContaining([expect.stringMatching(/^[0-9a-f-]{36}$/)]),
    )
    const relUuids = home.body.rels.map((story: Story) => story.uuid)
    for (const uuid of pricing.plans as string[]) expect(relUuids).toContain(uuid)
    expect(home.body.links.length).toBeGreaterThan(0)
    expect(home.body.links[0]).toEqual(
      expect.objectContaining({
        uuid: expect.any(String),
        full_slug: expect.any(String),
        url: expect.any(String),
      }),
    )
  })
})

describe('through storyblok-js-client', () => {
  const client = (token = PUBLIC) => createContentClient({ endpoint: `${server.url}/v2`, token })

  it('resolves relations and story links in place', async () => {
    const answer = await client().getStory('home', {
      version: 'published',
      resolve_relations: RESOLVE_RELATIONS,
      resolve_links: 'url',
    })
    const story = answer.data.story as unknown as Story
    const plans = block(story, 'pricing').plans as Story<PlanContent>[]
    expect(plans.every(isResolved)).toBe(true)
    expect(plans.map((plan) => plan.content.plan_id)).toEqual([
      'plan-mei',
      'plan-servicos',
      'plan-comercio',
      'plan-empresarial',
    ])
    // Prices are the billing plans' (fixtures/plans.json).
    expect(plans[1]!.content.price).toBe(189.9)
    const hero = block(story, 'hero')
    const link = (hero.primary as Blok[])[0]!.link as Multilink
    expect(link).toMatchObject({ linktype: 'story', story: { full_slug: 'abrir-empresa' } })
  })

  it('reads every page of a folder with getAll (total and per-page headers)', async () => {
    const posts = await client().getAll('cdn/stories', { starts_with: 'blog/posts/', per_page: 2 })
    expect(posts).toHaveLength(7)
  })
})

describe('rate limit', () => {
  let limited: TestServer
  beforeAll(async () => {
    process.env.MOCK_CONTENT_RATE_LIMIT = '5'
    limited = await startTestServer()
  })
  afterAll(async () => {
    delete process.env.MOCK_CONTENT_RATE_LIMIT
    await limited.close()
  })

  it('answers 429 past 5 requests per second per token and client', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => limited.call('GET', `/v2/cdn/stories/home?token=${PUBLIC}`)),
    )
    const refused = answers.filter((answer) => answer.status === 429)
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5)
    expect(refused).toHaveLength(3)
    expect(refused[0]!.body.message).toMatch(/5 requisições por segundo/)
    expect(refused[0]!.headers.get('retry-after')).toBe('1')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await limited.call('GET', `/v2/cdn/stories/home?token=${PUBLIC}`)).status).toBe(200)
  })

  it('is retried by the app with growing delay until it goes through', async () => {
    const waits: number[] = []
    const sleep = (ms: number) => {
      waits.push(ms)
      return new Promise<void>((resolve) => setTimeout(resolve, ms))
    }
    // Three browser tabs at once: each throttles itself to 5/s, together they pass the limit.
    const tabs = Array.from({ length: 3 }, () =>
      createContentClient({ endpoint: `${limited.url}/v2`, token: PREVIEW, sleep }),
    )
    const reads = tabs.flatMap((tab) =>
      Array.from({ length: 4 }, (_, i) =>
        tab.getStory(i % 2 ? 'home' : 'blog', { version: 'draft' }),
      ),
    )
    const results = await Promise.all(reads)
    expect(results.every((result) => result.data.story)).toBe(true)
    expect(waits.length).toBeGreaterThan(0)
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(300)
  })
})
