import { expect, test } from '@playwright/test'

// robots.txt and the sitemaps the build writes; the build metadata the app checks hourly; a newer
// build loaded on the next navigation; a failed chunk load reloaded once.

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
  const count = async (file: string) =>
    ((await (await request.get(`/${file}`)).text()).match(/<url>/g) ?? []).length
  expect(await count('sitemaps/contabilidade-em.xml')).toBe(5571)
  expect(await count('sitemaps/contador-em.xml')).toBe(5571)
  expect(await count('sitemaps/cnae.xml')).toBe(1332)
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

test('a newer build found by the hourly check loads on the next navigation', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.route('**/latest-build.json', (route) =>
    route.fulfill({
      json: { buildId: '29990101000000-newer', builtAt: '2999-01-01T00:00:00.000Z' },
    }),
  )
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
  // Before an hour has passed nothing is checked: navigation stays in the app.
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Blog' })
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Contabilidade explicada por quem faz' }),
  ).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
  const checked = page.waitForRequest('**/latest-build.json')
  await page.clock.runFor('01:00:01')
  await checked
  await page.waitForTimeout(200)
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Consulta CNAE' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Consulta CNAE' })).toBeVisible()
  // A full page load: the old page's state is gone.
  expect(
    await page.evaluate(() => (window as unknown as { marker?: number }).marker),
  ).toBeUndefined()
})

test('a chunk that fails to load reloads the page once, and the page then works', async ({
  page,
}) => {
  // Counted by document requests: the reload can come before the first load event fires.
  let loads = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') loads++
  })
  // The chunk is gone for the first page load (a deploy replaced it), there after the reload.
  let failed = 0
  await page.route(/\/assets\/site-pages-[^/]+\.js$/, (route) => {
    if (loads > 1) return route.continue()
    failed++
    return route.fulfill({ status: 404, body: 'gone' })
  })
  await page.goto('/trocar-contador')
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Trocar de contador é mais simples do que parece',
    }),
  ).toBeVisible({ timeout: 20_000 })
  expect(failed).toBeGreaterThanOrEqual(1)
  expect(loads).toBe(2)
})
