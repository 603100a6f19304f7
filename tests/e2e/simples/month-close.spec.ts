import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { isValidBoleto } from '@brazilian-utils/brazilian-utils'
import { dueSentence } from '../../../src/kernel/dates'
import { ADMIN, signIn, signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { reseedCompany } from '../onboarding/support'
import { takeTurnsWith } from '../company-turns'
import { ANA, ANA_COMPANY, api, brDate, toast, todayInBrazil } from '../invoices/support'

// The month closes (docs/decisions.md "The panel and the account screens"). The accountant enters
// ana's pró-labore for last month, opens the month-close queue and closes her month; ana sees the
// DAS on her panel and downloads the guide, whose PDF says its amount, due date and line (a
// FEBRABAN collection line).

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value)

/** Last month, `YYYY-MM`, in São Paulo. */
function lastMonth() {
  const today = todayInBrazil()
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 2
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}

type Month = {
  status: string
  das: { amount: number; dueDate: string }
  guide: null | {
    documentId: string
    amount: number
    dueDate: string
    line: string | null
    overdue: boolean
  }
}

test.describe.configure({ mode: 'serial' })

// Ana's year is changed by the year-end spec in the other worker: one file at a time.
takeTurnsWith(ANA_COMPANY)
test.beforeEach(() => reseedCompany(ANA_COMPANY))

