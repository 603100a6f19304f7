import type { Express } from 'express'

// What the mock server really serves, read from Express's own routing table (Express 4 keeps it
// in `app._router.stack`; routers mounted with `use(router)` nest theirs), so a route added
// without an example in tests/server/contracts fails endpoints.test.ts.

type Layer = {
  name?: string
  regexp?: { fast_slash?: boolean }
  route?: { path: string | string[] | RegExp; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
  match: (pathname: string) => boolean
}

export type ServedEndpoint = {
  method: string
  /**
   * Express's path, `:param` written `{param}` (`:slug(.+)`, a parameter with its own pattern, too;
   * a RegExp route as its source).
   */
  path: string
  /** Whether this route answers a request path (as Express matches it). */
  matches: (pathname: string) => boolean
}

function walk(stack: Layer[], into: ServedEndpoint[]) {
  for (const layer of stack) {
    if (layer.route) {
      const { path, methods } = layer.route
      const shown = (Array.isArray(path) ? path : [path])
        .map((p) => (typeof p === 'string' ? p.replace(/:(\w+)(\([^)]*\))?/g, '{$1}') : String(p)))
        .join(', ')
      for (const [method, on] of Object.entries(methods))
        if (on && method !== '_all')
          into.push({ method: method.toUpperCase(), path: shown, matches: (p) => layer.match(p) })
    } else if (layer.name === 'router' && layer.handle?.stack) {
      // Feature routers are mounted at the root, so their paths are the request paths.
      if (!layer.regexp?.fast_slash) throw new Error('a router mounted below the root')
      walk(layer.handle.stack, into)
    }
  }
}

/**
 * Served, but not part of the API: the health probe, the API's own documentation and the test
 * hooks (docs/api.md "Test hooks").
 */
export const infrastructure: ReadonlySet<string> = new Set([
  'GET /health',
  'GET /openapi.json',
  'GET /docs',
  'GET /docs/assets/{name}',
  'POST /__reset',
  'POST /__test/expire-tokens',
  'POST /__test/companies/{companyId}/reseed',
  'POST /__test/companies/{companyId}/reconcile',
  'GET /__test/reconciliation/runs',
  'POST /__test/sefin-faults',
  'POST /__test/sefin-recovery',
  'POST /__test/sefin-analysis',
])

/** Every route the app serves, in the order Express tries them. */
export function servedEndpoints(app: Express): ServedEndpoint[] {
  const router = (app as unknown as { _router?: { stack: Layer[] } })._router
  if (!router) throw new Error('the app has no router yet')
  const served: ServedEndpoint[] = []
  walk(router.stack, served)
  return served
}

/** The route that answers a request: the first one whose method and path match. */
export const servingRoute = (served: ServedEndpoint[], method: string, pathname: string) =>
  served.find((endpoint) => endpoint.method === method && endpoint.matches(pathname))
