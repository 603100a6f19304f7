import { expect, type Page } from '@playwright/test'

export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:3000'
export const AUTH_URL = process.env.E2E_AUTH_URL ?? 'http://127.0.0.1:9099'
export const PROJECT_ID = 'demo-contabil'

/**
 * The cookie-consent choice (cookies ncc_c and ncc_e, see src/services/site/consent/consent.ts), so the
 * banner, which every first visit shows, does not sit over the pages under test.
 */
export function consentState(baseURL: string) {
  const domain = new URL(baseURL).hostname
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  })
  return {
    cookies: [cookie('ncc_c', 'necessary'), cookie('ncc_e', String(Date.now() + 31_536_000_000))],
    origins: [],
  }
}

export const CLIENT_PASSWORD = 'Cliente#2026'
export const ADMIN = { email: 'admin@contabil.dev', password: 'Admin#2026' }

/** Signs in through the login form (the real Firebase SDK against the emulator). */
export async function signIn(page: Page, email: string, password = passwordOf(email)) {
  const form = page.getByRole('form', { name: 'Entrar com e-mail e senha' })
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Senha').fill(password)
  await form.getByRole('button', { name: 'Entrar', exact: true }).click()
}

export const passwordOf = (email: string) =>
  email === ADMIN.email ? ADMIN.password : CLIENT_PASSWORD

/** Opens the login page and signs in; resolves once the app left the login page. */
export async function signInFromLogin(page: Page, email: string, path = '/app/login') {
  await page.goto(path)
  await signIn(page, email)
  await expect(page).not.toHaveURL(/\/app\/login/)
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`

/** The e-mail actions the Auth emulator would have sent (sign-in links, password resets). */
export async function oobCodes(): Promise<
  { email: string; oobLink: string; requestType: string; oobCode: string }[]
> {
  const response = await fetch(`${AUTH_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  const body = (await response.json()) as {
    oobCodes: { email: string; oobLink: string; requestType: string; oobCode: string }[]
  }
  return body.oobCodes
}

/** A path relative to the app's origin, or the whole URL when it left the app. */
export function pathOf(page: Page) {
  const url = new URL(page.url())
  const base = new URL(process.env.E2E_BASE_URL ?? 'http://localhost:5173')
  return url.origin === base.origin ? url.pathname + url.search : url.toString()
}

/** Navigates inside the app without a page load (as a link would). */
export async function spaNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
}

/** The header a test dates its API requests with (mock-server/clock.ts). */
export const TEST_CLOCK_HEADER = 'x-test-clock'

/**
 * Noon of a day of this month in São Paulo (default the 28th: last month's guides are past due
 * then, whatever day the suite runs).
 */
export function dayOfThisMonth(day = 28): Date {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
  return new Date(`${year}-${month}-${String(day).padStart(2, '0')}T12:00:00-03:00`)
}

/**
 * Freezes the browser's clock at `at` and dates every API request of the page's context with it,
 * so that the server agrees on "today" (the header counts only with the test hooks on).
 */
export async function freezeClock(page: Page, at: Date) {
  await page.clock.setFixedTime(at)
  const api = new URL(API_URL).origin
  await page.context().route(
    (url) => url.origin === api,
    (route) =>
      route.continue({
        headers: { ...route.request().headers(), [TEST_CLOCK_HEADER]: at.toISOString() },
      }),
  )
}
