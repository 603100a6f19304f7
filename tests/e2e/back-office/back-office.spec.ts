import { expect, test, type Browser, type Page } from '@playwright/test'
import { companyStatuses, companyStatusLabels, type Company } from '../../../src/schemas/company'
import type { Track } from '../../../src/schemas/track'
import { companyStatusSnapshotOf, planStatusChange } from '../../../src/machines/company-status'
import {
  apiGet,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshot,
  tokenOf,
} from '../account/helpers'
import { exampleInvoiceBody } from '../../server/contracts/invoices'
import { ADMIN, API_URL, consentState, signInFromLogin, uniqueEmail } from '../support'

// The accountants' back office (docs/decisions.md "The back office") in Chromium against the real
// stack: companies (search, status with the statechart, history), the NFS-e queue, users; axe and
// screenshots.

const EVA = 'eva@contabil.dev'
const ANA = 'ana@contabil.dev'

async function asAdmin(page: Page, path: string) {
  await signInFromLogin(page, ADMIN.email, `/app/login?next=${encodeURIComponent(path)}`)
  await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, '\\?')))
  // The session settles after sign-in (gates run again): read the page once it is quiet.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** axe on the screen once it is there (its main region and heading), finding nothing. */
async function expectAccessible(page: Page, name: string) {
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page, name)
}

async function newClient(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL, storageState: consentState(baseURL!) })
  const page = await context.newPage()
  await signInFromLogin(page, email)
  return { context, page }
}

const statusGroup = (page: Page) => page.getByRole('group', { name: 'Mudar a situação' })

