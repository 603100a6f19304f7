import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { bootstrapScript } from '../../scripts/vite/page-bootstrap'
import { routePattern } from '../../scripts/vite/page-hints'
import { buildUrl } from '../../src/services/api/client'
import { createContentClient } from '../../src/services/site/content/client'
import { POSTS_SORT, RESOLVE_LINKS, RESOLVE_RELATIONS } from '../../src/schemas/content'

// The index.html bootstrap asks for a page's data before the app does; the app's requests then
// take those answers. That only works if both ask for exactly the same addresses.

const options = {
  layout: ['layout.js', 'layout.css'],
  routes: [
    ['^/blog/posts/[^/]+/?$', ['post.js']],
    ['^/$', ['home.js']],
  ] as [string, string[]][],
  contentEndpoint: 'http://localhost:4100/v2/',
  contentToken: 'local-public-token',
  apiUrl: 'http://localhost:4100',
}

function runBootstrap(pathname: string, search = '', preview = false) {
  const requested: string[] = []
  const links: { rel: string; href: string }[] = []
  const answers = new Map<string, Promise<Response>>()
  const fetch = (url: string) => {
    requested.push(url)
    const answer = Promise.resolve(new Response(`{"url":"${url}"}`))
    answers.set(url, answer)
    return answer
  }
  const window: Record<string, unknown> = { fetch }
  const context = {
    window,
    location: { pathname, search },
    sessionStorage: { getItem: () => (preview ? '1' : null) },
    document: {
      head: { appendChild: (link: { rel: string; href: string }) => links.push(link) },
      createElement: () => ({}),
    },
  }
  vm.runInNewContext(bootstrapScript(options), context)
  return { requested, links, window, answers }
}

/** The address storyblok-js-client asks for, with the app's parameters. */
async function clientUrl(
  read: (client: ReturnType<typeof createContentClient>) => Promise<unknown>,
) {
  let url = ''
  const client = createContentClient({
    endpoint: options.contentEndpoint,
    token: options.contentToken,
    fetch: async (input) => {
      url = String(input)
      return new Response(
        JSON.stringify({ story: { uuid: 'x', content: {} }, stories: [], rels: [], links: [] }),
        {
          headers: { total: '0', 'per-page': '25' },
        },
      )
    },
  })
  await read(client)
  return url
}

const story = (slug: string) =>
  clientUrl((client) =>
    client.getStory(slug, {
      version: 'published',
      resolve_relations: [...RESOLVE_RELATIONS],
      resolve_links: RESOLVE_LINKS,
    }),
  )

describe('the page bootstrap', () => {
  it("asks for a post's story exactly as storyblok-js-client does, and preloads its files", async () => {
    const { requested, links } = runBootstrap('/blog/posts/fator-r')
    expect(requested).toEqual([await story('blog/posts/fator-r')])
    expect(links.map((link) => link.href)).toEqual([
      '/assets/layout.js',
      '/assets/layout.css',
      '/assets/post.js',
    ])
    expect(links.map((link) => link.rel)).toEqual(['modulepreload', 'preload', 'modulepreload'])
  })

  it("asks for a city page's template and city as the app does", async () => {
    const { requested } = runBootstrap('/contabilidade-em/recife-pe')
    expect(requested).toEqual([
      await story('modelos/contabilidade-em'),
      buildUrl('', '/api/cities/recife-pe'),
    ])
  })

  it("asks for a CNAE page's template and subclass as the app does", async () => {
    const { requested } = runBootstrap('/tools/cnae/6201501-desenvolvimento')
    expect(requested).toEqual([
      await story('modelos/cnae'),
      buildUrl(options.apiUrl, '/cnaes/6201501'),
    ])
  })

  it('asks for the blog list as the app does', async () => {
    const { requested } = runBootstrap('/blog')
    const list = await clientUrl((client) =>
      client.getStories({
        version: 'published',
        starts_with: 'blog/posts/',
        page: 1,
        per_page: 25,
        sort_by: POSTS_SORT,
      }),
    )
    expect(requested).toEqual([await story('blog'), list])
  })

  it('hands each early answer over once, to a GET of the same address', async () => {
    const { requested, window, answers } = runBootstrap('/')
    const patched = window.fetch as (url: string, init?: RequestInit) => Promise<Response>
    const first = patched(requested[0]!, { method: 'get' })
    expect(first).toBe(answers.get(requested[0]!))
    // The second time it is a new request.
    await patched(requested[0]!)
    expect(requested).toHaveLength(2)
  })

  it('leaves the signed-in area and preview mode alone', () => {
    expect(runBootstrap('/app/panel').requested).toEqual([])
    expect(runBootstrap('/app/panel').links).toEqual([])
    expect(runBootstrap('/', '?_storyblok=123').requested).toEqual([])
    expect(runBootstrap('/', '', true).requested).toEqual([])
  })
})

describe('route patterns', () => {
  it('turns route files into address patterns', () => {
    expect(routePattern('_site/index.tsx')).toBe('^/$')
    expect(routePattern('_site/blog/index.tsx')).toBe('^/blog/?$')
    expect(routePattern('_site/blog/posts/$slug.tsx')).toBe('^/blog/posts/[^/]+/?$')
    expect(
      new RegExp(routePattern('_site/contabilidade-em/$slug.tsx')).test(
        '/contabilidade-em/recife-pe',
      ),
    ).toBe(true)
  })
})
