import { expect, test, type Page } from '@playwright/test'

// A prerendered page (docs/build-and-hosting.md) holds its content; the browser runs one small
// script and asks for nothing the HTML already says. The interactive parts (lead form, city search,
// CNAE search) come to life when the visitor reaches for them, keep what was typed before, and
// print nothing on the console (no hydration mismatch, no warning).

/** Every script, content or data request and console message of a page, from its first load. */
function watch(page: Page) {
  const seen = { scripts: [] as string[], data: [] as string[], console: [] as string[] }
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'script') seen.scripts.push(url.pathname)
    if (
      request.resourceType() !== 'document' &&
      /\/v2\/cdn\/|\/cnaes\/\d|\/api\/cities\/|\/areas\//.test(url.pathname)
    )
      seen.data.push(url.pathname)
  })
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      seen.console.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => seen.console.push(`pageerror: ${error.message}`))
  return seen
}

/** A slow connection: the islands' code arrives after `ms`. */
const slowIslands = (page: Page, ms: number) =>
  page.route(/\/assets\/static-site-islands-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })

for (const path of [
  '/',
  '/contador-em/recife-pe',
  '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  '/blog/posts/pro-labore',
  '/areas/tecnologia',
]) {
  test(`${path}: one small script, no content requests, a quiet console`, async ({ page }) => {
    const seen = watch(page)
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(seen.scripts).toHaveLength(1)
    expect(seen.scripts[0]).toMatch(/^\/assets\/static-[\w-]+\.js$/)
    expect(seen.data).toEqual([])
    expect(seen.console).toEqual([])
  })
}

test('the lead form takes what was typed before its code arrived, and sends it', async ({
  page,
}) => {
  const seen = watch(page)
  // A slow connection: the form's code takes a while.
  await slowIslands(page, 1500)
  await page.goto('/contador-em/recife-pe')
  const form = page.locator('#formulario form')
  await form.getByLabel(/Nome/).fill('Patrícia Antunes')
  await form.getByLabel(/E-mail/).fill('patricia@example.com')
  // The full form (mask, validation) took over with the values typed into the light one.
  await page.waitForLoadState('networkidle')
  await expect(form.getByLabel(/Nome/)).toHaveValue('Patrícia Antunes')
  await expect(form.getByLabel(/E-mail/)).toHaveValue('patricia@example.com')
  await form.getByLabel('Celular').pressSequentially('81987654321')
  await expect(form.getByLabel('Celular')).toHaveValue('+55 (81) 98765-4321')
  const posted = page.waitForResponse((response) => response.url().endsWith('/leads'))
  await form.getByRole('button', { name: 'Quero conversar' }).click()
  expect((await posted).status()).toBe(201)
  await expect(page.getByRole('heading', { name: 'Obrigado, Patrícia!' })).toBeVisible()
  expect(seen.console).toEqual([])
})

test('a send pressed before the form came to life goes through once it does', async ({ page }) => {
  await slowIslands(page, 1000)
  await page.goto('/lp/irpf/2025')
  const form = page.locator('#formulario form')
  await form.getByLabel(/Nome/).fill('Caio Reis')
  await form.getByLabel(/E-mail/).fill('caio@')
  await form.getByLabel(/E-mail/).press('Enter')
  // The full form checks what was sent before it arrived.
  await expect(page.locator('#formulario').getByText('E-mail inválido')).toBeVisible()
})

test('the city search keeps what was typed and finds the city', async ({ page }) => {
  const seen = watch(page)
  await slowIslands(page, 1000)
  await page.goto('/')
  const search = page.getByRole('search', { name: 'Buscar cidade' })
  await search.getByLabel('Nome da cidade').fill('joao pessoa')
  await expect(page.getByRole('link', { name: 'João Pessoa Paraíba' })).toBeVisible()
  await page.getByRole('link', { name: 'João Pessoa Paraíba' }).click()
  await expect(page).toHaveURL(/\/contabilidade-em\/joao-pessoa-pb$/)
  expect(seen.console).toEqual([])
})

test('the CNAE search answers an address with a search, and back goes to the previous one', async ({
  page,
}) => {
  const seen = watch(page)
  await page.goto('/tools/cnae?busca=padaria')
  await expect(page.getByText(/atividades? encontradas? para “padaria”/)).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Buscar atividade ou código' })).toHaveValue(
    'padaria',
  )
  await page.getByRole('searchbox', { name: 'Buscar atividade ou código' }).fill('farmácia')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL(/busca=farm%C3%A1cia/)
  await expect(page.getByText(/para “farmácia”/)).toBeVisible()
  await page.goBack()
  await expect(page.getByText(/para “padaria”/)).toBeVisible()
  expect(seen.console).toEqual([])
})

test('the menu and the cookie preferences work without React', async ({ page }) => {
  const seen = watch(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/blog')
  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(
    page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', {
      name: 'Consulta CNAE',
    }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await page.getByRole('button', { name: 'Preferências de cookies' }).click()
  const banner = page.getByRole('region', { name: 'Consentimento de cookies' })
  await expect(banner).toBeVisible()
  await expect(banner).toBeFocused()
  await banner.getByRole('button', { name: 'Só os necessários' }).click()
  await expect(banner).toBeHidden()
  expect(seen.scripts.every((script) => /\/assets\/static-[\w-]+\.js$/.test(script))).toBe(true)
  expect(seen.scripts.some((script) => script.includes('site-islands'))).toBe(false)
  expect(seen.console).toEqual([])
})
