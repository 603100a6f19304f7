import { z } from 'zod'
import { endpoint, type Call } from '../../api'
import { decideAuthorization, renderAuthorizePage } from './cora'

// Cora's own consent page, stood in (PRODUCT.md "External services"): public, it is the bank's
// site. The person authorizes (or not) and is sent back to the web app's callback.

function showAuthorizePage({ store, res, req }: Call) {
  const { status, html } = renderAuthorizePage(store, req.query.state)
  res.status(status).type('html').send(html)
}

async function decideAuthorizePage({ store, config, res, req }: Call) {
  const body = (req.body ?? {}) as Record<string, unknown>
  const answer = store.write(() =>
    decideAuthorization(store, config.webUrl, body.state, body.decision),
  )
  // It answers by itself (a redirect or a page): only once what it wrote is on disk.
  await store.durable()
  if (answer.location) res.redirect(302, answer.location)
  else res.status(answer.status).type('html').send(answer.html)
}

export const coraEndpoints = [
  endpoint({
    method: 'GET',
    path: '/cora/oauth/authorize',
    summary: "Cora's consent page (stand-in).",
    access: 'public',
    // What the app's authorize link carries (finance/cora.ts `startCoraAuthorization`), as Cora's
    // OAuth 2.0 authorization request has it; only `state` is read.
    query: z.object({
      state: z.string().max(200).optional(),
      client_id: z.string().max(200).optional(),
      response_type: z.literal('code').optional(),
      scope: z.string().max(500).optional(),
      redirect_uri: z.string().max(2000).optional(),
    }),
    answers: { 200: { media: 'text/html' } },
    errors: [400],
    handler: showAuthorizePage,
  }),
  endpoint({
    method: 'POST',
    path: '/cora/oauth/authorize',
    summary: "Its answer: to the app's callback with the code, or the denial.",
    access: 'public',
    body: z.object({ state: z.string(), decision: z.enum(['allow', 'deny']) }),
    bodyParsedBy: 'handler',
    answers: { 302: { media: 'redirect' } },
    errors: [400],
    handler: decideAuthorizePage,
  }),
]
