import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { ANA, ANA_COMPANY, api, toast } from '../invoices/support'
import { takeTurnsWith } from '../company-turns'

// Other files reseed ana's company (tests/e2e/company-turns.ts): one file at a time with her.
takeTurnsWith(ANA_COMPANY)

// Bank statements (docs/product.md §10): an OFX in Windows-1252 imported twice (the second time
// nothing new) with its accents right; a transaction categorised and "Sem categoria" shrinking; the
// txt export with one line per transaction of the month; an unknown or foreign account is the 404
// page.

/** A Banco do Brasil statement as the bank writes it: OFX 1.x SGML in Windows-1252. */
function windows1252Statement(): string {
  const text = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261101083015[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>001<BRANCHID>3344-1<ACCTID>778899-0<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001<DTEND>20261031
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261005<TRNAMT>1850.00<FITID>E2E1252-1<MEMO>PIX RECEBIDO - JOÃO GONÇALVES ÁVILA</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261012<TRNAMT>-89.90<FITID>E2E1252-2<MEMO>PAGAMENTO CONTA DE ÁGUA - SÃO PAULO</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261020<TRNAMT>-12.50<FITID>E2E1252-3<MEMO>TARIFA MANUTENÇÃO CONTA</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103<TRNAMT>-45.00<FITID>E2E1252-4<MEMO>COMPRA CARTÃO - PAPELARIA</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1747.60<DTASOF>20261031</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-ofx-'))
  const file = path.join(dir, 'extrato-bb-outubro.ofx')
  // Latin-1 is Windows-1252 for every character here (accented letters, no € or curly quotes).
  writeFileSync(file, Buffer.from(text, 'latin1'))
  return file
}

async function importFile(page: Page, file: string) {
  const dialog = page.getByRole('dialog', { name: 'Importar extrato OFX' })
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: /^(Escolher|Trocar) arquivo$/ }).click()
  await (await chooser).setFiles(file)
  await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
  return dialog
}

