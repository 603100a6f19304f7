import { expect, test, type Page } from '@playwright/test'
import type { ReconciliationRow } from '../../../src/schemas/reconciliation'
import { ADMIN, dayOfThisMonth, freezeClock, signIn, signInFromLogin } from '../support'
import {
  apiGetAll,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshot,
} from '../account/helpers'
import { takeTurnsWith } from '../company-turns'
import {
  api,
  brDate,
  EVA,
  EVA_SHOP,
  selectCompany,
  toast,
  todayInBrazil,
} from '../invoices/support'

// A shop closes its month (src/screens/bank-statements/ExplainCreditDialog.tsx): eva's clothing
// shop sells on card without an invoice and declares that revenue each month; the acquirer's
// payouts ("VENDAS CARTAO - STONE") reach the statement with no invoice behind them and keep the
// month from closing until each is explained. eva explains one on her Conciliação, the accountant
// the others together on the company's Conciliação tab, enters the payroll and closes the month on
// its page, on the 28th (the browser's clock and the server's "today" frozen there): the month's
// DAS, due around the 20th, is past due, so the close asks first on any day the suite runs.

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value)

/** The day the accountant closes the month on (tests/e2e/support.ts `freezeClock`). */
const THE_28TH = dayOfThisMonth(28)
/** That day as `YYYY-MM-DD`, in São Paulo (the month of the real day, as `dayOfThisMonth`). */
const THE_28TH_DAY = `${todayInBrazil().slice(0, 8)}28`