test('find eva’s company by a CNPJ fragment, disable it with a reason she reads, re-enable it', async ({
  page,
  browser,
  baseURL,
}) => {
  await asAdmin(page, '/app/admin/companies')
  await expect(page.getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible()
  await expectAccessible(page, 'companies')
  await screenshot(page, 'admin-companies')

  // Eva's active company, CNPJ 51.357.924/0001-80, by a fragment typed with its punctuation.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('357.924/0001')
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  await expect(page).toHaveURL(/query=357\.924%2F0001/)
  const rows = page.getByRole('table', { name: 'Empresas clientes' }).getByRole('row')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(1)).toContainText('Estúdio Eva Lima')
  await rows.nth(1).getByRole('cell').nth(3).click()
  await expect(page).toHaveURL(/\/app\/admin\/companies\/cmp-eva-studio$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Estúdio Eva Lima' })).toBeVisible()

  await page.getByRole('tab', { name: 'Situação' }).click()
  await expect(page).toHaveURL(/tab=situacao/)
  await statusGroup(page).getByRole('button', { name: 'Desativar empresa → Desativada' }).click()
  const dialog = page.getByRole('dialog', { name: 'Desativar Estúdio Eva Lima?' })
  await dialog.getByLabel('Motivo').fill('Calote')
  await dialog.getByRole('button', { name: 'Desativar empresa' }).click()
  await expect(dialog.getByText('Explique o motivo em pelo menos 10 caracteres.')).toBeVisible()
  const reason = 'Mensalidades de três meses em aberto; fale com o financeiro.'
  await dialog.getByLabel('Motivo').fill(reason)
  await dialog.getByRole('button', { name: 'Desativar empresa' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Estúdio Eva Lima: Desativada.')).toBeVisible()
  const history = page.getByRole('table', { name: /Histórico de situações/ })
  await expect(history.getByRole('row').nth(1)).toContainText(reason)
  await expect(history.getByRole('row').nth(1)).toContainText('Helena Admin')

  // In her own browser, eva lands on the disabled page and reads why.
  const eva = await newClient(browser, baseURL, EVA)
  await expect(eva.page).toHaveURL(/\/app\/user\/disabled$/)
  await expect(eva.page.getByText(reason)).toBeVisible()

  // Re-enabling returns it to the status it had before.
  await statusGroup(page).getByRole('button', { name: 'Reativar empresa → Ativa' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reativar empresa?' })
  await expect(confirm).toContainText('É a situação que ela tinha antes de ser desativada')
  await confirm.getByRole('button', { name: 'Reativar empresa' }).click()
  await expect(page.getByText('Estúdio Eva Lima: Ativa.')).toBeVisible()
  await expect(history.getByRole('row').nth(1)).toContainText('Desativada')

  await eva.page.goto('/app/panel')
  await expect(eva.page).toHaveURL(/\/app\/panel$/)
  await expect(eva.page.getByRole('option', { name: 'Estúdio Eva Lima — Ativa' })).toBeAttached()
  await eva.context.close()
})

test('the status buttons are exactly the moves the statechart allows', async ({ page }) => {
  // Three companies and four accessibility scans: 51–57 s of the default 60 in the project's CI.
  test.setTimeout(120_000)
  await asAdmin(page, '/app/admin/companies')
  // A pending, an opening and an overdue company (docs/product.md §4 "Company status").
  for (const companyId of ['cmp-bruno-tech', 'cmp-mateus-logistica', 'cmp-eva-comercio']) {
    const { data: company } = await apiGet<{ data: Company }>(
      ADMIN.email,
      `/companies/${companyId}`,
    )
    const { data: track } = await apiGet<{ data: Track }>(
      ADMIN.email,
      `/companies/${companyId}/steps`,
    )
    const snapshot = companyStatusSnapshotOf(company, track)
    const allowed = companyStatuses.filter(
      (to) => planStatusChange(snapshot, to, 'Motivo de teste com mais de dez letras').ok,
    )
    await page.goto(`/app/admin/companies/${companyId}?tab=situacao`)
    await expect(page.getByRole('tab', { name: 'Situação', selected: true })).toBeVisible()
    const buttons = statusGroup(page).getByRole('button')
    await expect(buttons).toHaveCount(allowed.length)
    const names = await buttons.evaluateAll((list) =>
      list.map((button) => button.getAttribute('aria-label') ?? ''),
    )
    expect(
      names.map((name) => name.split(' → ')[1]),
      `${companyId} (${company.status})`,
    ).toEqual(allowed.map((to) => companyStatusLabels[to]))
  }
  await expectAccessible(page, 'company status')
  await screenshot(page, 'admin-company-status')
  for (const tab of ['dados', 'trilha', 'pessoas'] as const) {
    await page.goto(`/app/admin/companies/cmp-eva-comercio?tab=${tab}`)
    await expect(page.getByRole('tab', { selected: true })).toBeVisible()
    await expectAccessible(page, `company ${tab}`)
    await screenshot(page, `admin-company-${tab}`)
  }
})

test('an unknown company id is the 404 page', async ({ page }) => {
  await asAdmin(page, '/app/admin/companies')
  await page.goto('/app/admin/companies/cmp-nao-existe')
  await expect(
    page.getByText('Endereço não encontrado: /app/admin/companies/cmp-nao-existe'),
  ).toBeVisible()
})

test('a client typing the back office’s addresses gets the 403 screen', async ({ page }) => {
  await signInFromLogin(page, ANA)
  for (const path of [
    '/app/admin/companies/cmp-ana-design?tab=situacao',
    '/app/admin/invoices/nf-requests/nfs-ana-aguardando',
    '/app/admin/users/uid-ana',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible()
  }
})

test('work ana’s pending NFS-e request to issued by hand with a PDF; ana sees it and downloads the PDF', async ({
  page,
  browser,
  baseURL,
}) => {
  // Ana asks for a note (her own pending request, so no other spec depends on it).
  const description = `Ensaio fotográfico de catálogo ${Date.now()}`
  const created = await fetch(`${API_URL}/nfs/requests?companyId=cmp-ana-design`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await tokenOf(ANA)}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ ...exampleInvoiceBody, serviceDescription: description }),
  })
  expect(created.status).toBe(201)

  await asAdmin(page, '/app/admin/invoices/nf-requests')
  await expectAccessible(page, 'nf requests')
  await screenshot(page, 'admin-nf-requests')
  await page.getByRole('combobox', { name: 'Situação' }).selectOption('pending')
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(description)
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  const rows = page.getByRole('table', { name: 'Solicitações de NFS-e' }).getByRole('row')
  await expect(rows).toHaveCount(2)
  await rows.nth(1).getByRole('link').click()
  await expect(
    page.getByRole('heading', { level: 1, name: /NFS-e para Café Bom Grão/ }),
  ).toBeVisible()
  await expect(page.getByText(description)).toBeVisible()
  await expectAccessible(page, 'nf request')

  // Pending: the national issue, or processing (a manual issue comes after it).
  await expect(page.getByRole('button', { name: 'Emitir NFS-e', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Registrar emissão manual' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Iniciar processamento' }).click()
  await page
    .getByRole('dialog', { name: 'Iniciar o processamento?' })
    .getByRole('button', { name: 'Iniciar processamento' })
    .click()
  await expect(page.getByText('Solicitação em processamento.')).toBeVisible()
  await page.getByRole('button', { name: 'Registrar emissão manual' }).click()
  const form = page.getByRole('form', { name: 'Registrar emissão manual' })
  await form.getByRole('button', { name: 'Registrar NFS-e' }).click()
  await expect(form.getByText('Informe o número da NFS-e (só dígitos, até 15).')).toBeVisible()
  await expect(form.getByText('Anexe o PDF da nota.')).toBeVisible()
  const number = String(900000 + Math.floor(Math.random() * 99999))
  await form.getByLabel('Número da NFS-e').fill(number)
  const pdf = `%PDF-1.4\n% NFS-e ${number}\n`
  await form
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) })
  await screenshot(page, 'admin-nf-request-issue')
  await form.getByRole('button', { name: 'Registrar NFS-e' }).click()
  await expect(page.getByText(`NFS-e nº ${number} emitida`).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Rejeitar' })).toHaveCount(0)
  await screenshot(page, 'admin-nf-request-issued')

  // Ana sees it issued on her invoice and downloads that PDF from it.
  const ana = await newClient(browser, baseURL, ANA)
  await ana.page.goto(`/app/invoices?query=${encodeURIComponent(description)}`)
  const row = ana.page.getByRole('row', { name: /Café Bom Grão/ })
  await expect(row).toContainText('Emitida')
  await expect(row).toContainText(number)
  await row.getByRole('button', { name: /Detalhes da nota/ }).click()
  await expect(ana.page.getByText(`NFS-e nº ${number} emitida`)).toBeVisible()
  const downloading = ana.page.waitForEvent('download')
  await ana.page.getByRole('button', { name: 'Baixar o PDF' }).click()
  const download = await downloading
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).toString()).toBe(pdf)
  // The same PDF is among her documents, as a nota fiscal.
  await ana.page.goto('/app/documents?type=nota-fiscal')
  await expect(
    ana.page.getByRole('row', { name: new RegExp(`NFS-e nº ${number} \\(PDF\\)`) }),
  ).toBeVisible()
  await ana.context.close()
})

