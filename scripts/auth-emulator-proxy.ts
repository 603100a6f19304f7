import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { hostCheck, MISDIRECTED } from '../mock-server/network'
import { allowedOrigins, type AppOrigins } from '../mock-server/origins'

// The one door to the Auth emulator. The emulator (firebase-tools) answers every origin, treats
// `Authorization: Bearer owner` (or any `ya29.` token) as the project's administrator, keeps each
// account's password in plain text inside its fake hash, and serves its admin REST paths (every
// account, the e-mail codes, the configuration) to anyone: reached from a web page, it would hand
// that page every local account and let it set the custom claims the API trusts. So the emulator
// listens on an inner port that only this proxy is told (scripts/stack.ts), and this proxy:
//
// - answers only requests that name it as this machine does (a loopback name on its port): a page
//   that rebinds its own name to 127.0.0.1 is refused (421);
// - grants a browser page only the app's own origins, the list the API grants
//   (mock-server/origins.ts: the web app under its loopback names, and the API's own pages, whose
//   `/docs` signs in here); any other origin is refused (403) before the emulator sees it;
// - refuses to every browser request (one with an Origin, or with the Fetch Metadata a browser
//   adds) an administrator's credential and the emulator's admin paths (`adminPath`); without an
//   Origin, a browser reaches only the pages the sign-in flows open (the popup, the helper iframe,
//   an e-mail link) and the gapi stand-in;
// - lets everything through for this machine's own tools (firebase-admin in the mock server, the
//   tests, the seeders), which send neither an Origin nor Fetch Metadata;
// - writes its own address where the emulator writes the inner one (the links of e-mail codes);
// - serves a local stand-in for Google's iframe loader (https://apis.google.com/js/api.js), which
//   the emulator's helper iframe and the Firebase SDK load for popup sign-in, at OFFLINE_GAPI_PATH,
//   so that flow works offline. The web app (emulator mode only) loads the same stand-in.

export const OFFLINE_GAPI_PATH = '/__offline/gapi.js'
const GOOGLE_GAPI = 'https://apis.google.com/js/api.js'
const standIn = () => readFileSync(path.join(import.meta.dirname, 'emulator/gapi-stand-in.js'))

export const proxyMessages = {
  host:
    'Endereço não reconhecido: o emulador de autenticação só atende pelos nomes desta máquina ' +
    '(localhost, 127.0.0.1 ou [::1]) na porta em que escuta.',
  origin: 'Origem não permitida: o emulador de autenticação atende apenas o próprio app Contabil.',
  admin:
    'Acesso de administrador ao emulador de autenticação não é aceito de páginas web: use as ' +
    'ferramentas desta máquina (o servidor simulado, os testes).',
  page: 'Este endereço do emulador de autenticação não é aberto por páginas web.',
  down: 'O emulador de autenticação não está respondendo.',
} as const

/**
 * The emulator's paths that only an administrator uses, whoever calls them (as the emulator's
 * own API description and handlers say):
 * - `/emulator/v1/…`: every e-mail and SMS code, the configuration, deleting every account (no
 *   credential asked at all);
 * - `…/v1/projects/{project}/…` and `…/v2/projects/{project}/…`: the calls that name a project
 *   (accounts:query, accounts:batchGet, batchCreate, batchDelete, an account looked up, changed or
 *   deleted by id, session cookies, tenants, identity providers, the configuration), which the
 *   emulator serves to the `owner` credential;
 * - `:queryAccounts`, and the legacy names of the same (`downloadAccount`, `uploadAccount`,
 *   `setProjectConfig`) under `/www.googleapis.com/identitytoolkit/v3/relyingparty/`;
 * - `/_admin/…` (reserved for an admin interface).
 * The path is judged decoded and in lower case (the emulator's router ignores case), with its
 * dot segments, repeated and trailing slashes resolved, so no spelling of it slips past.
 */
export function adminPath(rawUrl: string): boolean {
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(rawUrl, 'http://proxy').pathname)
  } catch {
    return true
  }
  // The emulator's router takes `/a/` for `/a` (Express's non-strict routing): trailing slashes
  // go too.
  const p = pathname
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/+$/, '$1')
  return (
    /^\/emulator\/v\d+(\/|$)/.test(p) ||
    /\/v\d+\/projects\/[^/]+/.test(p) ||
    /:queryaccounts$/.test(p) ||
    /\/relyingparty\/(downloadaccount|uploadaccount|setprojectconfig)$/.test(p) ||
    /^\/_admin(\/|$)/.test(p) ||
    // A path that still holds a dot segment after decoding could mean anything to the router.
    /(^|\/)\.\.?(\/|$)/.test(p)
  )
}

