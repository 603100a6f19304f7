import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Plugin } from 'vite'
import { findRedirect } from '../../src/schemas/redirects'

// How the production host serves a build (issue 14), here for `vite preview` and the web bench
// (scripts/bench-web.ts); a real host gets the same rules in its own configuration:
//
// - the fixed redirect table (src/schemas/redirects.ts): 301 to its target, the query kept, so an
//   old address works before any script runs (the app applies the same table on client navigation);
// - a prerendered page: /abrir-empresa → abrir-empresa.html, / → index.html (200);
// - the signed-in area and referral links, /app/* and /links/*: the client-side app, app.html (200);
// - /tools/cnae/{code} or a wrong text after the code: 301 to the code's canonical page;
// - an address ending in "/": 301 to the address without it;
// - anything else: 404.html with status 404.
// Files (anything with an extension), /api and /ws are left to the host's other rules.

export type StaticAnswer =
  { status: 200 | 404; file: string } | { status: 301; location: string } | null

const APP_AREA = /^\/(app|links)(\/|$)/
const CNAE_CODE = /^\/tools\/cnae\/(\d{7})(?:-[^/]*)?$/

/** The canonical CNAE pages by code, read from the build once. */
function cnaePages(dist: string): Map<string, string> {
  const folder = path.join(dist, 'tools/cnae')
  const pages = new Map<string, string>()
  if (!existsSync(folder)) return pages
  for (const name of readdirSync(folder))
    if (/^\d{7}-.*\.html$/.test(name)) pages.set(name.slice(0, 7), name.slice(0, -5))
  return pages
}

export function staticResolver(dist: string) {
  let cnaes: Map<string, string> | null = null
  const isFile = (file: string) => existsSync(file) && statSync(file).isFile()
  return (pathname: string, search = ''): StaticAnswer => {
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return { status: 404, file: path.join(dist, '404.html') }
    }
    if (/^\/(api|ws|assets)\//.test(decoded) || path.posix.extname(decoded)) return null
    const redirect = findRedirect(decoded, search)
    if (redirect) return { status: 301, location: redirect }
    if (APP_AREA.test(decoded)) return { status: 200, file: path.join(dist, 'app.html') }
    if (decoded.length > 1 && decoded.endsWith('/'))
      return { status: 301, location: decoded.replace(/\/+$/, '') + search }
    const page = path.join(dist, decoded === '/' ? 'index.html' : `${decoded.slice(1)}.html`)
    if (page.startsWith(dist + path.sep) && isFile(page)) return { status: 200, file: page }
    const code = CNAE_CODE.exec(decoded)?.[1]
    const canonical = code && (cnaes ??= cnaePages(dist)).get(code)
    if (canonical) return { status: 301, location: `/tools/cnae/${canonical}${search}` }
    return { status: 404, file: path.join(dist, '404.html') }
  }
}

/** Sends an answer of staticResolver() (pages are never cached: they change with each build). */
export function sendStatic(
  answer: Exclude<StaticAnswer, null>,
  req: IncomingMessage,
  res: ServerResponse,
) {
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

/** `vite preview` with the host's rules for prerendered pages. */
export function staticHosting(): Plugin {
  return {
    name: 'contabil:static-hosting',
    configurePreviewServer(server) {
      const dist = path.resolve(server.config.root, server.config.build.outDir)
      if (!existsSync(path.join(dist, 'app.html'))) return
      const resolve = staticResolver(dist)
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next()
        const url = new URL(req.url ?? '/', 'http://localhost')
        const answer = resolve(url.pathname, url.search)
        if (!answer) return next()
        sendStatic(answer, req, res)
      })
    },
  }
}
