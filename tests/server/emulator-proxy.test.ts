import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminPath, OFFLINE_GAPI_PATH, proxyMessages } from '../../scripts/auth-emulator-proxy'
import { freePortBlock } from '../../scripts/ports'
import { startEmulator, type Service } from '../../scripts/stack'
import { rawRequest } from './raw-request'

// The Auth emulator answers any origin (docs/security.md), treats `Bearer owner` as its
// administrator and keeps every password in its fake hashes. A web page must reach none of that:
// the emulator sits behind its proxy (scripts/auth-emulator-proxy.ts), which answers only this
// machine's names, grants only the app's own origins (the API's list, mock-server/origins.ts),
// refuses the admin credential and the admin paths to every browser request, and lets this
// machine's tools through. Proven against the emulator as `npm start` runs it (scripts/stack.ts).

const PROJECT = 'demo-contabil'
const WEB_URL = 'http://localhost:5173'
const API_URL = 'http://localhost:3000'
const APP = 'http://127.0.0.1:5173'
const EVIL = 'https://evil.example'
const ANA = { email: 'ana@contabil.dev', password: 'Cliente#2026', returnSecureToken: true }

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-proxy-'))
let emulator: Service
let port: number
let base: string

beforeAll(async () => {
  port = await freePortBlock(1)
  emulator = await startEmulator({
    port,
    dataDir,
    persist: false,
    quiet: true,
    origins: { webUrl: WEB_URL, publicUrl: API_URL },
  })
  base = `http://127.0.0.1:${port}`
}, 120_000)
afterAll(async () => {
  await emulator?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const signInPath = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any'

const raw = (method: string, pathname: string, headers: Record<string, string>, body?: string) =>
  rawRequest(port, method, pathname, headers, body)

const messageOf = async (res: Response) =>
  ((await res.json()) as { error?: { message?: string } }).error?.message

/** What a browser page at `origin` sends with a fetch (Fetch Metadata included). */
const browser = (origin: string, site = 'cross-site') => ({
  Origin: origin,
  'Sec-Fetch-Site': site,
  'Sec-Fetch-Mode': 'cors',
  'Sec-Fetch-Dest': 'empty',
})

/** A browser's preflight of a sign-in, asking leave to send `requestHeaders`. */
const preflight = (origin: string, requestHeaders: string) =>
  fetch(base + signInPath, {
    method: 'OPTIONS',
    headers: {
      ...browser(origin),
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': requestHeaders,
    },
  })

const signIn = (headers: Record<string, string> = {}) =>
  fetch(base + signInPath, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(ANA),
  })

/** ana's sign-in, naming the proxy by `host`. */
const signInAs = (host: string) =>
  raw('POST', signInPath, { Host: host, 'Content-Type': 'application/json' }, JSON.stringify(ANA))

describe('which names it answers (Host)', () => {
  it('refuses a foreign Host, a rebound name included, before the emulator sees it', async () => {
    for (const host of [`rebind.evil.example:${port}`, 'evil.example', `localhost:${port + 1}`]) {
      const res = await signInAs(host)
      expect(res.status, host).toBe(421)
      expect(JSON.parse(res.text).error.message, host).toBe(proxyMessages.host)
      expect(res.text, host).not.toContain('idToken')
    }
  })

  it('answers its loopback names on its port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const res = await signInAs(host)
      expect(res.status, host).toBe(200)
    }
  })
})

describe('which pages may call it (CORS)', () => {
  it('gives a foreign origin no grant and refuses its calls, a preflight included', async () => {
    const refused = await preflight(EVIL, 'content-type')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    for (const origin of [EVIL, 'null', 'http://localhost:5174', 'http://192.0.2.7:5173']) {
      const res = await signIn(browser(origin))
      expect(res.status, origin).toBe(403)
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
      expect(await messageOf(res), origin).toBe(proxyMessages.origin)
    }
  })

  it("lets the app's origins sign in, under any loopback name, and the API's /docs page", async () => {
    for (const origin of [WEB_URL, APP, 'http://[::1]:5173', API_URL, 'http://127.0.0.1:3000']) {
      const granted = await preflight(origin, 'content-type,x-client-version')
      expect(granted.status, origin).toBe(204)
      expect(granted.headers.get('access-control-allow-origin'), origin).toBe(origin)
      const res = await signIn(browser(origin))
      expect(res.status, origin).toBe(200)
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin)
      expect(((await res.json()) as { idToken?: string }).idToken, origin).toMatch(/^ey/)
    }
  })
})

