import { expect, test } from '@playwright/test'
import {
  API_URL,
  AUTH_URL,
  PROJECT_ID,
  signIn,
  signInFromLogin,
  spaNavigate,
  uniqueEmail,
} from './support'

const expireTokens = async () => {
  const response = await fetch(`${API_URL}/__test/expire-tokens`, { method: 'POST' })
  expect(response.ok).toBe(true)
}

test('an expired token is refreshed once and the failed requests are replayed', async ({
  page,
}) => {
  await signInFromLogin(page, 'eva@contabil.dev')
  await expect(page).toHaveURL(/\/app\/panel$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Estúdio Eva Lima' })).toBeVisible()
  // A mark that a full page reload would erase.
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 42))

  const companyCalls: { url: string; status: number }[] = []
  let refreshes = 0
  page.on('response', (response) => {
    const url = response.url()
    if (
      url.startsWith(API_URL) &&
      url.includes('/companies/') &&
      response.request().method() === 'GET'
    )
      companyCalls.push({ url, status: response.status() })
    if (url.startsWith(AUTH_URL) && url.includes('securetoken.googleapis.com')) refreshes += 1
  })

  await page.waitForTimeout(1_100)
  await expireTokens()

  // Switching company loads the company and its steps at once: both answer 401 first.
  await page
    .getByRole('banner')
    .getByLabel('Empresa')
    .selectOption({ label: 'Ateliê Lima & Santos — Pagamento em atraso' })
  await expect(page.getByRole('heading', { level: 2, name: 'Ateliê Lima & Santos' })).toBeVisible()

  const paths = (status: number) =>
    companyCalls.filter((call) => call.status === status).map((call) => new URL(call.url).pathname)
  // The panel shows the company as soon as its replay answered; the steps' replay (a slower
  // answer) can land a moment later.
  await expect
    .poll(() => paths(200))
    .toEqual(
      expect.arrayContaining(['/companies/cmp-eva-comercio', '/companies/cmp-eva-comercio/steps']),
    )
  expect(paths(401).sort()).toEqual([
    '/companies/cmp-eva-comercio',
    '/companies/cmp-eva-comercio/steps',
  ])
  expect(refreshes).toBe(1)
  expect(await page.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(42)
  await expect(page).toHaveURL(/\/app\/panel$/)
})

test('when the refresh fails the session ends and login keeps the path in next', async ({
  page,
}) => {
  // A fresh account, so disabling it troubles no other test.
  const email = uniqueEmail('expira')
  const created = await fetch(`${API_URL}/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Teste Expira',
      email,
      password: 'segredo123',
      phone: '+55 (11) 98888-7777',
      trackId: 'create-company',
    }),
  })
  expect(created.status).toBe(201)
  const { data } = (await created.json()) as { data: { id: string } }

  await page.goto('/app/login')
  await signIn(page, email, 'segredo123')
  await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/)

  // The identity service refuses new tokens for a disabled account.
  const disabled = await fetch(
    `${AUTH_URL}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: data.id, disableUser: true }),
    },
  )
  expect(disabled.ok).toBe(true)
  await page.waitForTimeout(1_100)
  await expireTokens()

  // An in-app navigation (no reload) to a page that loads data: its 401 cannot be refreshed.
  await spaNavigate(page, '/app/user/my-billing')
  await expect(page).toHaveURL(/\/app\/login\?next=%2Fapp%2Fuser%2Fmy-billing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.map((cookie) => cookie.name)).not.toContain('accessToken')
})