test('create a user (a short phone is refused) and sign in as them', async ({
  page,
  browser,
  baseURL,
}) => {
  await asAdmin(page, '/app/admin/users')
  await expectAccessible(page, 'users')
  await screenshot(page, 'admin-users')
  await page.getByRole('button', { name: 'Novo usuário' }).click()
  const form = page.getByRole('form', { name: 'Novo usuário' })
  const email = uniqueEmail('marina')
  await form.getByLabel('Nome completo').fill('Marina Alves')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Celular').pressSequentially('1191234')
  await expect(form.getByRole('checkbox', { name: 'Administrador de empresa' })).toBeChecked()
  await form.getByRole('combobox', { name: 'Empresa' }).fill('Ana Design')
  await page.getByRole('option', { name: /Ana Design/ }).click()
  await form.getByRole('button', { name: 'Criar acesso' }).click()
  await expect(form.getByText('Celular inválido').first()).toBeVisible()
  // The dialog is open: the page behind it is hidden from assistive tech, so axe reads the dialog.
  await expectNoAxeViolations(page, 'new user form')
  await screenshot(page, 'admin-user-new-errors')
  await form.getByLabel('Celular').fill('')
  await form.getByLabel('Celular').pressSequentially('11912345678')
  await form.getByRole('button', { name: 'Criar acesso' }).click()
  const done = page.getByRole('dialog', { name: 'Acesso criado' })
  await expect(done).toBeVisible()
  const link = await done.getByLabel('Link de acesso').inputValue()
  expect(link).toMatch(/^http/)
  await screenshot(page, 'admin-user-created')

  // The person opens the link on their own device and is in.
  const context = await browser.newContext({ baseURL, storageState: consentState(baseURL!) })
  const person = await context.newPage()
  await person.goto(link)
  const confirmEmail = person.getByRole('form', { name: 'Confirmar e-mail do link de acesso' })
  await confirmEmail.getByLabel('E-mail').fill(email)
  await confirmEmail.getByRole('button', { name: 'Entrar' }).click()
  await expect(person).toHaveURL(/\/app\/panel$/)
  await context.close()

  // The admin sees the person, with ana's company and a last sign-in.
  await done.getByRole('link', { name: 'Ver usuário' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Marina Alves' })).toBeVisible()
  await page.reload()
  await expect(page.getByText('Nunca entrou')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Ana Design/ })).toBeVisible()
  await expectAccessible(page, 'user detail')
  await screenshot(page, 'admin-user')
})

test('an admin cannot remove their own system-admin role', async ({ page }) => {
  await asAdmin(page, '/app/admin/users/uid-admin')
  const own = page.getByRole('checkbox', { name: 'Administrador do sistema' })
  await expect(own).toBeChecked()
  await expect(own).toBeDisabled()
  await expect(
    page.getByText('Você não pode remover o seu próprio papel de administrador do sistema.'),
  ).toBeVisible()
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the company page holds on a phone', async ({ page }) => {
    await asAdmin(page, '/app/admin/companies/cmp-ana-design')
    for (const tab of ['dados', 'situacao', 'trilha', 'pessoas'] as const) {
      await page.goto(`/app/admin/companies/cmp-ana-design?tab=${tab}`)
      await expect(page.getByRole('tab', { selected: true })).toBeVisible()
      await expectNoSidewaysScroll(page, `company ${tab}`)
      await screenshot(page, `admin-company-${tab}`)
    }
    await page.goto('/app/admin/companies/cmp-ana-design')
    await page.getByRole('button', { name: 'Editar' }).click()
    await expectNoSidewaysScroll(page, 'company edit')
    await screenshot(page, 'admin-company-edit')
  })
})
