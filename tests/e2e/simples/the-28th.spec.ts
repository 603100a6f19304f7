import { expect, test, type Browser, type Page } from '@playwright/test'
import { ADMIN, dayOfThisMonth, freezeClock, signInFromLogin } from '../support'
import { expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { reseedCompany } from '../onboarding/support'
import { takeTurnsWith } from '../company-turns'
import { addMonths } from '../../../src/kernel/dates'
import { ANA, ANA_COMPANY, api, todayInBrazil } from '../invoices/support'

// The 28th of a month, with the browser's clock and the server's "today" frozen there
// (tests/e2e/support.ts `freezeClock`): last month's DAS, DCTFWeb DARF and FGTS fell due around
// the 20th, so every screen says so in the past tense — "venceu em dd/mm — atrasado há N dias" —
// never "vence em" a past day (src/kernel/dates.ts `dueWords`). The owner's panel and Pró-labore,
// the accountant's queue and month page, at 1280 and 390 px; a blank pró-labore is not zero until
// the owner chooses "Sem pró-labore neste mês" (at 390 and 1280 px); closing the late month asks
// first and offers the updated guide at once.

const THE_28TH = dayOfThisMonth(28)
/** The month before the frozen day, `YYYY-MM`: the one whose guides are past due on the 28th. */
const PERIOD = addMonths(todayInBrazil().slice(0, 7), -1)
/**
 * "venceu em 20/11 — atrasado há 8 dias" (or "atrasada", for a guide; a day of another year says
 * its year: a guide of December read in January, src/kernel/dates.ts `shortDay`).
 */
const PAST_DUE = /venceu em \d{2}\/\d{2}(\/\d{4})? — atrasad[oa] há \d+ dias?/i
const SAID_AS_FUTURE = /\bvence em \d{2}\/\d{2}/i

// Ana's month is closed at the end and her payroll entered: one file at a time with her company.
takeTurnsWith(ANA_COMPANY)
test.beforeEach(() => reseedCompany(ANA_COMPANY))

async function frozenPage(browser: Browser, width: number, day = THE_28TH) {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
  })
  const page = await context.newPage()
  await freezeClock(page, day)
  return page
}

test("ana on the 28th: her panel and Pró-labore say last month's guides are past due; a blank pró-labore is refused, no pró-labore is a choice", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  for (const width of [1280, 390]) {
    const page = await frozenPage(browser, width)
    await signInFromLogin(
      page,
      ANA,
      `/app/login?next=${encodeURIComponent(`/app/panel?competencia=${PERIOD}`)}`,
    )
    const card = page.getByRole('region', { name: 'Simples Nacional' })
    await expect(card).toContainText(/Prévia: venceu em \d{2}\/\d{2} — atrasado há \d+ dias?/)
    await expect(card).toContainText('a guia vai sair com multa e juros')
    await expect(card).not.toContainText(SAID_AS_FUTURE)
    await screenshot(page, 'the-28th-panel', card)
    await expectNoSidewaysScroll(page, `panel on the 28th at ${width}`)
    // Her guide past due on the panel: "Gerar guia atualizada" says how late it is, opens with
    // every button whole on a phone, and Escape gives focus back to it (src/ui/return-focus.ts).
    const update = page
      .getByRole('listitem', { name: /\(vencida\)$/ })
      .getByRole('button', { name: 'Gerar guia atualizada' })
      .first()
    await update.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Gerar guia atualizada' })
    await expect(dialog).toContainText(PAST_DUE)
    await expect(dialog).not.toContainText(SAID_AS_FUTURE)
    for (const button of ['Cancelar', 'Gerar guia atualizada'])
      await expect(dialog.getByRole('button', { name: button })).toBeInViewport({ ratio: 1 })
    await screenshot(page, 'the-28th-panel-updated-guide')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(update).toBeFocused()
    await page.context().close()
  }

  // On a phone, then on a desktop (ana reseeded in between, so each starts blank): a blank amount
  // is not R$ 0,00, "none" is saved only once chosen.
  for (const width of [390, 1280]) {
    if (width === 1280) await reseedCompany(ANA_COMPANY)
    const page = await frozenPage(browser, width)
    await signInFromLogin(
      page,
      ANA,
      `/app/login?next=${encodeURIComponent(`/app/payroll?competencia=${PERIOD}`)}`,
    )
    await noProLaboreOnlyByChoosingIt(page, width)
    if (width === 390) await page.context().close()
    else await darfSaidPastDue(page)
  }
})

