import { expect, test } from '@playwright/test'

// robots.txt and the sitemaps the build writes, listing every prerendered page with its last
// change; the build metadata; pages that are always the newest build; a failed chunk load
// reloaded once.

test('robots.txt and a sitemap index listing every public page, city and CNAE', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('User-agent: *')
  expect(robots).toContain('Disallow: /app/')
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/)
  const index = await (await request.get('/sitemap.xml')).text()
  const files = [...index.matchAll(/<loc>[^<]*\/(sitemaps\/[^<]+)<\/loc>/g)].map(
    (match) => match[1]!,
  )
  expect(files).toEqual([
    'sitemaps/paginas.xml',
    'sitemaps/contabilidade-em.xml',
    'sitemaps/contador-em.xml',
    'sitemaps/cnae.xml',
  ])
  expect(index.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(4)
  const count = async (file: string) => {
    const text = await (await request.get(`/${file}`)).text()
    const urls = text.match(/<url>/g)?.length ?? 0
    // Every page with the date it last changed.
    expect(text.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)?.length ?? 0, file).toBe(urls)
    return urls
  }
  expect(await count('sitemaps/contabilidade-em.xml')).toBe(5571)
  expect(await count('sitemaps/contador-em.xml')).toBe(5571)
  expect(await count('sitemaps/cnae.xml')).toBe(1332)
  await count('sitemaps/paginas.xml')
  const pages = await (await request.get('/sitemaps/paginas.xml')).text()
  for (const path of [
    '/',
    '/abrir-empresa',
    '/trocar-contador',
    '/blog',
    '/blog/posts/fator-r',
    '/lp/irpf/2024',
    '/lp/irpf/2025',
    '/tools/cnae',
    '/areas/saude',
  ])
    expect(pages).toMatch(new RegExp(`<loc>[^<]*${path === '/' ? '/' : path}</loc>`))
  expect(pages).not.toContain('modelos/')
  expect(pages).not.toContain('reforma-tributaria')
})

test('the build writes its metadata', async ({ request }) => {
  const meta = await (await request.get('/build-meta.json')).json()
  const latest = await (await request.get('/latest-build.json')).json()
  expect(meta.buildId).toMatch(/^\d{14}-/)
  expect(latest.buildId).toBe(meta.buildId)
})

test('every listed page is a prerendered page, answered with 200 and never cached', async ({
  request,
}) => {
  const pages = await (await request.get('/sitemaps/paginas.xml')).text()
  const paths = [...pages.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/')
  expect(paths.length).toBeGreaterThan(15)
  for (const path of paths) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    // A new build is what the next page load gets.
    expect(response.headers()['cache-control'], path).toBe('no-cache')
    expect(await response.text(), path).toContain(`<link rel="canonical" href="`)
  }
})

test('addresses the site does not have answer 404; the signed-in area and links load the app', async ({
  request,
}) => {
  for (const path of ['/nada-aqui', '/contador-em/sao-paulo-xx', '/tools/cnae/9999999-nada'])
    expect((await request.get(path)).status(), path).toBe(404)
  for (const path of ['/app/login', '/links/ana-design']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(await response.text()).toContain('<div id="root"></div>')
  }
  const moved = await request.get('/tools/cnae/6201501', { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(moved.headers().location).toBe(
    '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  )
})

test("the host's rules stay on the site, and source maps are not served", async ({ request }) => {
  for (const path of ['/%2F%2Fevil.example%2Flogin/', '/%5Cevil.example%2Flogin/']) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(404)
    expect(response.headers().location, path).toBeUndefined()
  }
  expect((await request.get('/x%0D%0ASet-Cookie:%20a=1/', { maxRedirects: 0 })).status()).toBe(400)
  const accented = await request.get('/contador-em/s%C3%A3o-paulo-sp/', { maxRedirects: 0 })
  expect(accented.status()).toBe(301)
  expect(accented.headers().location).toBe('/contador-em/s%C3%A3o-paulo-sp')
  // The build keeps its maps for error reports: no script names one, and none is served.
  const home = await (await request.get('/')).text()
  const script = /\/assets\/static-[^"]+\.js/.exec(home)?.[0]
  expect(script).toBeTruthy()
  expect(await (await request.get(script!)).text()).not.toContain('sourceMappingURL')
  expect((await request.get(`${script}.map`)).status()).toBe(404)
})

test('a chunk that fails to load reloads the page once, and the page then works', async ({
  page,
}) => {
  // Counted by document requests: the reload can come before the first load event fires.
  let loads = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') loads++
  })
  // The lead form's code is gone for the first page load (a deploy replaced it), there after it.
  let failed = 0
  await page.route(/\/assets\/static-site-islands-[^/]+\.js$/, (route) => {
    if (loads > 1) return route.continue()
    failed++
    return route.fulfill({ status: 404, body: 'gone' })
  })
  await page.goto('/trocar-contador')
  const name = page.locator('#formulario form').getByLabel(/Nome/)
  await name.focus()
  await expect.poll(() => loads, { timeout: 20_000 }).toBe(2)
  expect(failed).toBeGreaterThanOrEqual(1)
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Trocar de contador é mais simples do que parece',
    }),
  ).toBeVisible()
  // After the reload the form comes to life: the mobile field gets its mask.
  await page.locator('#formulario form').getByLabel(/Nome/).focus()
  await page.waitForLoadState('networkidle')
  await page.locator('#formulario form').getByLabel('Celular').pressSequentially('21987654321')
  await expect(page.locator('#formulario form').getByLabel('Celular')).toHaveValue(
    '+55 (21) 98765-4321',
  )
})
