import cors from 'cors'
import type { RequestHandler } from 'express'
import type { ServerConfig } from './config'
import { isLoopbackHost } from './network'

// Which web pages may call the API from a browser. Any page open in the browser of someone running
// the stack could otherwise mint an unsigned emulator token and act as the admin: so only the
// app's own origins get a CORS grant, and a request that a browser marks as coming from any other
// origin is refused before it reaches a route (a cross-site form post included).
//
// The app's origins, one list for the API and the Auth emulator's proxy
// (scripts/auth-emulator-proxy.ts grants the same pages and nothing else): the web URL the stack
// was started with (WEB_URL: `npm start` passes its dev server, `npm run test:e2e` and the
// benches their `vite preview` / build server, whose port they chose), and this server's own
// public URL (its stand-in pages of Cora and the checkout post their forms back to it; its
// `/docs` page signs in at the emulator). `vite preview` runs on the same port as the dev server (vite.config.ts), so
// the web URL covers both. A loopback origin also counts under its other loopback names
// (localhost, 127.0.0.1, [::1]) on the same port: the same server, spelled differently.

export const originMessages = {
  refused: 'Origem não permitida: esta API atende apenas o próprio app Contabil.',
} as const

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/** An address's origin with its loopback aliases (one entry when it is not loopback). */
function originsOf(address: string): string[] {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return []
  }
  if (!isLoopbackHost(url.hostname)) return [url.origin]
  return LOOPBACK_NAMES.map((name) => {
    const alias = new URL(url.origin)
    alias.hostname = name
    return alias.origin
  })
}

/** Where the app's pages come from: its web URL, and the API's own public URL. */
export type AppOrigins = Pick<ServerConfig, 'webUrl' | 'publicUrl'>

/** The origins allowed to call the API, and the Auth emulator, from a browser. */
export const allowedOrigins = (config: AppOrigins) =>
  new Set([...originsOf(config.webUrl), ...originsOf(config.publicUrl)])

/**
 * The API's CORS: a grant for the app's own origins (with the headers storyblok-js-client reads
 * from paged answers), none for others, whose requests are refused with 403. A request without an
 * Origin header (a tool, a server, a top-level navigation) is not a cross-site one and goes on.
 */
export function originPolicy(config: AppOrigins): RequestHandler[] {
  const allowed = allowedOrigins(config)
  const guard: RequestHandler = (req, res, next) => {
    const origin = req.headers.origin
    if (origin === undefined || allowed.has(origin)) return next()
    res.status(403).json({ message: originMessages.refused })
  }
  return [
    guard,
    cors({
      origin: [...allowed],
      exposedHeaders: ['total', 'per-page', 'Location'],
    }),
  ]
}
