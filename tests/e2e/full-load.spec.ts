import { expect, test, type Page } from '@playwright/test'
import { API_URL, consentState, signIn, signInFromLogin } from './support'

// Every full load of /app (a reload, a bookmark, a link from an e-mail) — no request to
// the API leaves before the session has its token, the layout's skeleton or the login form shows
// before any script ran, and what is done on that first paint carries over to the app.

/** Every request to the API and every 401 it answers, from now on. */
function watchApi(page: Page) {
  const sent: string[] = []
  const withoutToken: string[] = []
  const unauthorized: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(API_URL) || request.method() === 'OPTIONS') return
    const call = `${request.method()} ${request.url().slice(API_URL.length)}`
    sent.push(call)
    if (!request.headers().authorization) withoutToken.push(call)
  })
  page.on('response', (response) => {
    if (response.url().startsWith(API_URL) && response.status() === 401)
      unauthorized.push(`${response.request().method()} ${response.url().slice(API_URL.length)}`)
  })
  return { sent, withoutToken, unauthorized }
}

/** The app's scripts wait until `release` is called: what shows meanwhile is app.html's own. */
async function holdScripts(page: Page) {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

test('reloading a company screen: every API request carries the token, none is answered 401', async ({
  page,
}) => {
  await signInFromLogin(page, 'ana@contabil.dev')
  await expect(page).toHaveURL(/\/app\/panel$/)
  const status = page.getByTestId('company-status')
  await expect(status).toContainText('Ativa')
  await page.waitForLoadState('networkidle')

  const api = watchApi(page)
  for (let reload = 0; reload < 3; reload++) {
    await page.reload()
    await expect(status).toContainText('Ativa')
    await page.waitForLoadState('networkidle')
  }
  // The company and its track (the session), and the panel's own data, on every reload.
  expect(api.sent.filter((call) => call === 'GET /companies/cmp-ana-design')).toHaveLength(3)
  expect(api.sent.filter((call) => call === 'GET /companies/cmp-ana-design/steps')).toHaveLength(3)
  expect(api.sent.some((call) => call.startsWith('GET /reports/'))).toBe(true)
  expect(api.unauthorized).toEqual([])
  expect(api.withoutToken).toEqual([])
})

test('a full load shows the layout before any script ran: the skeleton signed in, the login form signed out', async ({
  page,
}) => {
  await signInFromLogin(page, 'ana@contabil.dev')
  await expect(page).toHaveURL(/\/app\/panel$/)
  await page.waitForLoadState('networkidle')
  // No script of the app runs: what shows is app.html's own first paint. The live panel is left
  // first: a chunk it imported after the abort began would fail, and its preload-error handler
  // (src/services/site/build/watch.ts) reloads the page, which aborts the navigation below.
  await page.goto('about:blank')
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/app/invoices')
  await expect(page.getByRole('status').filter({ hasText: 'Abrindo sua área…' })).toBeVisible()
  await expect(page.locator('header').getByText('Contabil')).toBeVisible()
  await page.goto('/app/wizard/company-opening')
  await expect(page.getByRole('status').filter({ hasText: 'Abrindo sua área…' })).toBeVisible()

  await page.context().clearCookies()
  await page.evaluate(() => window.localStorage.clear())
  await page.goto('/app/login?mode=signup&track=migrate-company&indicatedBy=ANA1234')
  const signUp = page.getByRole('form', { name: 'Criar conta' })
  await expect(signUp.getByRole('radio', { name: /Trocar de contador/ })).toBeChecked()
  await expect(signUp.getByLabel(/Código de indicação/)).toHaveValue('ANA1234')
  // Signed out, any other address of the area shows where it leads: the login form.
  await page.goto('/app/panel')
  await expect(page.getByRole('form', { name: 'Entrar com e-mail e senha' })).toBeVisible()
})

test('a login page whose next it would not follow paints the plain form; React comes once it is used, and makes that very form live', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const release = await holdScripts(page)
  await page.goto(`/app/login?next=${encodeURIComponent('//evil.com/app/panel')}`, {
    waitUntil: 'domcontentloaded',
  })
  const email = page.getByRole('form', { name: 'Entrar com e-mail e senha' }).getByLabel('E-mail')
  // The painted field, marked: hydrated, it is the live one; laid out again, a new one.
  await email.evaluate((field) => Object.assign(field, { painted: true }))
  await expect(page.getByText('Entre para continuar de onde parou.')).toHaveCount(0)
  release()
  await page.waitForLoadState('networkidle')
  // Not used yet: the page is as painted, and no React was fetched (src/entries/app/main.tsx).
  expect(await page.evaluate(() => window.__firstPaint !== undefined)).toBe(true)
  expect(scripts.filter((script) => /\/framework-[^/]+\.js$/.test(script))).toEqual([])
  await email.fill('ana@contabil.dev')
  // The app took the page over (src/entries/app/first-paint.ts ends the painted page's record).
  await expect.poll(() => page.evaluate(() => window.__firstPaint === undefined)).toBe(true)
  expect(await email.evaluate((field) => 'painted' in field)).toBe(true)
  await expect(email).toHaveValue('ana@contabil.dev')
  expect(errors).toEqual([])
})

