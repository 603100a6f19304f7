import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin } from 'vite'
import { findRedirect } from '../../src/schemas/redirects'

// How the production host serves a build (docs/build-and-hosting.md), here for `vite preview` and
// the web bench (scripts/bench-web.ts); a real host gets the same rules in its own configuration:
//
// - the fixed redirect table (src/schemas/redirects.ts): 301 to its target, the query kept, so an
//   old address works before any script runs (the app applies the same table on client navigation);
// - a prerendered page: /abrir-empresa → abrir-empresa.html, / → index.html (200);
// - the signed-in area and referral links, /app/* and /links/*: the client-side app, app.html (200);
// - /tools/cnae/{code} or a wrong text after the code: 301 to the code's canonical page;
// - an address ending in "/": 301 to the address without it;
// - anything else: 404.html with status 404.
// Files (anything with an extension), /api and /ws are left to the host's other rules, except
// source maps (*.map): kept for error reports, never served (404).
//
// The rules read the path as sent (docs/build-and-hosting.md): a control character is a 400; a path
// that decodes to `//…` or `/\…` is a 404, never a redirect (as a `Location` a browser reads it as
// another site); every `Location` is percent-encoded and checked to stay on this site.

export type StaticAnswer =
  { status: 200 | 404; file: string } | { status: 301; location: string } | { status: 400 } | null

const APP_AREA = /^\/(app|links)(\/|$)/
const CNAE_CODE = /^\/tools\/cnae\/(\d{7})(?:-[^/]*)?$/
// Control characters (C0, DEL, C1) and the bidirectional overrides that make an address read
// other than it is: no page has them, and none may reach a header.
const CONTROL = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u
// What may stay as it is in a path or a query (RFC 3986 pchar, `/`, `?`, and `%` of an escape).
const URL_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/

/** The canonical CNAE pages by code, read from the build once. */
function cnaePages(dist: string): Map<string, string> {
  const folder = path.join(dist, 'tools/cnae')
  const pages = new Map<string, string>()
  if (!existsSync(folder)) return pages
  for (const name of readdirSync(folder))
    if (/^\d{7}-.*\.html$/.test(name)) pages.set(name.slice(0, 7), name.slice(0, -5))
  return pages
}

/** A raw path or query with every character a URL may not hold as it is percent-encoded. */
const escapeRaw = (raw: string) =>
  [...raw]
    .map((char) =>
      URL_SAFE.test(char)
        ? char
        : [...Buffer.from(char, 'utf8')]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''),
    )
    .join('')

/** A decoded path as a `Location`: each segment percent-encoded (accents, spaces, `?`, `#`…). */
const encodePath = (decoded: string) => decoded.split('/').map(encodeURIComponent).join('/')

/**
 * A path (already encoded) the browser resolves on this site: a `Location` that would lead
 * elsewhere (`//host`, `/\host`, or anything that resolves to another host) is never sent.
 */
function onThisSite(location: string): boolean {
  const base = 'http://this-site.invalid'
  try {
    return location.startsWith('/') && new URL(location, base).origin === base
  } catch {
    return false
  }
}

/** The path and query of a raw request target (`req.url`), as sent: nothing decoded. */
export function splitTarget(target: string): { pathname: string; search: string } {
  const question = target.indexOf('?')
  return question === -1
    ? { pathname: target, search: '' }
    : { pathname: target.slice(0, question), search: target.slice(question) }
}

/**
 * The host's answer for a request, from its raw path and query (as sent, still percent-encoded:
 * what a `%2F` or `%5C` stands for matters). An address with a control character is a 400; one
 * whose path would start with `//` or `/\` once decoded is a 404, never a redirect (a browser
 * would read such a `Location` as another site); every `Location` is percent-encoded.
 */
export function staticResolver(dist: string) {
  let cnaes: Map<string, string> | null = null
  const isFile = (file: string) => existsSync(file) && statSync(file).isFile()
  const notFound = { status: 404 as const, file: path.join(dist, '404.html') }
  const redirect = (location: string): StaticAnswer =>
    onThisSite(location) ? { status: 301, location } : notFound
  return (rawPathname: string, rawSearch = ''): StaticAnswer => {
    if (!rawPathname.startsWith('/')) return { status: 400 }
    const pathname = escapeRaw(rawPathname)
    const search = escapeRaw(rawSearch)
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return notFound
    }
    if (CONTROL.test(decoded)) return { status: 400 }
    if (/^\/[/\\]/.test(decoded)) return notFound
    // Source maps stay with the build for error reports; the host never serves them.
    if (path.posix.extname(decoded) === '.map') return notFound
    if (/^\/(api|ws|assets)\//.test(decoded) || path.posix.extname(decoded)) return null
    const fixed = findRedirect(decoded, search)
    if (fixed) return redirect(fixed)
    if (APP_AREA.test(decoded)) return { status: 200, file: path.join(dist, 'app.html') }
    if (decoded.length > 1 && decoded.endsWith('/'))
      return redirect(encodePath(decoded.replace(/\/+$/, '')) + search)
    const page = path.join(dist, decoded === '/' ? 'index.html' : `${decoded.slice(1)}.html`)
    if (page.startsWith(dist + path.sep) && isFile(page)) return { status: 200, file: page }
    const code = CNAE_CODE.exec(decoded)?.[1]
    const canonical = code && (cnaes ??= cnaePages(dist)).get(code)
    if (canonical) return redirect(`/tools/cnae/${encodeURIComponent(canonical)}${search}`)
    return notFound
  }
}

/** Sends an answer of staticResolver() (pages are never cached: they change with each build). */
export function sendStatic(
  answer: Exclude<StaticAnswer, null>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (answer.status === 400) {
    res
      .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
      .end('Endereço inválido.')
    return
  }
  if (answer.status === 301) {
    res.writeHead(301, { Location: answer.location, 'Cache-Control': 'no-cache' }).end()
    return
  }
  const body = readFileSync(answer.file)
  res.writeHead(answer.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** The host's rules as a connect middleware over a build (what `vite preview` runs). */
export function staticHostingMiddleware(dist: string) {
  const resolve = staticResolver(dist)
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const { pathname, search } = splitTarget(req.url ?? '/')
    const answer = resolve(pathname, search)
    if (!answer) return next()
    sendStatic(answer, req, res)
  }
}

/** `vite preview` with the host's rules for prerendered pages. */
export function staticHosting(): Plugin {
  return {
    name: 'contabil:static-hosting',
    configurePreviewServer(server) {
      const dist = path.resolve(server.config.root, server.config.build.outDir)
      if (!existsSync(path.join(dist, 'app.html'))) return
      server.middlewares.use(staticHostingMiddleware(dist))
    },
  }
}
