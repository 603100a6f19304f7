import { expect, test } from '@playwright/test'
import { API_URL, consentState, oobCodes, signInFromLogin, uniqueEmail } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot, tokenOf } from './helpers'

// Invites (docs/product.md §10): ana invites an e-mail; a new account signs up with it, accepts,
// and switches to Ana Design without signing out (the session reads the new claims). Signing up
// with the invited address proves nothing, so she confirms it first through the link the identity
// service sends (read here from the emulator's out-of-band codes).

test('an invited person signs up, accepts and switches to Ana Design', async ({
  page: ana,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('convidada')
  const password = 'Convite2026'

  await signInFromLogin(ana, 'ana@contabil.dev')
  await ana.goto('/app/user/my-invites')
  const form = ana.getByRole('form', { name: 'Convidar para Ana Design' })
  await expect(ana.getByRole('heading', { name: 'Convidar para Ana Design' })).toBeVisible()
  await form.getByLabel('E-mail da pessoa').fill('nao-e-email')
  await form.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(form.getByText('E-mail inválido')).toBeVisible()
  await form.getByLabel('E-mail da pessoa').fill(email)
  await form.getByRole('button', { name: 'Enviar convite' }).click()
  await expect(ana.getByText(`Convite enviado para ${email}.`)).toBeVisible()
  const pending = ana.getByRole('table', { name: 'Convites pendentes' })
  await expect(pending.getByRole('cell', { name: email, exact: true })).toBeVisible()
  // A long address breaks inside its column: at its narrowest the table fits its frame.
  const widths = await pending.evaluate((table) => {
    const width = table.style.width
    table.style.width = 'min-content'
    const needs = Math.ceil(table.getBoundingClientRect().width)
    table.style.width = width
    return { needs, room: table.parentElement!.clientWidth }
  })
  expect(widths.needs).toBeLessThanOrEqual(widths.room)
  await screenshot(ana, 'invites-ana')
  await expectNoAxeViolations(ana, 'invites')

  // The invited person, in another browser.
  const context = await browser.newContext({
    baseURL,
    storageState: consentState(baseURL!),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  const page = await context.newPage()
  await page.goto('/app/login?mode=signup')
  const signUp = page.getByRole('form', { name: 'Criar conta' })
  await signUp.getByLabel('Nome completo').fill('Clara Convidada')
  await signUp.getByLabel('E-mail').fill(email)
  await signUp.getByLabel('Senha').fill(password)
  await signUp.getByLabel('Celular').pressSequentially('11955554444')
  await signUp.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/app\/wizard\/company-opening/)

  // Wherever she lands, the invite is there to see.
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Você recebeu um convite para Ana Design Ltda' })
  await expect(notice).toBeVisible()
  await notice.getByRole('link', { name: 'Ver convite' }).click()
  await expect(page).toHaveURL(/\/app\/user\/my-invites/)
  const accept = page.getByRole('button', { name: 'Aceitar convite para Ana Design Ltda' })

  // Not before her e-mail is confirmed: the card says why and sends the link.
  const verify = page.getByRole('status').filter({ hasText: 'Confirme seu e-mail para aceitar' })
  await expect(verify).toBeVisible()
  await expect(verify).toContainText(`O convite foi enviado para ${email}`)
  await expect(accept).toBeDisabled()
  // The API refuses it too (the identity service's record says unconfirmed).
  const auth = { Authorization: `Bearer ${await tokenOf(email, password)}` }
  const received = await fetch(`${API_URL}/invites/received`, { headers: auth })
  const [invite] = ((await received.json()) as { data: { id: string }[] }).data
  const early = await fetch(`${API_URL}/invites/${invite!.id}/accept`, {
    method: 'POST',
    headers: auth,
  })
  expect(early.status).toBe(403)
  await verify.getByRole('button', { name: 'Enviar link de confirmação' }).click()
  await expect(verify).toContainText(`Link enviado para ${email}`)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, 'invites-verify-email')
    await expectNoSidewaysScroll(page, 'invites-verify-email')
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoAxeViolations(page, 'invites-verify-email')

  // She opens the link from her mailbox (the emulator keeps what it would have sent).
  const link = (await oobCodes()).findLast(
    (code) => code.email === email && code.requestType === 'VERIFY_EMAIL',
  )
  expect(link, 'the verification link').toBeTruthy()
  const mailbox = await context.newPage()
  await mailbox.goto(link!.oobLink)
  await mailbox.close()
  await verify.getByRole('button', { name: 'Já confirmei' }).click()
  await expect(verify).toBeHidden()
  await accept.click()
  await expect(page.getByText('Agora você tem acesso a Ana Design Ltda')).toBeVisible()

  // The selector lists it at once; choosing it opens Ana Design, still signed in.
  const selector = page.getByRole('banner').getByLabel('Empresa')
  await selector.selectOption({ label: 'Ana Design — Ativa' })
  await expect(page.getByText('Empresa selecionada: Ana Design')).toBeVisible()
  await page.goto('/app/panel')
  await expect(page.getByRole('heading', { level: 2, name: 'Ana Design' })).toBeVisible()
  await expect(page).toHaveURL(/\/app\/panel/)

  // The new account goes away again (it also leaves ana's company).
  const token = await tokenOf(email, password)
  const me = (await (
    await fetch(`${API_URL}/users/me`, { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { data: { id: string } }
  const removed = await fetch(`${API_URL}/users/${me.data.id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(removed.status).toBe(204)
  await context.close()
})

test('a pending invite can be cancelled', async ({ page }) => {
  const email = uniqueEmail('cancelado')
  await signInFromLogin(page, 'ana@contabil.dev')
  await page.goto('/app/user/my-invites')
  const form = page.getByRole('form', { name: 'Convidar para Ana Design' })
  await form.getByLabel('E-mail da pessoa').fill(email)
  await form.getByRole('button', { name: 'Enviar convite' }).click()
  await page.getByRole('button', { name: `Cancelar convite para ${email}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar convite' }).click()
  await expect(page.getByText(`Convite para ${email} cancelado.`)).toBeVisible()
  await expect(page.getByRole('cell', { name: email, exact: true })).toHaveCount(0)
})
