import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN, signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { ANA, ANA_COMPANY, api, brDate, toast, todayInBrazil } from '../invoices/support'
import { takeTurnsWith } from '../company-turns'

// Other files reseed ana's company (tests/e2e/company-turns.ts): one file at a time with her.
takeTurnsWith(ANA_COMPANY)

// Bank reconciliation (docs/decisions.md): ana imports a statement that pays two of her invoices —
// the one whose memo names the taker's CNPJ is matched by itself, the other is a suggestion —
// confirms the suggestion and undoes it; "Receita sem nota" starts an NFS-e request filled with the
// credit's value, day and the CNPJ its memo names; the invoice shows where it was received; the
// panel and the back office show the month. At 1280 and 390 px.

type Invoice = {
  id: string
  number: number | null
  totalValue: number
  date: string
  taker: { document: string; name: string } | null
  receivedBy?: { transactionId: string } | null
}

const masked = (cnpj: string) =>
  cnpj.length === 11
    ? `${cnpj.slice(0, 3)}.${cnpj.slice(3, 6)}.${cnpj.slice(6, 9)}-${cnpj.slice(9)}`
    : `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
const plusDays = (day: string, days: number) => {
  const shifted = new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return shifted < todayInBrazil() ? shifted : todayInBrazil()
}
const stamp = (day: string) => day.replaceAll('-', '')

/** An OFX of ana's account at Banco Inter: one Pix naming the taker, one TED that does not. */
function statementPaying(named: Invoice, unnamed: Invoice) {
  const entries = [
    [named, `PIX RECEBIDO - ${named.taker!.name.toUpperCase()} - ${masked(named.taker!.document)}`],
    [unnamed, `TED RECEBIDA - ${unnamed.taker!.name.toUpperCase()}`],
  ] as const
  const days = entries.map(([invoice]) => plusDays(invoice.date, 4))
  const text = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
CHARSET:1252

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>3303303-3<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>${stamp([...days].sort()[0]!)}<DTEND>${stamp(todayInBrazil())}
${entries
  .map(
    ([invoice, memo], i) =>
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${stamp(days[i]!)}<TRNAMT>${invoice.totalValue.toFixed(2)}<FITID>E2E-CONC-${i}<MEMO>${memo}</STMTTRN>`,
  )
  .join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-conciliacao-'))
  const file = path.join(dir, 'extrato-inter.ofx')
  writeFileSync(file, Buffer.from(text, 'latin1'))
  return file
}

/** A PNG of the page at 1280 and at 390 px (SCREENSHOT_DIR), neither scrolling sideways. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoSidewaysScroll(page, name)
    await screenshot(page, name)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** A statement line's card on the reconciliation screen, by its memo. */
const card = (page: Page, memo: string | RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: memo }) })

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click()
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
}

/** Deletes the account this statement creates (true if it was there): its invoices open again. */
async function removeInterAccount() {
  const accounts = await api<{ data: { id: string; accountNumber: string }[] }>(
    ANA,
    'GET',
    `/bank-statements/accounts?companyId=${ANA_COMPANY}&limit=100`,
  )
  const inter = accounts.body.data.find((a) => a.accountNumber === '3303303-3')
  if (!inter) return false
  const removed = await api(
    ANA,
    'DELETE',
    `/bank-statements/accounts/${inter.id}?companyId=${ANA_COMPANY}`,
  )
  expect(removed.status).toBe(200)
  return true
}