/** Pró-labore on the 28th: a blank save is refused, naming the choice; the choice saves. */
async function noProLaboreOnlyByChoosingIt(page: Page, width: number) {
  await expect(page.getByRole('heading', { level: 1, name: 'Pró-labore' })).toBeVisible()
  await expect(page.getByText(/Ainda não lançada/)).toBeVisible()
  const form = page.getByRole('form', { name: /^Folha de/ })
  // A blank amount is not R$ 0,00: the save is refused, naming the way to say "none".
  await form.getByRole('button', { name: 'Salvar folha do mês' }).click()
  await expect(form).toContainText(
    'Informe o pró-labore de cada sócio, ou marque "Sem pró-labore neste mês".',
  )
  await expect(form.getByLabel(/Ana Paula Ribeiro/)).toBeFocused()
  await expect(page.getByText(/^Lançada em/)).toHaveCount(0)
  const blank = await api<{ data: { entered: boolean } }>(
    ANA,
    'GET',
    `/companies/${ANA_COMPANY}/payroll/${PERIOD}`,
  )
  expect(blank.body.data.entered).toBe(false)
  await screenshot(page, 'the-28th-payroll-blank')
  // Choosing it says what it costs (the fator R), and then it saves.
  const none = form.getByRole('checkbox', { name: 'Sem pró-labore neste mês' })
  await none.check()
  await expect(form).toContainText('a folha do mês conta zero para o fator R')
  await form.getByRole('button', { name: 'Salvar folha do mês' }).click()
  await expect(page.getByText(/^Lançada em/)).toBeVisible()
  const saved = await api<{ data: { entered: boolean } }>(
    ANA,
    'GET',
    `/companies/${ANA_COMPANY}/payroll/${PERIOD}`,
  )
  expect(saved.body.data.entered, `saved at ${width}`).toBe(true)
  await expectNoSidewaysScroll(page, `Pró-labore saved without pró-labore at ${width}`)
}

/** With an amount on a desktop, the DARF it makes is said past due, then again at 390 px. */
async function darfSaidPastDue(page: Page) {
  // With an amount, the DARF it makes fell due on the 20th: said in the past tense.
  const again = page.getByRole('form', { name: /^Folha de/ })
  await again.getByRole('checkbox', { name: 'Sem pró-labore neste mês' }).uncheck()
  // The field holds the R$ 0,00 of "none": cleared, then typed as a person does (a programmatic
  // fill replaces the text without the keys the mask follows).
  const amount = again.getByLabel(/Ana Paula Ribeiro/)
  await amount.press('ControlOrMeta+a')
  await amount.press('Backspace')
  await amount.pressSequentially('6000,00')
  await again.getByRole('button', { name: 'Salvar folha do mês' }).click()
  // R$ 6.000: INSS R$ 660,00 and IRRF R$ 380,02 (Lei 15.270/2025 reduction): DARF R$ 1.040,02.
  await expect(page.getByTestId('payroll-darf')).toHaveText(/R\$\s1\.040,02/)
  const due = page.getByTestId('payroll-darf-due')
  await expect(due).toContainText(
    /Venceu em \d{2}\/\d{2} — atrasada há \d+ dias?: a guia sai no fechamento do mês, com multa e juros/,
  )
  await expect(page.locator('main')).not.toContainText(SAID_AS_FUTURE)
  await screenshot(page, 'the-28th-payroll')
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(due).toBeVisible()
  await expect(due).toContainText(/Venceu em \d{2}\/\d{2} — atrasada há \d+ dias?/)
  await expect(page.locator('main')).not.toContainText(SAID_AS_FUTURE)
  await expectNoSidewaysScroll(page, 'Pró-labore on the 28th at 390')
  await screenshot(page, 'the-28th-payroll')
  await page.context().close()
}

