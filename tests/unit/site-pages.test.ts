import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pageFile, sitePages, SITEMAP_FILES } from '../../src/schemas/site-pages'
import { seoFileContents } from '../../scripts/vite/seo-files'
import { staticResolver } from '../../scripts/vite/static-hosting'

// One list of public pages for the prerendering, the sitemaps and the host's rules.

const stories = [
  { full_slug: 'home', published_at: '2026-05-01T10:00:00.000Z' },
  { full_slug: 'abrir-empresa', published_at: '2026-04-01T10:00:00.000Z' },
  { full_slug: 'blog', published_at: '2026-03-01T10:00:00.000Z' },
  { full_slug: 'blog/posts/fator-r', published_at: '2026-05-11T10:00:00.000Z' },
  { full_slug: 'areas/saude', published_at: '2026-02-01T10:00:00.000Z' },
  { full_slug: 'lp/irpf/2025', published_at: '2026-02-02T10:00:00.000Z' },
  { full_slug: 'tools/cnae', published_at: '2026-02-03T10:00:00.000Z' },
  { full_slug: 'modelos/contabilidade-em', published_at: '2026-07-06T12:00:00.000Z' },
  { full_slug: 'modelos/cnae', published_at: '2026-01-06T12:00:00.000Z' },
  { full_slug: 'planos/plan-servicos', published_at: '2026-01-06T12:00:00.000Z' },
  { full_slug: 'depoimentos/ana', published_at: '2026-01-06T12:00:00.000Z' },
  { full_slug: 'lp/sem-rota', published_at: '2026-01-06T12:00:00.000Z' },
]
const pages = sitePages({
  stories,
  citySlugs: ['recife-pe', 'sao-paulo-sp'],
  cnaes: [{ code: '6201501', text: 'Desenvolvimento de programas de computador sob encomenda' }],
})

describe('sitePages', () => {
  it('lists the pages the site has routes for, templates and parts left out', () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/abrir-empresa',
      '/areas/saude',
      '/blog',
      '/blog/posts/fator-r',
      '/lp/irpf/2025',
      '/tools/cnae',
      '/contabilidade-em/recife-pe',
      '/contabilidade-em/sao-paulo-sp',
      // No published contador-em template: no pages under that prefix.
      '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
    ])
  })

  it('dates a generated page by its template', () => {
    const city = pages.find((page) => page.kind === 'city')!
    expect(city.lastmod).toBe('2026-07-06T12:00:00.000Z')
    const cnae = pages.find((page) => page.kind === 'cnae')!
    expect(cnae.lastmod).toBe('2026-01-06T12:00:00.000Z')
  })

  it('writes each page to its own file', () => {
    expect(pageFile('/')).toBe('index.html')
    expect(pageFile('/blog')).toBe('blog.html')
    expect(pageFile('/contador-em/recife-pe')).toBe('contador-em/recife-pe.html')
  })
})

describe('the sitemaps', () => {
  const files = seoFileContents('https://contabil.dev', pages)

  it('list every page once, with its last change', () => {
    const listed = SITEMAP_FILES.flatMap(({ file }) =>
      [
        ...files[file]!.matchAll(
          /<url><loc>https:\/\/contabil\.dev([^<]*)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g,
        ),
      ].map((match) => match[1]),
    )
    expect(listed.sort()).toEqual(pages.map((page) => page.path).sort())
  })

  it('point from the index with the newest change of each', () => {
    expect(files['sitemap.xml']).toContain(
      '<sitemap><loc>https://contabil.dev/sitemaps/paginas.xml</loc><lastmod>2026-05-11</lastmod></sitemap>',
    )
    expect(files['sitemap.xml']).toContain(
      '<sitemap><loc>https://contabil.dev/sitemaps/contador-em.xml</loc></sitemap>',
    )
    expect(files['robots.txt']).toContain('Sitemap: https://contabil.dev/sitemap.xml')
  })
})

