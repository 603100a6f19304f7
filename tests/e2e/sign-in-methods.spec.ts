import { expect, test } from '@playwright/test'
import { consentState, oobCodes } from './support'

test('e-mail link: ask for a link, open it, land on next', async ({ page }) => {
  await page.goto('/app/login?next=%2Fapp%2Fdocuments')
  await page.getByRole('button', { name: 'Entrar com link por e-mail' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar com link' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Receber link de acesso' })
  await form.getByLabel('E-mail').fill('carla@contabil.dev')
  const before = (await oobCodes()).length
  await form.getByRole('button', { name: 'Enviar link de acesso' }).click()
  await expect(page.getByText('Confira seu e-mail')).toBeVisible()

  const codes = await oobCodes()
  expect(codes.length).toBeGreaterThan(before)
  const link = codes
    .filter((code) => code.email === 'carla@contabil.dev' && code.requestType === 'EMAIL_SIGNIN')
    .at(-1)
  expect(link).toBeDefined()
  // The emulator's link redirects to our login page with the code; the app finishes there.
  await page.goto(link!.oobLink)
  // carla's company is still in its migration track: the gates send her to that wizard.
  await expect(page).toHaveURL(/\/app\/wizard\/company-migration$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Troca de contador' })).toBeVisible()
})

test('e-mail link opened on another device asks for the e-mail first', async ({
  browser,
  baseURL,
}) => {
  const asking = await browser.newContext({ baseURL, storageState: consentState(baseURL!) })
  const page = await asking.newPage()
  await page.goto('/app/login?mode=link')
  await page.getByLabel('E-mail').fill('ana@contabil.dev')
  await page.getByRole('button', { name: 'Enviar link de acesso' }).click()
  await expect(page.getByText('Confira seu e-mail')).toBeVisible()
  const link = (await oobCodes())
    .filter((code) => code.email === 'ana@contabil.dev' && code.requestType === 'EMAIL_SIGNIN')
    .at(-1)!
  await asking.close()

  const other = await browser.newContext({ baseURL, storageState: consentState(baseURL!) })
  const elsewhere = await other.newPage()
  await elsewhere.goto(link.oobLink)
  const confirm = elsewhere.getByRole('form', { name: 'Confirmar e-mail do link de acesso' })
  await expect(confirm).toBeVisible()
  await confirm.getByLabel('E-mail').fill('ana@contabil.dev')
  await confirm.getByRole('button', { name: 'Entrar' }).click()
  await expect(elsewhere).toHaveURL(/\/app\/panel$/)
  await other.close()
})

test('an e-mail link used twice is refused with a way to ask again', async ({ page }) => {
  await page.goto('/app/login?mode=link')
  await page.getByLabel('E-mail').fill('eva@contabil.dev')
  await page.getByRole('button', { name: 'Enviar link de acesso' }).click()
  await expect(page.getByText('Confira seu e-mail')).toBeVisible()
  const link = (await oobCodes())
    .filter((code) => code.email === 'eva@contabil.dev' && code.requestType === 'EMAIL_SIGNIN')
    .at(-1)!
  await page.goto(link.oobLink)
  await expect(page).toHaveURL(/\/app\/panel$/)
  await page.getByRole('button', { name: /Conta de/ }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/app\/login$/)
  await page.evaluate(() =>
    window.localStorage.setItem('contabil.emailForSignIn', 'eva@contabil.dev'),
  )
  await page.goto(link.oobLink)
  await expect(page.getByRole('alert')).toContainText('Este link é inválido ou já foi usado.')
  await page.getByRole('button', { name: 'Pedir novo link' }).click()
  await expect(page.getByRole('form', { name: 'Receber link de acesso' })).toBeVisible()
})

test('password reset sends a link without telling whether the account exists', async ({ page }) => {
  await page.goto('/app/login')
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible()
  await page.getByLabel('E-mail').fill('bruno@contabil.dev')
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click()
  await expect(page.getByText('Se houver uma conta com')).toBeVisible()
  const reset = (await oobCodes()).filter(
    (code) => code.email === 'bruno@contabil.dev' && code.requestType === 'PASSWORD_RESET',
  )
  expect(reset.length).toBeGreaterThan(0)

  await page.goto('/app/login?mode=reset')
  await page.getByLabel('E-mail').fill('ninguem@example.com')
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click()
  await expect(page.getByText('Se houver uma conta com')).toBeVisible()
})

test('federated sign-in through the emulator popup (Google)', async ({ page, context }) => {
  // Nothing is intercepted: the app and the emulator's helper iframe load the local stand-in for
  // Google's iframe loader from the emulator proxy, as with `npm start` offline. Any request to
  // Google would fail the test.
  const external: string[] = []
  context.on('request', (request) => {
    if (/^https:\/\/(apis|www)\.google(apis)?\.com/.test(request.url()))
      external.push(request.url())
  })
  await page.goto('/app/login')
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Entrar com Google' }).click()
  const popup = await popupOpened
  await popup.waitForLoadState()
  await popup.getByText('Add new account').click()
  await popup.getByRole('button', { name: /Auto-generate user information/i }).click()
  await popup.getByRole('button', { name: /Sign in with Google\.com/i }).click()
  // A first federated sign-in has no company yet: the gates send it to the opening wizard.
  await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/, { timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Abertura da empresa' })).toBeVisible()
  await expect(page.getByText('sua conta ainda não tem empresa')).toBeVisible()
  expect(external).toEqual([])
})