test("ana's Pró-labore screen: the month's payroll, its receipts and the DARF it makes", async ({
  page,
}) => {
  const period = lastMonth()
  await signInFromLogin(
    page,
    ANA,
    `/app/login?next=${encodeURIComponent(`/app/payroll?competencia=${period}`)}`,
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Pró-labore' })).toBeVisible()
  const form = page.getByRole('form', { name: /^Folha de/ })
  await form.getByLabel(/Ana Paula Ribeiro/).fill('6.000,00')
  await form.getByRole('button', { name: 'Salvar folha do mês' }).click()
  // R$ 6.000: INSS R$ 660,00 and IRRF R$ 380,02 (Lei 15.270/2025 reduction): DARF R$ 1.040,02.
  await expect(page.getByTestId('payroll-darf')).toHaveText(money(1040.02))
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Baixar recibos de pró-labore (PDF)' }).click()
  const text = await pdfText(readFileSync(await (await download).path()))
  expect(text).toContain('RECIBO DE PRÓ-LABORE')
  expect(text).toContain(money(6000 - 660 - 380.02).replace(/\u00a0/g, ' '))
  await expectNoAxeViolations(page, 'payroll screen')
  await screenshot(page, 'payroll')
})

test("the accountant enters ana's pró-labore, closes her month in the queue; ana pays the DAS from her panel", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const period = lastMonth()
  const office = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage()
  await office.goto('/app/login')
  await signIn(office, ADMIN.email, ADMIN.password)
  await expect(office).toHaveURL(/\/app\/admin/)

  // The month page: the payroll is missing, so the month cannot close yet.
  await office.goto(`/app/admin/simples/${ANA_COMPANY}?competencia=${period}`)
  await expect(office.getByRole('heading', { level: 1, name: /^Apuração de/ })).toBeVisible()
  await expect(office.getByTestId('month-missing')).toContainText('Folha do mês')
  await expect(office.getByRole('button', { name: 'Fechar o mês' })).toBeDisabled()
  const payroll = office.getByRole('form', { name: /^Folha de/ })
  await payroll.getByLabel(/Ana Paula Ribeiro/).fill('8.500,00')
  await payroll.getByRole('button', { name: 'Salvar folha do mês' }).click()
  await toast(office, /Folha de .* salva/)
  // R$ 8.500: INSS 11 % up to the ceiling (R$ 932,31), IRRF 27,5 % − 908,73 on the rest.
  const summary = office.getByRole('table', { name: /^Pró-labore de/ })
  await expect(summary).toContainText(money(932.31))
  await expect(summary).toContainText(money(1172.38))
  await expect(summary).toContainText(money(8500 - 932.31 - 1172.38))
  await screenshot(office, 'simples-month-payroll')

  // The queue: ana is ready; closing her month publishes the DAS.
  await office.getByRole('link', { name: 'voltar ao fechamento' }).click()
  await expect(office.getByRole('heading', { level: 1, name: 'Fechamento do mês' })).toBeVisible()
  await office.getByRole('searchbox', { name: 'Buscar' }).fill('Ana Design')
  await office.getByRole('button', { name: 'Buscar' }).click()
  const row = office.getByRole('row').filter({ hasText: 'Ana Design Ltda' })
  await expect(row).toContainText('Pronto para fechar')
  const open = (
    await api<{ data: Month }>(ADMIN.email, 'GET', `/companies/${ANA_COMPANY}/simples/${period}`)
  ).body.data
  await expect(row).toContainText(money(open.das.amount))
  await expectNoAxeViolations(office, 'month-close queue')
  await screenshot(office, 'simples-queue')
  // Past the DAS's due day the row is flagged late, and closing asks first
  // (src/screens/back-office/simples/LateCloseDialog.tsx), saying the guide comes out late with
  // multa and juros.
  const late = open.das.dueDate < todayInBrazil()
  if (late) await expect(row).toContainText('Atrasado')
  await row.getByRole('checkbox', { name: /Selecionar/ }).check()
  await office.getByRole('button', { name: 'Fechar 1 selecionado' }).click()
  if (late) {
    const ask = office.getByRole('dialog', { name: 'Fechar o mês com o DAS já vencido?' })
    await expect(ask).toContainText('multa de mora')
    await screenshot(office, 'simples-queue-late-close')
    await ask.getByRole('button', { name: 'Fechar mesmo assim' }).click()
  }
  await toast(office, '1 mês fechado: as guias foram publicadas.')
  await expect(row).toContainText('Fechado')

  const closed = (
    await api<{ data: Month }>(ANA, 'GET', `/companies/${ANA_COMPANY}/simples/${period}`)
  ).body.data
  expect(closed.status).toBe('closed')
  expect(closed.guide).not.toBeNull()
  const guide = closed.guide!
  expect(guide.amount).toBe(open.das.amount)
  const guias = await api<{ data: { id: string; guia: { digitableLine: string } }[] }>(
    ANA,
    'GET',
    `/documents?companyId=${ANA_COMPANY}&type=guia&limit=50`,
  )
  const line = guias.body.data.find((d) => d.id === guide.documentId)!.guia.digitableLine
  expect(line).toHaveLength(48)
  expect(isValidBoleto(line)).toBe(true)

  // Ana's panel: the DAS of last month with its due date; its line to copy while it is due,
  // never once it is past due (then the updated guide is offered instead).
  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await signInFromLogin(
      page,
      ANA,
      `/app/login?next=${encodeURIComponent(`/app/panel?competencia=${period}`)}`,
    )
    const card = page.getByRole('region', { name: 'Simples Nacional' })
    const box = card.getByTestId('guide-box')
    await expect(box.getByTestId('guide-amount')).toHaveText(money(guide.amount))
    if (guide.overdue) {
      await expect(box).toContainText(
        dueSentence(guide.dueDate, todayInBrazil(), { late: 'atrasada' }),
      )
      await expect(box.getByTestId('guide-line')).toHaveCount(0)
      await expect(box.getByRole('button', { name: 'Gerar guia atualizada' })).toBeVisible()
    } else {
      await expect(box).toContainText(dueSentence(guide.dueDate, todayInBrazil()))
      await expect(box.getByTestId('guide-line')).toHaveText(
        [0, 1, 2, 3]
          .map((b) => `${line.slice(b * 12, b * 12 + 11)}-${line[b * 12 + 11]}`)
          .join(' '),
      )
    }
    await expect(card.getByRole('table', { name: /por atividade/ })).toBeVisible()
    await expect(card.getByTestId('das-taxes')).toBeVisible()
    await screenshot(page, 'simples-panel-das', card)
    await screenshot(page, 'simples-panel')
    await expectNoSidewaysScroll(page, `panel with the DAS at ${width}`)
    if (width === 1280) {
      await expectNoAxeViolations(page, 'panel with the DAS')
      // The guide's PDF: amount, due date and line, read from its text; once past due, stamped
      // and without the line that no longer pays it.
      const download = page.waitForEvent('download')
      await box.getByRole('button', { name: /^Baixar guia/ }).click()
      const text = await pdfText(readFileSync(await (await download).path()))
      const printedLine = [0, 1, 2, 3]
        .map((b) => `${line.slice(b * 12, b * 12 + 11)}-${line[b * 12 + 11]}`)
        .join(' ')
      expect(text).toContain(money(guide.amount).replace(/\u00a0/g, ' '))
      expect(text).toContain(brDate(guide.dueDate))
      if (guide.overdue) {
        expect(text).toContain('VENCIDA — gere a guia atualizada')
        expect(text).not.toContain(printedLine)
      } else expect(text).toContain(printedLine)
    }
    await context.close()
  }
})

