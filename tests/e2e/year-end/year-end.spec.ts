import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { ADMIN, signIn, signInFromLogin } from '../support'
import {
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  retype,
  screenshot,
} from '../account/helpers'
import { reseedCompany } from '../onboarding/support'
import { takeTurnsWith } from '../company-turns'
import { ANA, ANA_COMPANY, toast, todayInBrazil } from '../invoices/support'

// The year closes: ana records a distribution above R$ 50.000 (the 10 % withheld, the DARF 1841,
// the warning above the exempt amount) and downloads her income report; the accountant completes
// and delivers ana's DEFIS and marcelo's DASN-SIMEI from the year-end queue.

const MEI_COMPANY = 'cmp-marcelo-techfix'
const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value)

async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}

test.describe.configure({ mode: 'serial' })
// Ana's month is closed by the month-close spec in the other worker: one file at a time.
takeTurnsWith(ANA_COMPANY)
test.beforeAll(() => reseedCompany(MEI_COMPANY))
test.afterAll(() => reseedCompany(MEI_COMPANY))

test('ana records a distribution above R$ 50.000 and downloads her income report', async ({
  page,
}) => {
  const year = Number(todayInBrazil().slice(0, 4))
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInFromLogin(page, ANA, `/app/login?next=${encodeURIComponent('/app/profits')}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Lucros' })).toBeVisible()
  const available = page.getByTestId('profits-available')
  await expect(available).toBeVisible()
  const before = await available.textContent()
  await screenshot(page, 'profits')

  const form = page.getByRole('form', { name: 'Registrar distribuição' })
  await form.getByLabel(/Valor pago/).fill('60.000,00')
  await form.getByRole('button', { name: 'Registrar distribuição' }).click()
  await toast(page, /Distribuição de R\$\s60\.000,00 registrada/)
  // From 2026: above R$ 50.000 in the month, 10 % of it all (Lei 9.250/1995, art. 6º-A).
  if (year >= 2026) {
    await expect(form.getByRole('alert').filter({ hasText: 'IRRF de' })).toContainText(money(6000))
    await expect(form.getByTestId('guide-box')).toContainText('DARF 1841')
  }
  // Ana's year had less than R$ 60.000 left tax-free: the excess is taxable, and she is told.
  await expect(form.getByText(/passa do limite de lucros isentos/)).toBeVisible()
  await expect(available).not.toHaveText(before ?? '')
  await expect(page.getByRole('table', { name: /Distribuições de lucros/ })).toContainText(
    money(60000),
  )
  await expectNoAxeViolations(page, 'profits screen')
  await screenshot(page, 'profits-recorded')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page, 'profits at 390 px')
  await screenshot(page, 'profits-recorded')

  // The account area: last year's income report, sent by the accountant, as a PDF.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/app/user/my-income-reports')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Informe de rendimentos' }),
  ).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: /Baixar o informe de .* de Ana Paula Ribeiro/ }).click()
  const text = await pdfText(readFileSync(await (await download).path()))
  expect(text).toContain('Comprovante de Rendimentos Pagos')
  expect(text).toContain(`Ano-calendário de ${year - 1}`)
  expect(text).toContain('Ana Paula Ribeiro')
  expect(text).toContain('529.982.247-25')
  expect(text).toMatch(/Valores pagos ao titular ou sócio/)
  await screenshot(page, 'income-reports')
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page, 'income reports at 390 px')
  await screenshot(page, 'income-reports')
})

test('the accountant completes and delivers a DEFIS and a DASN-SIMEI from the year-end queue', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const year = Number(todayInBrazil().slice(0, 4)) - 1
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin/)
  await page.goto('/app/admin/year-end')
  await expect(page.getByRole('heading', { level: 1, name: 'Fechamento do ano' })).toBeVisible()
  await screenshot(page, 'year-end-queue')
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Ana Design')
  await page.getByRole('button', { name: 'Buscar' }).click()
  const row = page.getByRole('row').filter({ hasText: 'Ana Design Ltda' })
  await expect(row).toContainText('DEFIS')
  await row.getByRole('link', { name: 'Ana Design Ltda' }).click()

  // Ana's DEFIS: the months before us and what only the accountant knows.
  await expect(page.getByRole('heading', { level: 1, name: `Ana Design em ${year}` })).toBeVisible()
  const defis = page.getByRole('form', { name: `Completar a DEFIS de ${year}` })
  for (const [label, value] of [
    [`Caixa em 01/01/${year}`, '500,00'],
    [`Caixa em 31/12/${year}`, '1.500,00'],
    [`Bancos em 01/01/${year}`, '10.000,00'],
    [`Bancos em 31/12/${year}`, '18.500,00'],
    [`Estoque inicial (01/01/${year})`, '0,00'],
    [`Estoque final (31/12/${year})`, '0,00'],
    [`Compras de ${year}`, '0,00'],
    ['Receita bruta desses meses', '120.000,00'],
    ['DAS desses meses', '7.200,00'],
    ['IRPJ no DAS desses meses', '288,00'],
  ])
    // The banks' balances come filled from the statements: each value retyped as a person would.
    await retype(defis.getByLabel(label!, { exact: true }), value!)
  await defis.getByLabel(`Empregados em 01/01/${year}`).fill('0')
  await defis.getByLabel(`Empregados em 31/12/${year}`).fill('0')
  await defis.getByRole('button', { name: 'Salvar DEFIS' }).click()
  await toast(page, `DEFIS de ${year} salva.`)
  const delivery = page.getByRole('form', { name: 'Registrar entrega da DEFIS' })
  await delivery.getByLabel('Número do recibo').fill('2026.00012.345678')
  await screenshot(page, 'year-end-defis')
  await delivery.getByRole('button', { name: 'Registrar entrega' }).click()
  await toast(page, 'DEFIS entregue: recibo 2026.00012.345678.')
  await expect(page.getByText(/DEFIS entregue em .* recibo 2026\.00012\.345678/)).toBeVisible()
  // Delivered after 31 March: the fine of Res. CGSN 140, art. 97-A.
  await expect(page.getByText(/^Multa de R\$/)).toBeVisible()
  await expectNoAxeViolations(page, 'company year')

  // Back in the queue, ana's row says so; then marcelo's DASN-SIMEI.
  await page.getByRole('link', { name: 'Voltar ao fechamento do ano' }).click()
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Ana Design')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Ana Design Ltda' })).toContainText(
    'Entregue',
  )
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('TechFix')
  await page.getByRole('button', { name: 'Buscar' }).click()
  const mei = page.getByRole('row').filter({ hasText: 'Marcelo Souza Barreto' })
  await expect(mei).toContainText('DASN-SIMEI')
  await mei.getByRole('link', { name: 'Marcelo Souza Barreto' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `TechFix JP em ${year}` })).toBeVisible()
  const dasn = page.getByRole('form', { name: `Completar a DASN-SIMEI de ${year}` })
  await retype(dasn.getByLabel('Serviços'), '10.500,00')
  await dasn.getByRole('button', { name: 'Salvar DASN-SIMEI' }).click()
  await toast(page, `DASN-SIMEI de ${year} salva.`)
  const meiDelivery = page.getByRole('form', { name: 'Registrar entrega da DASN-SIMEI' })
  await meiDelivery.getByLabel('Número do recibo').fill('2026.00077.112233')
  await screenshot(page, 'year-end-dasn')
  await meiDelivery.getByRole('button', { name: 'Registrar entrega' }).click()
  await toast(page, 'DASN-SIMEI entregue: recibo 2026.00077.112233.')
  await expect(page.getByText(/DASN-SIMEI entregue em .* recibo 2026\.00077\.112233/)).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(page, 'company year at 390 px')
  await screenshot(page, 'year-end-dasn')
})
