import type { Request, Response } from 'express'
import { z } from 'zod'
import {
  deliveryErrorSchema,
  deliveryNotFoundSchema,
  storiesAnswerSchema,
  storyAnswerSchema,
} from '../../../src/schemas/content-delivery'
import { endpoint, type Call } from '../../api'
import { cdnQuerySchema, getStory, listStories, type CdnAnswer } from './cdn'
import { contentSpace, type Version } from './space'

// The Storyblok content delivery API stand-in (PRODUCT.md "External services"), read by the web
// app through the real storyblok-js-client: `GET /v2/cdn/stories` and
// `GET /v2/cdn/stories/{slug...}`, access tokens, published and draft versions, paging with the
// `total` / `per-page` headers, relations and links, and a rate limit of 5 requests per second
// per token and client, answered with 429 past it (docs/product.md §9).

/** The two access tokens of the space: public reads published content, preview reads drafts too. */
export const contentTokens = () => ({
  public: process.env.MOCK_CONTENT_TOKEN ?? 'local-public-token',
  preview: process.env.MOCK_CONTENT_PREVIEW_TOKEN ?? 'local-preview-token',
})

/** docs/product.md §9: 5 requests per second. 0 turns the limit off. */
const rateLimitFrom = (environment: string) => {
  const configured = process.env.MOCK_CONTENT_RATE_LIMIT
  if (configured !== undefined && configured !== '') return Math.max(0, Number(configured) || 0)
  // The server suites sweep every endpoint back to back from one address; they turn it on
  // explicitly where they test it.
  return environment === 'test' ? 0 : 5
}

/** A sliding one-second window per key. */
export function createRateLimiter(limit: number, windowMs = 1000) {
  const hits = new Map<string, number[]>()
  let sweep = 0
  return (key: string, now = Date.now()) => {
    if (limit <= 0) return true
    // Forget idle keys now and then so the map does not grow without bound.
    if (++sweep % 1000 === 0)
      for (const [k, times] of hits) if (times[times.length - 1]! <= now - windowMs) hits.delete(k)
    const times = (hits.get(key) ?? []).filter((time) => time > now - windowMs)
    if (times.length >= limit) {
      hits.set(key, times)
      return false
    }
    times.push(now)
    hits.set(key, times)
    return true
  }
}

const unauthorizedBody = (message: string) => ({ message, error: 'Unauthorized' })

/** Who may read what: the token, its version, and the rate limit (per token and client). */
function gateOf(environment: string) {
  const allow = createRateLimiter(rateLimitFrom(environment))
  return (req: Request, res: Response): { version: Version } | null => {
    const token = typeof req.query.token === 'string' ? req.query.token : ''
    if (!allow(`${token}|${req.ip}`)) {
      res.status(429).set('Retry-After', '1').json({
        message:
          'Limite de 5 requisições por segundo do serviço de conteúdo excedido. Tente de novo em instantes.',
        error: 'Too Many Requests',
      })
      return null
    }
    const tokens = contentTokens()
    if (token !== tokens.public && token !== tokens.preview) {
      res.status(401).json(unauthorizedBody('Token de acesso ao conteúdo ausente ou inválido.'))
      return null
    }
    const version: Version = req.query.version === 'draft' ? 'draft' : 'published'
    if (version === 'draft' && token !== tokens.preview) {
      res
        .status(401)
        .json(
          unauthorizedBody(
            'O token público lê só a versão publicada; use o token de pré-visualização.',
          ),
        )
      return null
    }
    return { version }
  }
}

/** One gate per configuration (its rate limiter counts across both endpoints). */
const gates = new WeakMap<object, ReturnType<typeof gateOf>>()
const gate = ({ config, req, res }: Call) => {
  let found = gates.get(config)
  if (!found) gates.set(config, (found = gateOf(config.environment)))
  return found(req, res)
}

const answer = (res: Response, result: CdnAnswer) => {
  if ('notFound' in result) {
    // Storyblok's own body for an unknown story.
    res.status(404).json(['This record could not be found'])
    return
  }
  // The app caches by itself (React state, the client's memory cache keyed by `cv`).
  res.set('Cache-Control', 'no-store')
  res.set(result.headers ?? {}).json(result.body)
}

function listContentStories(call: Call<{ query: z.output<typeof cdnQuerySchema> }>) {
  const gated = gate(call)
  if (gated) answer(call.res, listStories(contentSpace(), gated.version, call.query))
}

/** A story's full slug, slashes included (`blog/posts/abrir-empresa`). */
const storySlugParamsSchema = z.object({
  slug: z.string().max(500, { error: 'Slug muito longo.' }),
})

function getContentStory(
  call: Call<{
    params: z.output<typeof storySlugParamsSchema>
    query: z.output<typeof cdnQuerySchema>
  }>,
) {
  const gated = gate(call)
  if (!gated) return
  // Express has decoded the path already (and answered 400 to a malformed one).
  answer(call.res, getStory(contentSpace(), gated.version, call.params.slug, call.query))
}

/** Storyblok's own error bodies: a refusal names its status, an unknown story is a list. */
const deliveryErrors = {
  401: deliveryErrorSchema,
  404: deliveryNotFoundSchema,
  429: deliveryErrorSchema,
} as const

export const contentEndpoints = [
  endpoint({
    method: 'GET',
    path: '/v2/cdn/stories',
    summary: 'Storyblok delivery API stand-in: stories (5 req/s → 429).',
    access: 'public',
    query: cdnQuerySchema,
    answers: { 200: storiesAnswerSchema },
    errors: [401, 404, 429],
    errorBodies: deliveryErrors,
    handler: listContentStories,
  }),
  endpoint({
    method: 'GET',
    path: '/v2/cdn/stories/{slug}',
    summary: 'Storyblok delivery API stand-in: one story by its full slug.',
    access: 'public',
    // The slug holds slashes: Express's `:slug` with a pattern of its own.
    expressPath: '/v2/cdn/stories/:slug(.+)',
    params: storySlugParamsSchema,
    query: cdnQuerySchema,
    answers: { 200: storyAnswerSchema },
    errors: [401, 404, 429],
    errorBodies: deliveryErrors,
    handler: getContentStory,
  }),
]