/** Last month, `YYYY-MM`, in São Paulo: the one the accountant closes now. */
function lastMonth() {
  const today = todayInBrazil()
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 2
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

type Month = {
  status: string
  missing: { code: string }[]
  declared: { cnae: string; amount: number }[]
  das: { amount: number; dueDate: string | null }
}

const monthOf = async (period: string) =>
  (await api<{ data: Month }>(ADMIN.email, 'GET', `/companies/${EVA_SHOP}/simples/${period}`)).body
    .data

/** The month's credits no invoice explains, as the API lists them. */
const creditsWithoutInvoice = async (period: string) =>
  (
    await api<{ data: ReconciliationRow[]; total: number }>(
      EVA,
      'GET',
      `/bank-statements/reconciliation?companyId=${EVA_SHOP}&status=unmatched&side=credit&period=${period}&limit=100`,
    )
  ).body

/** Chooses "Venda de mercadoria declarada sem nota" in the open dialog. */
async function explainAsDeclaredSale(page: Page, together: boolean) {
  const dialog = page.getByRole('dialog', { name: 'Explicar a entrada sem nota' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('radio', { name: /Venda de mercadoria declarada sem nota/ }).check()
  const others = dialog.getByRole('checkbox', { name: /Explicar do mesmo jeito/ })
  if ((await others.count()) > 0) await others.setChecked(together)
  return dialog
}

test.describe.configure({ mode: 'serial' })

// Reseeded when the file starts and when it ends; other files that change the shop wait.
takeTurnsWith(EVA_SHOP)

test.beforeAll(async () => {
  // The declared revenue must cover the payouts explained as its sales. The seed declares the
  // same amount each month and draws the payouts at random: a month whose payouts pass it is
  // declared up to them first, as eva would on her panel
  // (the limit: mock-server/domain/bank/reconciliation/actions.ts).
  const period = lastMonth()
  const month = await monthOf(period)
  const { data } = await creditsWithoutInvoice(period)
  const total = data.reduce((sum, row) => sum + row.transaction.amount, 0)
  const declared = month.declared.reduce((sum, item) => sum + item.amount, 0)
  if (total > declared) {
    const res = await api(EVA, 'PUT', `/companies/${EVA_SHOP}/simples/${period}/revenue`, {
      items: [{ cnae: '4781400', amount: Math.ceil(total) }],
    })
    expect(res.status).toBe(200)
  }
})

for (const width of [1280, 390]) {
  test(`eva explains a card payout as a sale she declared without an invoice (${width}px)`, async ({
    browser,
  }) => {
    const period = lastMonth()
    const { data: credits, total } = await creditsWithoutInvoice(period)
    expect(total).toBeGreaterThan(0)
    expect(credits.some((row) => /STONE/.test(row.transaction.description))).toBe(true)
    const credit = credits.find((row) => /STONE/.test(row.transaction.description))!
    // The page of "A conciliar" (every month, newest first) the payout is on.
    const unmatched = await apiGetAll<ReconciliationRow>(
      EVA,
      `/bank-statements/reconciliation?companyId=${EVA_SHOP}&status=unmatched`,
    )
    const index = unmatched.findIndex((row) => row.transaction.id === credit.transaction.id)
    expect(index).toBeGreaterThanOrEqual(0)
    const pageNumber = Math.floor(index / 10) + 1

    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
    })
    const page = await context.newPage()
    await signInFromLogin(
      page,
      EVA,
      `/app/login?next=${encodeURIComponent(`/app/bank-statements/reconciliation?tab=a-conciliar&page=${pageNumber}`)}`,
    )
    await selectCompany(page, EVA_SHOP)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Conciliação bancária' }),
    ).toBeVisible()
    const opener = page.getByRole('button', {
      name: `Explicar sem nota a entrada de ${money(credit.transaction.amount)} de ${brDate(credit.transaction.date)}`,
    })
    await opener.first().scrollIntoViewIfNeeded()
    await opener.first().click()
    // "The same way" offers the page's other payouts of the same memo and month only (an
    // explanation counts against its own month's declared revenue).
    const sameMonth = unmatched
      .slice((pageNumber - 1) * 10, pageNumber * 10)
      .filter(
        (row) =>
          row.transaction.id !== credit.transaction.id &&
          row.side === 'credit' &&
          row.transaction.description === credit.transaction.description &&
          row.transaction.date.startsWith(period),
      )
    const monthName = new Intl.DateTimeFormat('pt-BR', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${period}-15T12:00:00Z`))
    const others = page.getByRole('checkbox', { name: /^Explicar do mesmo jeito/ })
    const dialog = await explainAsDeclaredSale(page, false)
    if (sameMonth.length > 0)
      await expect(others).toHaveAccessibleName(
        `Explicar do mesmo jeito as outras ${sameMonth.length} ${sameMonth.length === 1 ? 'entrada' : 'entradas'} "${credit.transaction.description}" de ${monthName} desta página`,
      )
    else await expect(others).toHaveCount(0)
    // The month's declared revenue is named beside the choice.
    await expect(dialog).toContainText(/Receita sem nota declarada em .*: R\$/)
    await expect(dialog).toContainText(`1 entrada, ${money(credit.transaction.amount)}.`)
    await expectNoSidewaysScroll(page, `explain dialog at ${width}`)
    await screenshot(page, 'shop-explain-dialog')
    await dialog.getByRole('button', { name: 'Explicar', exact: true }).click()
    await toast(page, '1 entrada explicada: venda de mercadoria declarada sem nota.')
    await expect(dialog).toBeHidden()

    // The payout is matched, by eva, as revenue declared without an invoice.
    const after = await creditsWithoutInvoice(period)
    expect(after.total).toBe(total - 1)
    const matched = await apiGetAll<ReconciliationRow>(
      EVA,
      `/bank-statements/reconciliation?companyId=${EVA_SHOP}&status=matched&period=${period}`,
    )
    const explained = matched.find((row) => row.transaction.id === credit.transaction.id)!
    expect(explained.match).toMatchObject({ kind: 'explained', explanation: 'declared-sale' })
    expect(explained.confirmer).toEqual({ name: 'Eva Santos Lima', accountant: false })
    await expectNoSidewaysScroll(page, `reconciliation after explaining at ${width}`)
    await screenshot(page, 'shop-reconciliation-explained')
    await context.close()
  })
}

test('the accountant explains the other card payouts, enters the payroll and closes the month', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const period = lastMonth()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const office = await context.newPage()
  await freezeClock(office, THE_28TH)
  await office.goto('/app/login')
  await signIn(office, ADMIN.email, ADMIN.password)
  await expect(office).toHaveURL(/\/app\/admin/)

  // The month page says what blocks the close: the payouts without an invoice, and the payroll.
  await office.goto(`/app/admin/simples/${EVA_SHOP}?competencia=${period}`)
  await expect(office.getByRole('heading', { level: 1, name: /^Apuração de/ })).toBeVisible()
  await expect(office.getByTestId('month-missing')).toContainText('sem nota fiscal')
  await expect(office.getByRole('button', { name: 'Fechar o mês' })).toBeDisabled()

  // The company's Conciliação tab, on the month: the rest explained together (a page at a time).
  const { total } = await creditsWithoutInvoice(period)
  expect(total).toBeGreaterThan(0)
  await office.goto(`/app/admin/companies/${EVA_SHOP}?tab=conciliacao&mes=${period}`)
  const section = office.getByRole('region', { name: /^Receita sem nota em/ })
  const list = section.getByRole('list', { name: /^Receita sem nota em/ })
  // The tab and the month page say the same: these credits keep the month open until explained
  // (src/screens/bank-statements/ReconciliationLine.tsx), not that they go into the DAS as they are.
  await expect(list.getByRole('listitem').first()).toContainText(
    'o mês só fecha com cada entrada explicada',
  )
  await expect(list).not.toContainText('entram no DAS')
  for (let left = total; left > 0;) {
    const page = await creditsWithoutInvoice(period)
    expect(page.total).toBe(left)
    const onPage = Math.min(left, 10)
    await expect(list.getByRole('button', { name: /^Explicar sem nota/ })).toHaveCount(onPage)
    await list
      .getByRole('button', { name: /^Explicar sem nota/ })
      .first()
      .click()
    const dialog = await explainAsDeclaredSale(office, true)
    // The same memo on the page: every payout of the page at once.
    const first = page.data[0]!
    const together = page.data
      .slice(0, onPage)
      .filter((row) => row.transaction.description === first.transaction.description)
    await expect(dialog).toContainText(
      `${together.length} ${together.length === 1 ? 'entrada' : 'entradas'}, ${money(together.reduce((sum, row) => sum + row.transaction.amount, 0))}.`,
    )
    if (left === total) await screenshot(office, 'shop-office-explain-dialog')
    await dialog.getByRole('button', { name: 'Explicar', exact: true }).click()
    await toast(
      office,
      `${together.length} ${together.length === 1 ? 'entrada explicada' : 'entradas explicadas'}: venda de mercadoria declarada sem nota.`,
    )
    left -= together.length
  }
  await expect(section).toContainText('Nenhuma entrada sem nota neste mês')
  expect((await creditsWithoutInvoice(period)).total).toBe(0)
  await expectNoAxeViolations(office, 'company reconciliation tab, all explained')
  await screenshot(office, 'shop-office-reconciliation')

  // The month page: only the payroll is missing now. eva's pró-labore (the statement's PIX).
  await office.goto(`/app/admin/simples/${EVA_SHOP}?competencia=${period}`)
  await expect(office.getByTestId('month-missing')).not.toContainText('sem nota fiscal')
  const payroll = office.getByRole('form', { name: /^Folha de/ })
  await payroll.getByLabel(/Eva Santos Lima/).fill('1.800,00')
  await payroll.getByRole('button', { name: 'Salvar folha do mês' }).click()
  await toast(office, /Folha de .* salva/)
  const open = await monthOf(period)
  expect(open.missing).toEqual([])
  const closeButton = office.getByRole('button', { name: 'Fechar o mês' })
  await expect(closeButton).toBeEnabled()
  await expect(office.getByTestId('das-amount')).toHaveText(money(open.das.amount))
  await screenshot(office, 'shop-month-ready')

  // On the 28th the DAS (due around the 20th) is past due: the close asks first
  // (src/screens/back-office/simples/LateCloseDialog.tsx), then offers the updated guide. The
  // question is walked with the keyboard: Escape gives focus back to "Fechar o mês"
  // (src/ui/return-focus.ts), which asks again.
  expect(open.das.dueDate).not.toBeNull()
  expect(open.das.dueDate! < THE_28TH_DAY, `DAS due ${open.das.dueDate}`).toBe(true)
  const ask = office.getByRole('dialog', { name: 'Fechar o mês com o DAS já vencido?' })
  await closeButton.focus()
  await office.keyboard.press('Enter')
  await expect(ask).toBeVisible()
  await office.keyboard.press('Escape')
  await expect(ask).toBeHidden()
  await expect(closeButton).toBeFocused()
  expect((await monthOf(period)).status).toBe('open')
  await closeButton.click()
  await expect(ask).toContainText('multa de mora')
  await screenshot(office, 'shop-month-late-close')
  await ask.getByRole('button', { name: 'Fechar mesmo assim' }).click()
  // The updated guide is offered at once; its modal takes the page (the close's toast included)
  // out of reach, so the close is read from the API below.
  const updated = office.getByRole('dialog', { name: 'Gerar guia atualizada' })
  await expect(updated).toBeVisible()
  await screenshot(office, 'shop-month-updated-guide')
  await updated.getByRole('button', { name: 'Cancelar' }).click()
  await expect(updated).toBeHidden()
  // Its opener ("Fechar o mês") left with the close: focus stays on the page, never on <body>.
  await expect
    .poll(() => office.evaluate(() => document.activeElement?.closest('#conteudo') != null))
    .toBe(true)
  const closed = await monthOf(period)
  expect(closed.status).toBe('closed')
  await expect(office.getByTestId('guide-box').first()).toBeVisible()
  await expect(office.getByRole('button', { name: 'Fechar o mês' })).toHaveCount(0)
  await screenshot(office, 'shop-month-closed')
  await office.setViewportSize({ width: 390, height: 844 })
  await expectNoSidewaysScroll(office, 'closed shop month at 390')
  await screenshot(office, 'shop-month-closed')
  await context.close()
})
