import StoryblokClient from 'storyblok-js-client'

/**
 * The addresses a build talks to, from its VITE_* variables with the same defaults as
 * src/config/env.ts (which build plugins cannot import): the content stand-in follows the API.
 */
export function buildServices(env: Record<string, string | undefined>) {
  const apiUrl = (env.VITE_API_URL || 'http://localhost:3000').replace(/\/+$/, '')
  return {
    apiUrl,
    contentEndpoint: env.VITE_STORYBLOK_ENDPOINT || `${apiUrl}/v2`,
    contentToken: env.VITE_STORYBLOK_TOKEN || 'local-public-token',
  }
}

/** Every published story's slug and date, through storyblok-js-client (all pages, 100 a page). */
export async function fetchPublishedSlugs(endpoint: string, token: string) {
  // The content service allows 5 requests per second (docs/product.md §9).
  const client = new StoryblokClient({
    accessToken: token,
    endpoint: endpoint.replace(/\/+$/, ''),
    rateLimit: 5,
    timeout: 10,
  })
  return (await client.getAll('cdn/stories', { version: 'published', per_page: 100 })) as {
    full_slug: string
    published_at: string | null
  }[]
}