test('an OFX in Windows-1252 imported twice: accents right, the second time nothing new', async ({
  page,
}) => {
  const file = windows1252Statement()
  await signInFromLogin(page, ANA, '/app/login?next=/app/bank-statements/accounts')
  await expect(page.getByRole('list', { name: 'Contas bancárias' })).toBeVisible()
  await page.getByRole('button', { name: 'Importar OFX' }).first().click()
  let dialog = await importFile(page, file)
  await expect(
    dialog.getByText(
      '3 lançamentos importados; 0 já estavam aqui; 1 descartado por ter data depois do fim do extrato.',
    ),
  ).toBeVisible()
  dialog = await importFile(page, file)
  await expect(
    dialog.getByText(
      '0 lançamentos importados; 3 já estavam aqui; 1 descartado por ter data depois do fim do extrato.',
    ),
  ).toBeVisible()
  await screenshot(page, 'bank-import-result')
  await dialog.getByRole('link', { name: 'Ver as movimentações' }).click()

  await expect(
    page.getByRole('heading', { level: 1, name: 'Movimentações da conta' }),
  ).toBeVisible()
  await expect(
    page.getByText('Banco do Brasil · Agência 3344-1 · Conta 778899-0').first(),
  ).toBeVisible()
  await expect(page.getByText('PAGAMENTO CONTA DE ÁGUA - SÃO PAULO')).toBeVisible()
  await expect(page.getByText('PIX RECEBIDO - JOÃO GONÇALVES ÁVILA')).toBeVisible()
  await expect(page.getByText('TARIFA MANUTENÇÃO CONTA')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(4)

  // The account goes away again, after a confirmation (other specs read ana's accounts).
  await page.getByRole('link', { name: 'Voltar para as contas' }).click()
  const card = page.getByRole('listitem').filter({ hasText: 'Conta 778899-0' })
  await card.getByRole('button', { name: /^Excluir a conta/ }).click()
  await page
    .getByRole('dialog', { name: 'Excluir a conta bancária?' })
    .getByRole('button', { name: 'Excluir conta' })
    .click()
  await toast(page, /^Conta excluída com 3 movimentações/)
  await expect(card).toHaveCount(0)
})

test('categorising a transaction shrinks "Sem categoria"; the txt export has a line per transaction', async ({
  page,
}) => {
  await signInFromLogin(
    page,
    ANA,
    '/app/login?next=/app/bank-statements/accounts/acc-ana-cora/transactions',
  )
  await expect(
    page.getByRole('heading', { level: 1, name: 'Movimentações da conta' }),
  ).toBeVisible()
  const filter = page.getByRole('checkbox', { name: /^Sem categoria \(\d+\)$/ })
  const counted = await page.getByText(/^Sem categoria \(\d+\)$/).textContent()
  const before = Number(/\((\d+)\)/.exec(counted ?? '')?.[1])
  expect(before).toBeGreaterThan(0)
  // The box follows the address: checked once the filtered page is there.
  await filter.click()
  await expect(page).toHaveURL(/uncategorized=true/)
  await expect(filter).toBeChecked()
  // The first row is the newest transaction without a category.
  type Listed = { data: { id: string; description: string; taxCategoryId: string | null }[] }
  const transactions = `/bank-statements/transactions?companyId=${ANA_COMPANY}&accountId=acc-ana-cora`
  const [target] = (
    await api<Listed>(ANA, 'GET', `${transactions}&withoutTaxCategory=true&limit=1`)
  ).body.data
  const first = page.getByRole('combobox', { name: /^Categoria de / }).first()
  const label = (await first.getAttribute('aria-label'))!
  expect(label).toContain(target!.description)
  await first.selectOption('tarifas-bancarias')
  await expect(page.getByRole('checkbox', { name: `Sem categoria (${before - 1})` })).toBeVisible()
  // Filtered on "Sem categoria", the categorised row leaves the list.
  await expect(page.getByRole('combobox', { name: label })).toHaveCount(0)
  const after = (await api<Listed>(ANA, 'GET', `${transactions}&limit=100`)).body.data
  expect(after.find((t) => t.id === target!.id)?.taxCategoryId).toBe('tarifas-bancarias')

  // Export the last full month as txt: one CRLF line per transaction of the month.
  await page.getByRole('button', { name: 'Exportar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Exportar extrato' })
  const month = await dialog.getByLabel(/^Mês/).inputValue()
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Baixar extrato' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`extrato-cora-scd-4521873-9-${month}.txt`)
  const text = readFileSync((await file.path())!, 'latin1')
  const lines = text.split('\r\n').filter(Boolean)
  const ofMonth = await api<{ total: number }>(
    ANA,
    'GET',
    `/bank-statements/transactions?companyId=${ANA_COMPANY}&accountId=acc-ana-cora&date=${month}&limit=1`,
  )
  expect(ofMonth.body.total).toBeGreaterThan(0)
  expect(lines).toHaveLength(ofMonth.body.total)
  expect(lines.every((line) => line.split('|').length === 6)).toBe(true)
  await toast(page, `Extrato exportado: extrato-cora-scd-4521873-9-${month}.txt.`)
  // Back as it was: other specs read ana's categories.
  const reset = await api(
    ANA,
    'PUT',
    `/bank-statements/transactions/${target!.id}/tax-category?companyId=${ANA_COMPANY}`,
    { taxCategoryId: null },
  )
  expect(reset.status).toBe(200)
})

test('an unknown or another company’s account is the 404 page', async ({ page }) => {
  await signInFromLogin(page, ANA, '/app/login?next=/app/bank-statements/accounts')
  for (const account of ['bogus', 'acc-eva-inter']) {
    const address = `/app/bank-statements/accounts/${account}/transactions`
    await page.goto(address)
    await expect(page.getByTestId('status-message')).toHaveText(
      `Endereço não encontrado: ${address}`,
    )
  }
})

test('Conectar Cora: consent, back to the accounts with a toast; the same code again is refused', async ({
  page,
}) => {
  await signInFromLogin(page, ANA, '/app/login?next=/app/bank-statements/accounts')
  const visited: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url())
  })
  await page.getByRole('button', { name: 'Conectar Cora' }).click()
  // Cora's consent page (the stand-in, another site).
  await page.getByRole('button', { name: 'Autorizar' }).click()
  await expect(page).toHaveURL(/\/app\/bank-statements\/accounts$/)
  await toast(page, /^Conta Cora conectada: Cora SCD/)
  const callback = new URL(visited.find((url) => url.includes('/app/auth/cora/callback?'))!)
  expect(callback.searchParams.get('code')).toBeTruthy()
  // The same code again (a reload of the callback): refused, and it says so.
  await page.goto(callback.pathname + callback.search)
  await expect(page.getByText(/inválido, expirado ou já usado/)).toBeVisible()
  await screenshot(page, 'bank-cora-callback-used')
  await expectNoAxeViolations(page, 'cora callback')
})

for (const width of [1280, 390]) {
  test(`bank statement screens at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await signInFromLogin(page, ANA, '/app/login?next=/app/bank-statements/accounts')
    await expect(page.getByRole('list', { name: 'Contas bancárias' })).toBeVisible()
    await expect(page.getByText('acc-ana-cora')).toHaveCount(0)
    await expectNoSidewaysScroll(page, 'bank accounts')
    await expectNoAxeViolations(page, `bank accounts at ${width}`)
    await screenshot(page, 'bank-accounts')
    await page.getByRole('link', { name: /^Ver movimentações: Cora SCD/ }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Movimentações da conta' }),
    ).toBeVisible()
    await expect(page.getByText(/^\+R\$/).first()).toBeVisible()
    await expect(page.getByText(/^−R\$/).first()).toBeVisible()
    await expectNoSidewaysScroll(page, 'transactions')
    await expectNoAxeViolations(page, `transactions at ${width}`)
    await screenshot(page, 'bank-transactions')
  })
}
