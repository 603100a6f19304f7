import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staticHostingMiddleware } from '../../scripts/vite/static-hosting'

// The static host's rules (scripts/vite/static-hosting.ts, what `vite preview` runs and the model
// for production hosting) served over HTTP from a small build, answering request targets sent
// byte for byte as a hostile client would: nothing redirects off the site, nothing crashes.

const dist = mkdtempSync(path.join(os.tmpdir(), 'contabil-hosting-'))
let server: http.Server
let port: number

beforeAll(async () => {
  for (const file of ['index.html', 'app.html', '404.html', 'contabilidade-em/sao-paulo-sp.html']) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    writeFileSync(path.join(dist, file), `<!doctype html><title>${file}</title>`)
  }
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'assets/app-1.js.map'), '{"version":3}')
  const hosting = staticHostingMiddleware(dist)
  // What vite preview does after the host's rules: files, else nothing here.
  server = http.createServer((req, res) =>
    hosting(req, res, () => res.writeHead(418, { 'Content-Type': 'text/plain' }).end('next')),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dist, { recursive: true, force: true })
})

/** GET with the request target exactly as given (no URL parsing on the way). */
function get(target: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: 'GET' }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe("the host's rules against hostile addresses", () => {
  it('never redirects to another site: what decodes to //host or /\\host is a 404', async () => {
    for (const target of [
      '/%2F%2Fevil.example%2Flogin/',
      '/%5Cevil.example%2Flogin/',
      '/%2F%2F1113982867/',
      '//evil.example/login/',
      '/\\evil.example/login/',
      '/%2F%5Cevil.example/',
    ]) {
      const res = await get(target)
      expect(res, target).toEqual({ status: 404, location: undefined })
    }
  })

  it('answers 400 to a path with a control character, and never puts it in a header', async () => {
    for (const target of ['/x%0D%0ASet-Cookie:%20a=1/', '/s%C3%A3o-paulo%E2%80%AE/', '/a%00b/']) {
      const res = await get(target)
      expect(res, target).toEqual({ status: 400, location: undefined })
    }
  })

  it('redirects non-ASCII paths with an encoded Location (an accented city, an emoji)', async () => {
    const city = await get('/contabilidade-em/s%C3%A3o-paulo-sp/?ref=x%20y')
    expect(city).toEqual({ status: 301, location: '/contabilidade-em/s%C3%A3o-paulo-sp?ref=x%20y' })
    // The plain page still answers, and its trailing slash goes.
    expect(await get('/contabilidade-em/sao-paulo-sp')).toMatchObject({ status: 200 })
    expect(await get('/contabilidade-em/sao-paulo-sp/')).toEqual({
      status: 301,
      location: '/contabilidade-em/sao-paulo-sp',
    })
    expect(await get('/%F0%9F%98%80/')).toEqual({ status: 301, location: '/%F0%9F%98%80' })
  })

  it('keeps source maps off the site', async () => {
    expect(await get('/assets/app-1.js.map')).toMatchObject({ status: 404 })
    // Other files go on to the host's file rules.
    expect(await get('/assets/app-1.js')).toMatchObject({ status: 418 })
  })
})
