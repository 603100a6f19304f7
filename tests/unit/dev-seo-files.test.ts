import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seoFiles } from '../../scripts/vite/seo-files'

// `npm start` (the Vite dev server) answers robots.txt and the sitemaps as the build writes them,
// instead of the app's HTML (docs/build-and-hosting.md). The dev server here has only that plugin;
// the content service may not be running: then the pages come from its fixtures, as in a fresh
// clone.

let vite: ViteDevServer
let server: http.Server
let base = ''

beforeAll(async () => {
  vite = await createServer({
    configFile: false,
    root: path.resolve(import.meta.dirname, '../..'),
    logLevel: 'silent',
    appType: 'spa',
    plugins: [seoFiles()],
    server: { middlewareMode: true },
  })
  server = http.createServer(vite.middlewares)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await vite.close()
})

describe('the dev server', () => {
  it('answers robots.txt as text', async () => {
    const response = await fetch(`${base}/robots.txt`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await response.text()
    expect(text).toContain('Disallow: /app/')
    expect(text).toMatch(/Sitemap: http.*\/sitemap\.xml/)
  })

  it('answers the sitemap index and every sitemap as XML, with dates', async () => {
    const response = await fetch(`${base}/sitemap.xml`)
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/)
    const index = await response.text()
    const files = [...index.matchAll(/<loc>[^<]*\/(sitemaps\/[^<]+)<\/loc><lastmod>/g)].map(
      (match) => match[1]!,
    )
    expect(files).toEqual([
      'sitemaps/paginas.xml',
      'sitemaps/contabilidade-em.xml',
      'sitemaps/contador-em.xml',
      'sitemaps/cnae.xml',
    ])
    const cities = await (await fetch(`${base}/sitemaps/contador-em.xml`)).text()
    expect(cities.match(/<lastmod>/g)).toHaveLength(5571)
    const pages = await (await fetch(`${base}/sitemaps/paginas.xml`)).text()
    expect(pages).toContain('/blog/posts/fator-r</loc>')
    expect(pages).not.toContain('modelos/')
  }, 30_000)
})