/** The pages a browser opens on the emulator without an Origin: the sign-in flows' own. */
const browserPage = (rawUrl: string) => {
  const pathname = new URL(rawUrl, 'http://proxy').pathname
  return pathname === '/emulator/action' || pathname.startsWith('/emulator/auth/')
}

/**
 * A request a browser sent: it carries an Origin (every cross-origin call, and every same-origin
 * one but a GET), or the Fetch Metadata browsers add to every request (`Sec-Fetch-Site`; Node's
 * fetch sends `Sec-Fetch-Mode` alone). Tools send neither.
 */
export const fromBrowser = (headers: http.IncomingHttpHeaders) =>
  headers.origin !== undefined || headers['sec-fetch-site'] !== undefined

type Verdict = { status: number; message: string } | null

/** Why a request is refused, or null when it may reach the emulator. */
export function refusal(
  req: Pick<http.IncomingMessage, 'headers' | 'socket' | 'url' | 'method'>,
  policy: {
    isOwnHost: (req: Pick<http.IncomingMessage, 'headers' | 'socket'>) => boolean
    origins: Set<string>
  },
): Verdict {
  if (!policy.isOwnHost(req)) return { status: MISDIRECTED, message: proxyMessages.host }
  if (!fromBrowser(req.headers)) return null
  const url = req.url ?? '/'
  const origin = req.headers.origin
  if (origin !== undefined && !policy.origins.has(origin))
    return { status: 403, message: proxyMessages.origin }
  // An administrator's credential, or a preflight asking leave to send one.
  const credential =
    req.headers.authorization !== undefined ||
    /(^|,)\s*authorization\s*(,|$)/i.test(
      String(req.headers['access-control-request-headers'] ?? ''),
    )
  if (credential || adminPath(url)) return { status: 403, message: proxyMessages.admin }
  if (origin === undefined) {
    const navigation = req.headers['sec-fetch-mode'] === 'navigate' && browserPage(url)
    if (!navigation && !url.startsWith(OFFLINE_GAPI_PATH))
      return { status: 403, message: proxyMessages.page }
  }
  return null
}

/** The emulator's error shape (the Firebase SDK reads `error.message`). */
const refuse = (res: http.ServerResponse, verdict: { status: number; message: string }) => {
  const body = JSON.stringify({ error: { code: verdict.status, message: verdict.message } })
  res.writeHead(verdict.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  })
  res.end(body)
}

/** Answers whose text may hold the emulator's own address (links of e-mail codes, pages). */
const textual = (type: string | undefined) => /json|html|text/.test(String(type))

export type ProxyOptions = {
  /**
   * The app's web URL and the API's public URL: their origins (mock-server/origins.ts) may call
   * the emulator from a browser. Without them, no browser page may.
   */
  origins?: AppOrigins
}

export function startAuthEmulatorProxy(
  listenPort: number,
  targetPort: number,
  options: ProxyOptions = {},
): Promise<http.Server> {
  const script = standIn()
  const policy = {
    isOwnHost: hostCheck({}),
    origins: options.origins ? allowedOrigins(options.origins) : new Set<string>(),
  }
  // The emulator writes its links with the address it listens on; the world knows this one.
  const inner = new RegExp(`(127\\.0\\.0\\.1|localhost):${targetPort}(?!\\d)`, 'g')
  const outer = `127.0.0.1:${listenPort}`
  const server = http.createServer((req, res) => {
    const verdict = refusal(req, policy)
    if (verdict) return refuse(res, verdict)
    const url = req.url ?? '/'
    if (req.method === 'GET' && url.startsWith(OFFLINE_GAPI_PATH)) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': script.length,
        'Cache-Control': 'no-cache',
      })
      res.end(script)
      return
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: url, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers }
        if (typeof headers.location === 'string')
          headers.location = headers.location.replace(inner, outer)
        if (!textual(headers['content-type']) || headers['content-encoding']) {
          res.writeHead(answer.statusCode ?? 502, headers)
          answer.pipe(res)
          return
        }
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          let text = Buffer.concat(chunks).toString('utf8').replace(inner, outer)
          if (
            url.startsWith('/emulator/auth/iframe') &&
            /text\/html/.test(String(headers['content-type']))
          )
            text = text.replace(GOOGLE_GAPI, OFFLINE_GAPI_PATH)
          delete headers['transfer-encoding']
          headers['content-length'] = String(Buffer.byteLength(text))
          res.writeHead(answer.statusCode ?? 200, headers)
          res.end(text)
        })
        answer.on('error', () => res.destroy())
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) refuse(res, { status: 502, message: proxyMessages.down })
      else res.end()
    })
    req.pipe(upstream)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, '127.0.0.1', () => resolve(server))
  })
}
