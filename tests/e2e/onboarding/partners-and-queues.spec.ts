import { expect, test } from '@playwright/test'
import { API_URL, uniqueEmail } from '../support'
import { tokenOf } from '../account/helpers'
import { adminSession, checkStep } from './support'
import { signInFromLogin } from '../support'

// The Duca partner programme (apply once, the status, the companies an approved partner
// brought) and the back office's order queues and order page, each checked with axe and
// photographed at 1280 and 390 px.

test('a new user applies to Duca once: messages, the application, its status, a second one refused', async ({
  page,
}) => {
  // Three steps checked at 1280 and 390 px (six accessibility runs, 5–8 s each on a 2-core
  // machine): the default 60 s ran out on the last step of a clean-clone run.
  test.setTimeout(180_000)
  const email = uniqueEmail('parceira')
  await page.goto('/app/login?mode=signup&track=migrate-company')
  const signUp = page.getByRole('form', { name: 'Criar conta' })
  await signUp.getByLabel('Nome completo').fill('Renata Souza Campos')
  await signUp.getByLabel('E-mail').fill(email)
  await signUp.getByLabel('Senha').fill('segredo123')
  await signUp.getByLabel('Celular').pressSequentially('41999998888')
  await signUp.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/app\/wizard\/company-migration$/)

  await page.goto('/app/partners/duca')
  await expect(page.getByRole('heading', { level: 1, name: 'Duca' })).toBeVisible()
  await checkStep(page, 'duca-programa')
  await page.getByRole('link', { name: 'Quero ser parceiro' }).first().click()
  await expect(page).toHaveURL(/\/app\/wizard\/partners\/duca$/)
  const form = page.getByRole('form', { name: 'Cadastro no programa Duca' })
  await expect(form.getByRole('textbox', { name: 'Nome completo' })).toHaveValue(
    'Renata Souza Campos',
  )
  await form.getByRole('button', { name: 'Enviar cadastro' }).click()
  await expect(
    form.getByRole('alert').filter({ hasText: 'Confira os campos marcados' }),
  ).toBeFocused()
  for (const message of [
    'Escolha o tipo de parceiro',
    'Informe a cidade',
    'Chave Pix inválida',
    'Aceite os termos do programa para continuar',
  ])
    await expect(form.getByText(message, { exact: false }).first()).toBeVisible()
  await checkStep(page, 'duca-cadastro-erros')
  await form.getByRole('radio', { name: /Contador\(a\)/ }).check()
  await form.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill('529.982.247-25')
  await form.getByRole('textbox', { name: 'CRC' }).fill('PR-045678/O-3')
  await form.getByRole('textbox', { name: 'Cidade' }).fill('Curitiba')
  await form.getByRole('combobox', { name: 'Estado' }).selectOption('PR')
  await form.getByRole('textbox', { name: 'Chave Pix para a comissão' }).fill(email)
  await form.getByRole('checkbox', { name: /Li e aceito os termos/ }).check()
  await form.getByRole('button', { name: 'Enviar cadastro' }).click()
  await expect(page).toHaveURL(/\/app\/partners\/duca$/)
  await expect(page.getByText('Cadastro em análise')).toBeVisible()
  await checkStep(page, 'duca-em-analise')

  // One application per person: the form page says so, and the API refuses a second one.
  await page.goto('/app/wizard/partners/duca')
  await expect(page.getByText('Você já se cadastrou: Em análise')).toBeVisible()
  const again = await fetch(`${API_URL}/partners/duca`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await tokenOf(email, 'segredo123')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      kind: 'advisor',
      name: 'Renata Souza Campos',
      document: '529.982.247-25',
      email,
      phone: '41999998888',
      city: 'Curitiba',
      state: 'PR',
      pixKey: email,
      acceptTerms: true,
    }),
  })
  expect(again.status).toBe(409)
  expect(((await again.json()) as { message: string }).message).toBe(
    'Você já está cadastrado no programa Duca.',
  )
})

test('an approved partner sees the code and the companies brought', async ({ page }) => {
  await signInFromLogin(
    page,
    'marcos.duarte@duartecontabil.com.br',
    '/app/login?next=/app/partners/duca',
  )
  await expect(page).toHaveURL(/\/app\/partners\/duca$/)
  await expect(page.getByText('DUCA-MVD7', { exact: true })).toBeVisible()
  const table = page.getByRole('table', { name: 'Empresas indicadas por você' })
  await expect(table.getByRole('row')).toHaveCount(5)
  await expect(table).toContainText('Agência Cunha Marketing Digital Ltda')
  await checkStep(page, 'duca-aprovado')
})

test('the back office: opening and migration queues, and an order with its actions', async ({
  browser,
  baseURL,
}) => {
  // Three screens checked at 1280 and 390 px (six accessibility runs, 5–8 s each on a 2-core
  // machine): the default 60 s ran out on the last step of a clean-clone run.
  test.setTimeout(180_000)
  const admin = await adminSession(browser, baseURL!)
  try {
    const page = admin.page
    await page.goto('/app/admin/companies/opening-orders')
    const queue = page.getByRole('table', { name: 'Pedidos, do mais novo para o mais antigo' })
    await expect(queue.getByRole('row').nth(1)).toBeVisible()
    expect(await queue.getByRole('row').count()).toBeLessThanOrEqual(11)
    await checkStep(page, 'admin-pedidos-abertura')
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('opening')
    await expect(page).toHaveURL(/status=opening/)
    await queue.getByRole('link', { name: 'OC Log' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'OC Log' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Registrar o CNPJ' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Sócios' })).toContainText(
      'Mateus Oliveira Campos',
    )
    await checkStep(page, 'admin-pedido-abertura')
    await page.goto('/app/admin/companies/migration-orders')
    await expect(page.getByRole('heading', { level: 1, name: 'Pedidos de migração' })).toBeVisible()
    await checkStep(page, 'admin-pedidos-migracao')
  } finally {
    await admin.context.close()
  }
})
