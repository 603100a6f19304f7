import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { ANA, ANA_COMPANY, api, toast, todayInBrazil } from '../invoices/support'
import { reseedCompany } from '../onboarding/support'
import { takeTurnsWith } from '../company-turns'

// Other files reseed ana's company (tests/e2e/company-turns.ts): one file at a time with her.
takeTurnsWith(ANA_COMPANY)

const LAW_FIRM_EMAIL = 'marina@andradelins.adv.br'
const LAW_FIRM = 'cmp-marina-advocacia'

// Documents (docs/product.md §10): ana uploads a PDF (type and competence) and downloads the very
// same bytes; guias due show their linha digitável with a copy button and go to paid, overdue ones
// offer the updated guide instead; filters live in the URL.

test('ana uploads a PDF and downloads the same bytes, then deletes it', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-docs-'))
  // A name of its own, so a retry never finds the document of a failed attempt.
  const name = `Recibo coworking outubro ${randomBytes(3).toString('hex')}`
  const file = path.join(dir, `${name}.pdf`)
  // A PDF header and random bytes: any change on the way would show.
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(48 * 1024)])
  writeFileSync(file, bytes)

  await signInFromLogin(page, ANA, '/app/login?next=/app/documents')
  await expect(page.getByRole('heading', { level: 2, name: 'Todos os documentos' })).toBeVisible()
  await page.getByRole('button', { name: 'Enviar documento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar documento' })
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Escolher arquivo' }).click()
  await (await chooser).setFiles(file)
  await expect(dialog.getByLabel(/^Nome do documento/)).toHaveValue(name)
  await dialog.getByLabel(/^Tipo/).selectOption('comprovante')
  await dialog.getByLabel('Competência', { exact: true }).fill('2026-10')
  await expectNoAxeViolations(page, 'upload dialog')
  await screenshot(page, 'documents-upload')
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()
  await toast(page, `Documento enviado: ${name}.`)

  // Found with the filters in the URL: type and competence.
  await page.getByRole('button', { name: 'Comprovante', exact: true }).click()
  await page.getByLabel('Competência', { exact: true }).fill('2026-10')
  await expect(page).toHaveURL(/competence=2026-10/)
  await expect(page).toHaveURL(/type=/)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expect(row.getByText('Em análise')).toBeVisible()

  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: /^Baixar/ }).click()
  const saved = await (await download).path()
  expect(readFileSync(saved).equals(bytes)).toBe(true)

  await row.getByRole('button', { name: /^Excluir/ }).click()
  await page
    .getByRole('dialog', { name: 'Excluir o documento?' })
    .getByRole('button', { name: 'Excluir' })
    .click()
  await toast(page, `Documento excluído: ${name}.`)
  await expect(row).toHaveCount(0)
})

test('an overdue guia is recalculated for today (multa and juros), its new line copied, and both are paid', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await reseedCompany(LAW_FIRM)
  // The law firm's DARF of IRRF (1708) fell due last month: its expired line is not offered.
  await signInFromLogin(page, LAW_FIRM_EMAIL, '/app/login?next=/app/documents')
  await expect(page.getByRole('heading', { level: 2, name: 'Guias a pagar' })).toBeVisible()
  const overdue = page.getByRole('listitem', { name: /\(vencida\)$/ }).filter({ hasText: '1708' })
  await expect(overdue.getByText('Vencida')).toBeVisible()
  await expect(overdue.getByLabel('Linha digitável', { exact: true })).toHaveCount(0)
  await overdue.getByRole('button', { name: 'Gerar guia atualizada' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gerar guia atualizada' })
  await expect(dialog.getByLabel('Data do pagamento')).toHaveValue(todayInBrazil())
  const quote = await api<{ data: { total: number; fineRate: number; interestRate: number } }>(
    LAW_FIRM_EMAIL,
    'GET',
    `/companies/${LAW_FIRM}/guides/doc-marina-darf/late-payment?paymentDate=${todayInBrazil()}`,
  )
  // Paid in the month after the due date: juros of 1 %; the multa 0,33 % a day up to 20 %.
  expect(quote.body.data.interestRate).toBe(0.01)
  await expect(dialog.getByTestId('late-total')).toHaveText(
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
      quote.body.data.total,
    ),
  )
  await expectNoAxeViolations(page, 'late payment dialog')
  await screenshot(page, 'documents-late-payment', dialog)
  await dialog.getByRole('button', { name: 'Gerar guia atualizada' }).click()
  await toast(page, /Guia atualizada/)

  // The updated guide is due today, with its line to copy; the expired one is gone from the list.
  const updated = page.getByRole('listitem').filter({ hasText: 'atualizada para pagamento' })
  const line = (await updated.getByLabel('Linha digitável', { exact: true }).textContent())!.trim()
  expect(line).toMatch(/^(\d{11}-\d ){3}\d{11}-\d$/)
  await expect(page.getByRole('listitem', { name: /\(vencida\)$/ })).toHaveCount(0)
  await updated.getByRole('button', { name: /^Copiar a linha/ }).click()
  await toast(page, 'Linha digitável copiada.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line.replace(/[ -]/g, ''))

  const name = (await updated.getByRole('heading', { level: 3 }).textContent())!
  await updated.getByRole('button', { name: 'Marcar como paga' }).click()
  await page
    .getByRole('dialog', { name: 'Marcar a guia como paga?' })
    .getByRole('button', { name: 'Marcar como paga' })
    .click()
  await toast(page, `Guia marcada como paga: ${name}.`)
  await expect(page.getByText('Nenhuma guia a pagar agora.')).toBeVisible()
  // Paying the updated guide paid the expired one it replaced.
  const original = await api<{ data: { id: string; status: string }[] }>(
    LAW_FIRM_EMAIL,
    'GET',
    `/documents?companyId=${LAW_FIRM}&type=guia&limit=50`,
  )
  expect(original.body.data.find((d) => d.id === 'doc-marina-darf')?.status).toBe('paid')
  await reseedCompany(LAW_FIRM)
})

for (const width of [1280, 390]) {
  test(`documents screen at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await signInFromLogin(page, ANA, '/app/login?next=/app/documents')
    await expect(page.getByRole('table', { name: 'Documentos da empresa' })).toBeVisible()
    // An overdue guia stands out, without its expired line (the seed's DARF fell due last month).
    const guides = await api<{ data: { overdue: boolean }[] }>(
      ANA,
      'GET',
      `/companies/${ANA_COMPANY}/guides`,
    )
    const overdue = guides.body.data.filter((g) => g.overdue).length
    expect(overdue).toBeGreaterThan(0)
    await expect(page.getByRole('listitem', { name: /\(vencida\)$/ })).toHaveCount(overdue)
    await expectNoSidewaysScroll(page, 'documents')
    await expectNoAxeViolations(page, `documents at ${width}`)
    await screenshot(page, 'documents')
  })
}