test('an imported statement pays two invoices: one matched by itself, one confirmed and undone', async ({
  page,
}) => {
  // A retry starts from ana's seeded accounts: a failed attempt's import goes first.
  await removeInterAccount()
  const open = await api<{ data: Invoice[] }>(
    ANA,
    'GET',
    `/nfs/requests?companyId=${ANA_COMPANY}&received=false&limit=50`,
  )
  // Not the invoice the seed suggests for its own TED: this statement pays two others.
  const candidates = open.body.data.filter((r) => r.taker && r.id !== 'nfs-ana-sugerida')
  const [named, unnamed] = candidates
  expect(named && unnamed, 'ana has two issued invoices still to receive').toBeTruthy()
  const file = statementPaying(named!, unnamed!)

  await signInFromLogin(page, ANA, '/app/login?next=/app/bank-statements/reconciliation')
  await expect(page.getByRole('heading', { level: 1, name: 'Conciliação bancária' })).toBeVisible()
  await page.getByRole('button', { name: 'Importar OFX' }).click()
  const dialog = page.getByRole('dialog', { name: 'Importar extrato OFX' })
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: /^(Escolher|Trocar) arquivo$/ }).click()
  await (await chooser).setFiles(file)
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(dialog.getByText(/^Conciliação: 1 conciliada sozinha; 1 sugestão/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Concluir' }).click()

  // Matched by itself: the memo names the taker's CNPJ, the amount is the invoice's.
  await openTab(page, /^Conciliadas/)
  const namedMemo = `PIX RECEBIDO - ${named!.taker!.name.toUpperCase()}`
  const matched = card(page, new RegExp(`^${namedMemo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    // Other payments of the same taker are on the statement too: the line is the one of its NFS-e.
    .filter({ hasText: `NFS-e nº ${named!.number}` })
  await expect(matched.getByText('Conciliada automaticamente')).toBeVisible()
  await expect(matched.getByText('CNPJ do tomador no histórico')).toBeVisible()
  await expect(matched.getByText(`NFS-e nº ${named!.number}`, { exact: false })).toBeVisible()

  // A suggestion: the same amount, no reference. Confirmed, then undone.
  await openTab(page, /^Sugestões/)
  const unnamedMemo = `TED RECEBIDA - ${unnamed!.taker!.name.toUpperCase()}`
  const amount = unnamed!.totalValue.toLocaleString('pt-BR', { minimumFractionDigits: 2 })
  // The seed's own TED may come from the same taker: the line is the one of this amount.
  const amountShown = new RegExp(`\\+R\\$\\s${amount.replaceAll('.', '\\.')}`)
  const unnamedCard = () => card(page, unnamedMemo).filter({ hasText: amountShown })
  const suggested = unnamedCard()
  await expect(suggested.getByText('mesmo valor').first()).toBeVisible()
  await atBothWidths(page, 'reconciliation-suggestions')
  await expectNoAxeViolations(page, 'reconciliation-suggestions')
  // "Escolher outra": the issued invoices to receive, the sum of those chosen.
  await suggested.getByRole('button', { name: 'Escolher outra' }).click()
  const choose = page.getByRole('dialog', { name: 'Escolher as notas' })
  await choose.getByRole('checkbox', { name: new RegExp(`NFS-e nº ${unnamed!.number} `) }).check()
  await expect(choose.getByText(`Escolhidas: R$ ${amount} de R$ ${amount}.`)).toBeVisible()
  await atBothWidths(page, 'reconciliation-choose')
  await choose.getByRole('button', { name: 'Cancelar' }).click()
  await expect(choose).toBeHidden()
  await suggested
    .getByRole('listitem')
    .filter({ hasText: `NFS-e nº ${unnamed!.number}` })
    .getByRole('button', { name: /^Confirmar/ })
    .click()
  await toast(page, 'Conciliação confirmada.')
  await expect(unnamedCard()).toHaveCount(0)
  await openTab(page, /^Conciliadas/)
  const confirmed = unnamedCard()
  await expect(confirmed.getByText('Conciliada por Ana Paula Ribeiro')).toBeVisible()
  await atBothWidths(page, 'reconciliation-matched')
  const received = await api<{ data: Invoice }>(
    ANA,
    'GET',
    `/nfs/requests/${unnamed!.id}?companyId=${ANA_COMPANY}`,
  )
  expect(received.body.data.receivedBy).toBeTruthy()

  // The invoice says where its payment came in.
  await page.goto(`/app/invoices?request=${unnamed!.id}`)
  await expect(
    page.getByText(/^Recebida em \d{2}\/\d{2} — Banco Inter ···3033$/).first(),
  ).toBeVisible()
  await atBothWidths(page, 'invoice-received')
  await page.goto('/app/bank-statements/reconciliation?tab=conciliadas')

  await unnamedCard()
    .getByRole('button', { name: /^Desfazer/ })
    .click()
  await toast(page, 'Conciliação desfeita: a movimentação voltou para as sugestões.')
  await openTab(page, /^Sugestões/)
  await expect(unnamedCard().getByText('conciliação desfeita antes')).toBeVisible()
  const undone = await api<{ data: Invoice }>(
    ANA,
    'GET',
    `/nfs/requests/${unnamed!.id}?companyId=${ANA_COMPANY}`,
  )
  expect(undone.body.data.receivedBy).toBeNull()

  // Back as it was: the account and its lines go, what they paid is open again.
  expect(await removeInterAccount()).toBe(true)
})

test('"Receita sem nota" starts an NFS-e request filled with the credit', async ({ page }) => {
  await signInFromLogin(page, ANA, '/app/login?next=/app/bank-statements/reconciliation')
  const line = card(page, /^PIX RECEBIDO - ESTUDIO NOVA LUZ LTDA/)
  await expect(line.getByText('Receita sem nota')).toBeVisible()
  await expect(
    line.getByText(/O histórico traz ESTUDIO NOVA LUZ LTDA \(11\.444\.777\/0001-61\)/),
  ).toBeVisible()
  await atBothWidths(page, 'reconciliation-to-reconcile')
  await expectNoAxeViolations(page, 'reconciliation-to-reconcile')
  const credits = await api<{ data: { transaction: { date: string; description: string } }[] }>(
    ANA,
    'GET',
    `/bank-statements/reconciliation?companyId=${ANA_COMPANY}&status=unmatched&side=credit&limit=100`,
  )
  const day = credits.body.data.find((row) =>
    row.transaction.description.includes('ESTUDIO NOVA LUZ'),
  )!.transaction.date

  await line.getByRole('link', { name: /^Pedir a nota fiscal/ }).click()
  const form = page.getByRole('form', { name: 'Nova solicitação de NFS-e' })
  await expect(form).toBeVisible()
  await expect(form.getByLabel('CPF ou CNPJ')).toHaveValue('11.444.777/0001-61')
  await expect(form.getByLabel('Valor total')).toHaveValue(/1\.850,00/)
  await expect(form.getByLabel('Data de competência')).toHaveValue(day)
  await atBothWidths(page, 'reconciliation-invoice-draft')
  await form.getByRole('button', { name: 'Cancelar' }).click()
  await expect(form).toBeHidden()
  await expect(page).toHaveURL(/\/app\/invoices$/)
  expect(brDate(day)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
})

test('the panel counts the invoices to receive and the money without an invoice', async ({
  page,
}) => {
  await signInFromLogin(page, ANA, '/app/login?next=/app/panel')
  const panelCard = page.getByRole('region', { name: 'Conciliação bancária' })
  await expect(panelCard.getByText('Notas a receber')).toBeVisible()
  await expect(panelCard.getByText('Entradas sem nota neste mês')).toBeVisible()
  await atBothWidths(page, 'panel-reconciliation')
})

test('the back office sees the month of a company: reconciled and without an invoice', async ({
  page,
}) => {
  await signInFromLogin(
    page,
    ADMIN.email,
    `/app/login?next=${encodeURIComponent(`/app/admin/companies/${ANA_COMPANY}?tab=conciliacao`)}`,
  )
  await expect(page.getByRole('heading', { level: 2, name: /^Conciliação de / })).toBeVisible()
  await expect(
    page
      .getByRole('list', { name: /^Receita sem nota em / })
      .getByRole('heading', { name: /ESTUDIO NOVA LUZ/ }),
  ).toBeVisible()
  await atBothWidths(page, 'admin-company-reconciliation')
  await expectNoAxeViolations(page, 'admin-company-reconciliation')
})
