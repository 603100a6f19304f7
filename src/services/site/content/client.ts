import StoryblokClient from 'storyblok-js-client'

// The real storyblok-js-client, pointed at the content service (the mock's CDN stand-in locally,
// Storyblok in production) through its `endpoint` option.
//
// docs/product.md §8 and §9: the service allows 5 requests per second and a 429 is retried up to 5
// times with growing delay. The client's own 429 retry waits a fixed time, so the retry happens
// one level down, in the fetch it is given: a 429 is retried there with exponential backoff
// (honouring Retry-After), and after the fifth retry the request fails as a rate-limit error
// instead of reaching the client's fixed-delay loop. The client's own throttle keeps this tab
// at 5 requests per second in the first place.

export const CONTENT_RATE_LIMIT = 5
export const CONTENT_MAX_RETRIES = 5

/** 300 ms, 600 ms, 1.2 s, 2.4 s, 4.8 s: the n-th retry (0-based) waits this long. */
export const backoffDelay = (attempt: number) => 300 * 2 ** attempt

export class ContentRateLimitError extends Error {
  constructor() {
    super('O serviço de conteúdo está recebendo muitas requisições. Tente de novo em instantes.')
    this.name = 'ContentRateLimitError'
  }
}

type Sleep = (ms: number) => Promise<void>
const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fetch that retries 429 answers with growing delay, at most `retries` times. */
export function fetchWithBackoff(
  baseFetch: typeof fetch = (...args) => fetch(...args),
  { retries = CONTENT_MAX_RETRIES, delay = backoffDelay, sleep = defaultSleep } = {},
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      const response = await baseFetch(input, init)
      if (response.status !== 429) return response
      if (attempt >= retries) throw new ContentRateLimitError()
      const retryAfter = Number(response.headers.get('Retry-After')) * 1000
      await sleep(Math.max(delay(attempt), Number.isFinite(retryAfter) ? retryAfter : 0))
    }
  }
}

export type ContentClientOptions = {
  endpoint: string
  token: string
  fetch?: typeof fetch
  sleep?: Sleep
}

export function createContentClient({
  endpoint,
  token,
  fetch: baseFetch,
  sleep,
}: ContentClientOptions) {
  return new StoryblokClient({
    accessToken: token,
    endpoint: endpoint.replace(/\/+$/, ''),
    rateLimit: CONTENT_RATE_LIMIT,
    fetch: fetchWithBackoff(baseFetch, { sleep }),
    // Published answers are kept in memory (keyed by the content version `cv`), drafts never.
    cache: { type: 'memory', clear: 'auto' },
  })
}
export type ContentClient = ReturnType<typeof createContentClient>