test('typed into the login form before the app ran: the values carry over, the form is sent by the app (never by the browser)', async ({
  page,
}) => {
  // The app's scripts arrive late: the visitor fills the painted form and presses Entrar first.
  const release = await holdScripts(page)
  const addresses: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url())
  })
  await page.goto('/app/login?next=%2Fapp%2Finvoices', { waitUntil: 'domcontentloaded' })
  await signIn(page, 'ana@contabil.dev')
  release()
  await expect(page).toHaveURL(/\/app\/invoices$/)
  expect(addresses.filter((address) => /password|email=/.test(address))).toEqual([])
})

test('a mobile typed into the painted sign-up form before the app ran keeps its digits in the mask, and the rest follows', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await page.goto('/app/login?mode=signup', { waitUntil: 'domcontentloaded' })
  const phone = page.getByRole('form', { name: 'Criar conta' }).getByLabel('Celular')
  await phone.pressSequentially('1195')
  release()
  // The mask takes the field over: the four digits, formatted, in the field.
  await expect(phone).toHaveValue('+55 (11) 95')
  await phone.press('End')
  await phone.pressSequentially('5554444')
  await expect(phone).toHaveValue('+55 (11) 95555-4444')
  // The form has it too: sending the rest empty says what is missing, nothing at the mobile.
  await page.getByRole('button', { name: 'Criar conta' }).click()
  const form = page.getByRole('form', { name: 'Criar conta' })
  await expect(form.getByText('Informe seu nome completo').first()).toBeVisible()
  await expect(form.getByText('Celular inválido')).toHaveCount(0)
  await expect(phone).toHaveValue('+55 (11) 95555-4444')
})

test('"Entrar com Google" pressed before the app ran: the popup opens, even with the popup blocker on', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Playwright turns Chromium's popup blocker off; a visitor's browser has it on, and lets a page
  // open a popup only for a few seconds after a click. The press on the painted button is all the
  // visitor does: the app, once it runs, must open the popup within that time.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  })
  try {
    const context = await browser.newContext({
      baseURL,
      storageState: consentState(baseURL!),
      locale: 'pt-BR',
    })
    const page = await context.newPage()
    const release = await holdScripts(page)
    await page.goto('/app/login', { waitUntil: 'domcontentloaded' })
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Entrar com Google' }).click()
    release()
    const popup = await popupOpened
    await popup.waitForLoadState()
    await popup.getByText('Add new account').click()
    await popup.getByRole('button', { name: /Auto-generate user information/i }).click()
    await popup.getByRole('button', { name: /Sign in with Google\.com/i }).click()
    // A first federated sign-in has no company yet: the gates send it to the opening wizard.
    await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/, { timeout: 20_000 })
  } finally {
    await browser.close()
  }
})