/** `YYYY-MM` moved by some months. */
function monthsBack(months: number) {
  const today = todayInBrazil()
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

test('the accountant enters a payroll with an employee and closes the month: the DARF and the FGTS guide, the holerite PDF', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const period = lastMonth()
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  })
  const office = await context.newPage()
  await office.goto('/app/login')
  await signIn(office, ADMIN.email, ADMIN.password)
  await expect(office).toHaveURL(/\/app\/admin/)
  await office.goto(`/app/admin/simples/${ANA_COMPANY}?competencia=${period}`)
  const payroll = office.getByRole('form', { name: /^Folha de/ })
  await payroll.getByLabel(/Ana Paula Ribeiro/).fill('8.500,00')
  await payroll.getByRole('button', { name: 'Adicionar empregado' }).click()
  const employee = payroll.getByRole('group', { name: /^Empregado 1/ })
  await employee.getByLabel('Nome completo').fill('Łukasz Nowak')
  await employee.getByLabel('CPF').fill('11144477735')
  await employee.getByLabel('Salário do mês').fill('3.000,00')
  await payroll.getByRole('button', { name: 'Salvar folha do mês' }).click()
  await toast(office, /Folha de .* salva/)
  // R$ 3.000 in the competence's year: INSS by the bands (R$ 248,60 in 2026), FGTS 8 % R$ 240,00.
  const employees = office.getByRole('table', { name: /^Empregados de/ })
  await expect(employees).toContainText('Łukasz Nowak')
  await expect(employees).toContainText(money(240))
  await expect(office.getByTestId('payroll-fgts')).toHaveText(money(240))
  const slip = office.waitForEvent('download')
  await employees.getByRole('button', { name: /Holerite \(PDF\) de Łukasz Nowak/ }).click()
  const text = await pdfText(readFileSync(await (await slip).path()))
  expect(text).toContain('HOLERITE')
  expect(text).toContain('Łukasz Nowak')
  expect(text).toContain(money(240).replace(/\u00a0/g, ' '))
  await screenshot(office, 'simples-month-employee')

  const open = (
    await api<{ data: Month }>(ADMIN.email, 'GET', `/companies/${ANA_COMPANY}/simples/${period}`)
  ).body.data
  await office.getByRole('button', { name: 'Fechar o mês' }).click()
  // Past the DAS's due day closing asks first (src/screens/back-office/simples/LateCloseDialog.tsx).
  if (open.das.dueDate < todayInBrazil())
    await office
      .getByRole('dialog', { name: 'Fechar o mês com o DAS já vencido?' })
      .getByRole('button', { name: 'Fechar mesmo assim' })
      .click()
  await toast(office, /Mês fechado/)
  const guides = office.getByTestId('guide-box')
  await expect(guides.filter({ hasText: 'DARF DCTFWeb' })).toHaveCount(1)
  const fgts = guides.filter({ hasText: 'FGTS Digital (GFD)' })
  await expect(fgts).toHaveCount(1)
  await expect(fgts.getByTestId('guide-amount')).toHaveText(money(240))
  await screenshot(office, 'simples-month-closed-guides')
  await office.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(office, 'month page with employees at 390')
  await screenshot(office, 'simples-month-closed-guides')
  await context.close()
})

test.describe('revenue before us', () => {
  const MARINA = 'cmp-marina-advocacia'
  // Her last month's payroll is entered by tests/e2e/keyboard-dialogs.spec.ts: one file at a time
  // (reseeded when the turn starts and ends).
  takeTurnsWith(MARINA)
  test.beforeEach(() => reseedCompany(MARINA))

  test("the accountant declares a migrated company's revenue before us and the RBT12 counts it", async ({
    browser,
  }) => {
    // Two months back, the RBT12 window starts a month before marina's first invoice here.
    const period = monthsBack(2)
    const missing = monthsBack(14)
    const short = `${missing.slice(5)}/${missing.slice(0, 4)}`
    for (const width of [1280, 390]) {
      await reseedCompany(MARINA)
      const context = await browser.newContext({
        viewport: { width, height: width === 390 ? 844 : 900 },
      })
      const office = await context.newPage()
      await office.goto('/app/login')
      await signIn(office, ADMIN.email, ADMIN.password)
      await expect(office).toHaveURL(/\/app\/admin/)
      await office.goto(`/app/admin/simples/${MARINA}?competencia=${period}`)
      await expect(office.getByTestId('month-missing')).toContainText(short)
      const rbt12 = office.getByTestId('rbt12')
      const before = (
        await api<{ data: { rbt12: number } }>(
          ADMIN.email,
          'GET',
          `/companies/${MARINA}/simples/${period}`,
        )
      ).body.data.rbt12
      await expect(rbt12).toContainText(money(before))
      const form = office.getByRole('form', { name: 'Receita de antes do sistema' })
      await form.getByLabel(`Receita de ${short}`).fill('30.000,00')
      await form.getByRole('button', { name: 'Salvar receita' }).click()
      await toast(office, /Receita de antes do sistema salva/)
      await expect(rbt12).toContainText(money(before + 30_000))
      await expect(office.getByTestId('month-missing')).not.toContainText(short)
      // The toast (bottom right) has gone before the page's width is measured.
      await expect(office.getByText(/Receita de antes do sistema salva/)).toBeHidden({
        timeout: 10_000,
      })
      await expectNoSidewaysScroll(office, `revenue before us at ${width}`)
      await screenshot(office, 'simples-revenue-history')
      await context.close()
    }
  })
})