/** Every path of the emulator's API description that only an administrator calls. */
function adminPathsOfTheEmulator(): { method: string; path: string }[] {
  const require = createRequire(import.meta.url)
  const spec = (
    require('firebase-tools/lib/emulator/auth/apiSpec.js') as {
      default: {
        servers: { url: string }[]
        paths: Record<string, Record<string, unknown> & { servers?: { url: string }[] }>
      }
    }
  ).default
  const found: { method: string; path: string }[] = []
  for (const [template, item] of Object.entries(spec.paths)) {
    if (!template.includes('{targetProjectId}') && !template.startsWith('/emulator/')) continue
    const server = (item.servers ?? spec.servers)[0]!.url.replace('https://', '/')
    const concrete = template
      .replace('{targetProjectId}', PROJECT)
      .replace('{tenantId}', 'tenant-1')
      .replace(/\{\w+\}/g, 'x')
    for (const method of Object.keys(item))
      if (['get', 'post', 'patch', 'delete', 'put'].includes(method))
        found.push({ method: method.toUpperCase(), path: server + concrete })
  }
  return found
}

describe("the emulator's administrator", () => {
  it('is refused to a browser page, even the app’s own: Bearer owner on any path', async () => {
    const calls = [
      `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:query`,
      '/identitytoolkit.googleapis.com/v1/accounts:update?key=any',
      '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=any',
      signInPath,
    ]
    for (const call of calls)
      for (const token of ['owner', 'ya29.anything']) {
        const res = await fetch(base + call, {
          method: 'POST',
          headers: {
            ...browser(WEB_URL),
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
          },
          body: JSON.stringify({ localId: 'uid-ana', disableUser: true, returnUserInfo: true }),
        })
        expect(res.status, `${call} ${token}`).toBe(403)
        expect(res.headers.get('access-control-allow-origin')).toBeNull()
        expect(await messageOf(res)).toBe(proxyMessages.admin)
      }
    // Nor may a page ask leave to send one.
    const asking = await preflight(WEB_URL, 'content-type,authorization')
    expect(asking.status).toBe(403)
    // ana was not disabled: she still signs in.
    expect((await signIn(browser(WEB_URL))).status).toBe(200)
  })

  it("refuses every admin path of the emulator's API to a browser page, with or without an Origin", async () => {
    const paths = adminPathsOfTheEmulator()
    // accounts:query and batchGet, the e-mail codes, the configuration, deleting every account…
    expect(paths.length).toBeGreaterThan(40)
    const spellings = [
      { method: 'GET', path: `/EMULATOR/v1/projects/${PROJECT}/oobCodes` },
      { method: 'GET', path: `//emulator//v1/projects/${PROJECT}/oobCodes` },
      { method: 'GET', path: `/emulator/auth/../v1/projects/${PROJECT}/oobCodes` },
      { method: 'GET', path: `/emulator%2Fv1%2Fprojects/${PROJECT}/oobCodes` },
      {
        method: 'POST',
        path: '/www.googleapis.com/identitytoolkit/v3/relyingparty/downloadAccount',
      },
      { method: 'POST', path: '/www.googleapis.com/identitytoolkit/v3/relyingparty/uploadAccount' },
      {
        method: 'POST',
        path: '/www.googleapis.com/identitytoolkit/v3/relyingparty/setProjectConfig',
      },
      { method: 'GET', path: '/_admin/accounts' },
      // A trailing slash, percent-encoded letters, another case: the router reads the same path.
      {
        method: 'POST',
        path: '/www.googleapis.com/identitytoolkit/v3/relyingparty/downloadAccount/',
      },
      {
        method: 'POST',
        path: '/www.googleapis.com/identitytoolkit/v3/relyingparty/%64ownload%41ccount',
      },
      {
        method: 'POST',
        path: '/www.googleapis.com/identitytoolkit/v3/relyingparty/UPLOADACCOUNT//',
      },
      {
        method: 'POST',
        path: `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:query/`,
      },
      { method: 'POST', path: '/identitytoolkit.googleapis.com/v1/accounts:queryAccounts/' },
      { method: 'GET', path: '/emulator/v1/' },
      { method: 'GET', path: '/_ADMIN/' },
    ]
    for (const { method, path: pathname } of [...paths, ...spellings]) {
      expect(adminPath(pathname), pathname).toBe(true)
      const hasBody = method !== 'GET' && method !== 'DELETE'
      for (const headers of [
        browser(WEB_URL),
        browser(API_URL, 'same-site'),
        // A page's no-cors request or navigation: no Origin, but Fetch Metadata.
        { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image' },
        {
          'Sec-Fetch-Site': 'cross-site',
          'Sec-Fetch-Mode': 'navigate',
          'Sec-Fetch-Dest': 'document',
        },
      ]) {
        const res = await raw(
          method,
          pathname,
          {
            Host: `127.0.0.1:${port}`,
            ...headers,
            ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
          },
          hasBody ? '{}' : undefined,
        )
        expect(res.status, `${method} ${pathname} ${JSON.stringify(headers)}`).toBe(403)
        expect(res.headers['access-control-allow-origin']).toBeUndefined()
      }
    }
    // Nothing reached the emulator: every account is still there.
    expect((await signIn(browser(WEB_URL))).status).toBe(200)
  })

  it("is this machine's tools' (no Origin, no Fetch Metadata): the mock server, the tests", async () => {
    const query = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:query`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ returnUserInfo: true }),
      },
    )
    expect(query.status).toBe(200)
    expect(((await query.json()) as { userInfo: unknown[] }).userInfo.length).toBeGreaterThan(5)
    const codes = await fetch(`${base}/emulator/v1/projects/${PROJECT}/oobCodes`)
    expect(codes.status).toBe(200)
  })
})

describe('the sign-in flows', () => {
  it("hands out e-mail links at the proxy's address, never the emulator's inner one", async () => {
    const sent = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=any`,
      {
        method: 'POST',
        headers: { ...browser(WEB_URL), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          requestType: 'EMAIL_SIGNIN',
          email: ANA.email,
          continueUrl: `${WEB_URL}/app/login`,
          canHandleCodeInApp: true,
        }),
      },
    )
    expect(sent.status).toBe(200)
    const { oobCodes } = (await (
      await fetch(`${base}/emulator/v1/projects/${PROJECT}/oobCodes`)
    ).json()) as { oobCodes: { email: string; oobLink: string }[] }
    const link = new URL(oobCodes.findLast((code) => code.email === ANA.email)!.oobLink)
    expect(link.origin).toBe(base)
    // Opened in a browser (a navigation from the mail), it reaches the emulator's action page.
    const opened = await raw('GET', link.pathname + link.search, {
      Host: link.host,
      'Sec-Fetch-Site': 'none',
      'Sec-Fetch-Mode': 'navigate',
      'Sec-Fetch-Dest': 'document',
    })
    expect(opened.status).toBe(303)
    expect(opened.headers.location).toMatch(new RegExp(`^${WEB_URL}/app/login\\?`))
  })

  it('opens the popup, the helper iframe and the gapi stand-in for a federated sign-in', async () => {
    // What another page's browser sends: no Origin, its Fetch Metadata.
    const get = (pathname: string, mode: 'navigate' | 'no-cors', dest: string) =>
      raw('GET', pathname, {
        Host: `127.0.0.1:${port}`,
        'Sec-Fetch-Site': 'cross-site',
        'Sec-Fetch-Mode': mode,
        'Sec-Fetch-Dest': dest,
      })
    const app = 'apiKey=any&appName=%5BDEFAULT%5D'
    const popup = await get(
      `/emulator/auth/handler?${app}&providerId=google.com`,
      'navigate',
      'document',
    )
    expect(popup.status).toBe(200)
    expect(popup.headers['content-type']).toContain('text/html')
    const iframe = await get(`/emulator/auth/iframe?${app}`, 'navigate', 'iframe')
    expect(iframe.status).toBe(200)
    expect(iframe.text).toContain(OFFLINE_GAPI_PATH)
    expect(iframe.text).not.toContain('apis.google.com')
    const script = await get(OFFLINE_GAPI_PATH, 'no-cors', 'script')
    expect(script.status).toBe(200)
    expect(script.headers['content-type']).toContain('javascript')
    // A page's no-cors request to the REST API (an image, a script) is no sign-in flow.
    const sneaky = await get(
      '/identitytoolkit.googleapis.com/v1/projects?key=any',
      'no-cors',
      'image',
    )
    expect(sneaky.status).toBe(403)
    expect(JSON.parse(sneaky.text).error.message).toBe(proxyMessages.page)
  })
})
