import StoryblokClient from 'storyblok-js-client'

/** Every published story's slug and date, through storyblok-js-client (all pages, 100 a page). */
export async function fetchPublishedSlugs(endpoint: string, token: string) {
  // The content service allows 5 requests per second (SPEC section 9).
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
