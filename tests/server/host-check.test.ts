import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostMessages } from '../../mock-server/network'
import { ADMIN, signIn, startTestServer, type TestServer } from './harness'
import { rawRequest } from './raw-request'

// DNS rebinding (docs/security.md): a page on evil.example that makes its name resolve to 127.0.0.1
// calls the API "same origin" (no Origin header) with an unsigned emulator token of the admin. The
// API answers only requests that name it by its own address (mock-server/network.ts): any other
// Host is refused with 421 before any route — the token never looked at, nothing answered.

let server: TestServer
let port: number
let adminToken: string

beforeAll(async () => {
  server = await startTestServer()
  port = Number(new URL(server.url).port)
  adminToken = await signIn(ADMIN.email, ADMIN.password)
})
afterAll(() => server.close())

/** A request with the Host a rebinding page's browser would send (fetch will not set Host). */
const call = (
  method: string,
  pathname: string,
  host: string,
  headers: Record<string, string> = {},
) => rawRequest(port, method, pathname, { ...headers, Host: host })

describe('a foreign Host (DNS rebinding)', () => {
  it('is refused with 421 before any route, even with a valid admin token', async () => {
    const asAdmin = { Authorization: `Bearer ${adminToken}` }
    for (const host of [
      `rebind.evil.example:${port}`,
      'rebind.evil.example',
      `evil.example.localhost.evil:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost:${port}@evil.example`,
    ])
      for (const pathname of [
        '/companies',
        '/admin/users',
        '/companies/cmp-ana-design',
        '/download/das-estudio-eva.pdf?companyId=cmp-eva-studio',
        '/health',
        '/docs',
        '/openapi.json',
      ]) {
        const res = await call('GET', pathname, host, asAdmin)
        expect(res.status, `${host} ${pathname}`).toBe(421)
        expect(JSON.parse(res.text), `${host} ${pathname}`).toEqual({
          message: hostMessages.refused,
        })
        expect(res.headers['access-control-allow-origin']).toBeUndefined()
      }
    // A write is refused the same way, and changes nothing.
    const before = server.store.snapshot()
    const reset = await call('POST', '/__reset', `rebind.evil.example:${port}`, asAdmin)
    expect(reset.status).toBe(421)
    expect(server.store.snapshot()).toEqual(before)
  })

  it('is refused on another port of a loopback name too (another local server)', async () => {
    const res = await call('GET', '/companies', `localhost:${port + 1}`, {
      Authorization: `Bearer ${adminToken}`,
    })
    expect(res.status).toBe(421)
  })
})

describe("the stack's own names", () => {
  it('answer as before: loopback names on its port, and its configured public URL', async () => {
    const publicHost = new URL(server.config.publicUrl).host
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, publicHost]) {
      const res = await call('GET', '/companies?limit=1', host, {
        Authorization: `Bearer ${adminToken}`,
      })
      expect(res.status, host).toBe(200)
      expect(JSON.parse(res.text).total, host).toBeGreaterThan(10)
    }
  })

  it("what a proxy in front of it forwards (vite's changeOrigin, the benches' static host)", async () => {
    const res = await call('GET', '/api/city-search?q=Recife', `localhost:${port}`, {
      'X-Forwarded-Host': 'localhost:5173',
    })
    expect(res.status).toBe(200)
  })
})