test('the accountant on the 28th: the queue flags and filters the late months, the month page says so, and closing asks first, then offers the updated guide', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  // Ana's payroll of the month, so that her month can close.
  const payroll = await api(ADMIN.email, 'PUT', `/companies/${ANA_COMPANY}/payroll/${PERIOD}`, {
    proLabore: [{ partnerId: '52998224725', amount: 6_000 }],
    employees: [],
  })
  expect(payroll.status).toBe(200)
  for (const width of [1280, 390]) {
    const page = await frozenPage(browser, width)
    await signInFromLogin(page, ADMIN.email)
    await page.goto(
      `/app/admin/simples?competencia=${PERIOD}&query=${encodeURIComponent('Ana Design')}`,
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Fechamento do mês' })).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: 'Ana Design Ltda' })
    await expect(row).toContainText('Atrasado')
    await expect(row.getByTestId('queue-due')).toContainText(PAST_DUE)
    await expect(page.locator('main')).not.toContainText(SAID_AS_FUTURE)
    await screenshot(page, 'the-28th-queue')
    await expectNoSidewaysScroll(page, `queue on the 28th at ${width}`)
    // "Atrasados" lists her month.
    await page.getByLabel('Situação').selectOption({ label: 'Atrasados (DAS vencido e não pago)' })
    await expect(page).toHaveURL(/atrasados=true/)
    await expect(page.getByRole('row').filter({ hasText: 'Ana Design Ltda' })).toContainText(
      'Atrasado',
    )

    await page.goto(`/app/admin/simples/${ANA_COMPANY}?competencia=${PERIOD}`)
    await expect(page.locator('main')).toContainText(PAST_DUE)
    await expect(page.locator('main')).toContainText('a guia sai vencida: com multa e juros')
    await expect(page.locator('main')).not.toContainText(SAID_AS_FUTURE)
    await screenshot(page, 'the-28th-month')
    await expectNoSidewaysScroll(page, `month page on the 28th at ${width}`)
    if (width === 390) {
      // Closing asks first; once closed, the updated guide is offered at once.
      await page.getByRole('button', { name: 'Fechar o mês' }).click()
      const ask = page.getByRole('dialog', { name: 'Fechar o mês com o DAS já vencido?' })
      await expect(ask).toContainText('multa de mora')
      await screenshot(page, 'the-28th-late-close')
      await ask.getByRole('button', { name: 'Fechar mesmo assim' }).click()
      // The modal takes the page (its toast included) out of reach: the close is read from the API.
      const updated = page.getByRole('dialog', { name: 'Gerar guia atualizada' })
      await expect(updated).toBeVisible()
      const month = await api<{ data: { status: string } }>(
        ADMIN.email,
        'GET',
        `/companies/${ANA_COMPANY}/simples/${PERIOD}`,
      )
      expect(month.body.data.status).toBe('closed')
      await screenshot(page, 'the-28th-updated-guide')
    }
    await page.context().close()
  }
})

test('on the 10th, before the due day: the panel and the queue say the DAS falls due, never that it is late', async ({
  browser,
}) => {
  // The same month's DAS, due around the 20th: on the 10th it is still to come (the other side
  // of the sweep in tests/unit/due-date-sweep.test.ts, on screen).
  const FALLS_DUE = /vence em \d{2}\/\d{2}/
  const SAID_AS_PAST = /venceu|atrasad/i
  const owner = await frozenPage(browser, 390, dayOfThisMonth(10))
  await signInFromLogin(
    owner,
    ANA,
    `/app/login?next=${encodeURIComponent(`/app/panel?competencia=${PERIOD}`)}`,
  )
  const card = owner.getByRole('region', { name: 'Simples Nacional' })
  await expect(card).toContainText(/Prévia: vence em \d{2}\/\d{2}\./)
  await expect(card).not.toContainText(SAID_AS_PAST)
  await screenshot(owner, 'the-10th-panel', card)
  await owner.context().close()

  const office = await frozenPage(browser, 390, dayOfThisMonth(10))
  await signInFromLogin(office, ADMIN.email)
  await office.goto(
    `/app/admin/simples?competencia=${PERIOD}&query=${encodeURIComponent('Ana Design')}`,
  )
  const row = office.getByRole('row').filter({ hasText: 'Ana Design Ltda' })
  await expect(row.getByTestId('queue-due')).toContainText(FALLS_DUE)
  await expect(row).not.toContainText(SAID_AS_PAST)
  await screenshot(office, 'the-10th-queue')
  await office.context().close()
})