describe("the host's rules for a build", () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'contabil-static-'))
  afterAll(() => rmSync(dist, { recursive: true, force: true }))
  for (const file of ['index.html', 'app.html', '404.html', 'blog.html', 'blog/posts/fator-r.html'])
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
  for (const file of ['index.html', 'app.html', '404.html', 'blog.html', 'blog/posts/fator-r.html'])
    writeFileSync(path.join(dist, file), file)
  mkdirSync(path.join(dist, 'tools/cnae'), { recursive: true })
  writeFileSync(path.join(dist, 'tools/cnae/6201501-desenvolvimento.html'), 'cnae')
  const resolve = staticResolver(dist)

  it('serves pages, the app, redirects and the 404 page', () => {
    expect(resolve('/')).toEqual({ status: 200, file: path.join(dist, 'index.html') })
    expect(resolve('/blog')).toEqual({ status: 200, file: path.join(dist, 'blog.html') })
    expect(resolve('/blog/posts/fator-r')).toEqual({
      status: 200,
      file: path.join(dist, 'blog/posts/fator-r.html'),
    })
    expect(resolve('/app/panel')).toEqual({ status: 200, file: path.join(dist, 'app.html') })
    expect(resolve('/links/ana')).toEqual({ status: 200, file: path.join(dist, 'app.html') })
    expect(resolve('/blog/', '?pagina=2')).toEqual({ status: 301, location: '/blog?pagina=2' })
    expect(resolve('/tools/cnae/6201501')).toEqual({
      status: 301,
      location: '/tools/cnae/6201501-desenvolvimento',
    })
    expect(resolve('/tools/cnae/6201501-programacao')).toEqual({
      status: 301,
      location: '/tools/cnae/6201501-desenvolvimento',
    })
    // The fixed redirect table answers before any page, with the visitor's query kept.
    expect(resolve('/login', '?next=%2Fapp%2Fdocuments')).toEqual({
      status: 301,
      location: '/app/login?next=%2Fapp%2Fdocuments',
    })
    expect(resolve('/cadastro/')).toEqual({ status: 301, location: '/app/login?mode=signup' })
    expect(resolve('/app')).toEqual({ status: 301, location: '/app/panel' })
    for (const unknown of ['/nada', '/tools/cnae/9999999', '/../etc/passwd', '/%E0%A4%A'])
      expect(resolve(unknown), unknown).toEqual({ status: 404, file: path.join(dist, '404.html') })
  })

  it('reads the path as sent: no redirect off the site, encoded Locations, 400 for controls', () => {
    const notFound = { status: 404, file: path.join(dist, '404.html') }
    // Would be `//evil.example/login` or `/\evil.example/login` once decoded: never a Location.
    for (const hostile of [
      '/%2F%2Fevil.example%2Flogin/',
      '/%5Cevil.example%2Flogin/',
      '/%2F%2F1113982867/',
      '//evil.example/login/',
      '/\\evil.example/login/',
      '/%2f%5cevil.example/',
    ])
      expect(resolve(hostile), hostile).toEqual(notFound)
    for (const control of [
      '/x%0D%0ASet-Cookie:%20a=1/',
      '/a%00b',
      '/s%C3%A3o-paulo%E2%80%AE/',
      '/x%7F/',
    ])
      expect(resolve(control), control).toEqual({ status: 400 })
    expect(resolve('http://evil.example/')).toEqual({ status: 400 })
    // Non-ASCII paths redirect, percent-encoded (they crashed the host when decoded into a header).
    expect(resolve('/contabilidade-em/s%C3%A3o-paulo-sp/', '?x=1')).toEqual({
      status: 301,
      location: '/contabilidade-em/s%C3%A3o-paulo-sp?x=1',
    })
    expect(resolve('/%F0%9F%98%80/')).toEqual({ status: 301, location: '/%F0%9F%98%80' })
    // A query is passed on encoded, whatever it held.
    expect(resolve('/blog/', '?q=%0D%0Aa"b')).toEqual({
      status: 301,
      location: '/blog?q=%0D%0Aa%22b',
    })
  })

  it('never serves source maps', () => {
    expect(resolve('/assets/site.js.map')).toEqual({
      status: 404,
      file: path.join(dist, '404.html'),
    })
  })

  it('leaves files and the proxied services to the host', () => {
    for (const other of [
      '/assets/site.js',
      '/sitemap.xml',
      '/api/city-search',
      '/ws/01001000/json/',
    ])
      expect(resolve(other), other).toBeNull()
  })
})
