import { expect, test } from '@playwright/test'
import { signIn } from '../support'
import { startDevStack, type DevStack } from '../dev-stack'

// Back from the checkout under `npm start` (Vite's dev server, where React's StrictMode
// mounts things twice and modules load one by one), the payment's outcome is told as on the
// production build: the outcome is read from the address once, when the app starts, and the
// toast waits for its container. The cookie banner is left open, as a first visitor has it.

let stack: DevStack
test.beforeAll(async () => {
  test.setTimeout(300_000)
  stack = await startDevStack()
})
test.afterAll(async () => {
  await stack?.stop()
})

// No cookie choice made: the banner stays open over the whole flow.
test.use({ storageState: { cookies: [], origins: [] } })

test('eva pays an overdue charge on the dev server and is told it was confirmed', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const app = (path: string) => `${stack.webUrl}${path}`
  await page.goto(app('/app/login'))
  const consent = page.getByRole('region', { name: 'Consentimento de cookies' })
  await expect(consent).toBeVisible({ timeout: 60_000 })
  await signIn(page, 'eva@contabil.dev')
  await expect(page).toHaveURL(/\/app\/panel/, { timeout: 60_000 })
  await page
    .getByRole('banner')
    .getByLabel('Empresa')
    .selectOption({ label: 'Ateliê Lima & Santos — Pagamento em atraso' })
  await expect(page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })).toBeVisible()

  await page.goto(app('/app/user/my-billing'))
  const banner = page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })
  const charge = (await banner.textContent({ timeout: 60_000 }))?.match(
    /Mensalidade \d{2}\/\d{4}/,
  )?.[0]
  expect(charge).toBeTruthy()
  await banner.getByRole('button', { name: 'Pagar agora' }).click()
  await page.getByRole('radio', { name: 'Pix' }).check()
  await page.getByRole('button', { name: /^Pagar R\$/ }).click()
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible()

  // The checkout sends the browser back by itself: a full load of the dev server's page.
  await page.waitForURL(/\/app\/user\/my-billing\?pagamento=confirmado/, { timeout: 30_000 })
  await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveURL(/\/app\/user\/my-billing$/)
  await expect(banner.filter({ hasText: charge! })).toHaveCount(0)
  await expect(consent).toBeVisible()
})
