import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from '../account/helpers'
import { ANA, ANA_COMPANY, api, toast, todayInBrazil } from '../invoices/support'

// Issue 11, documents: ana uploads a PDF (type and competence) and downloads the very same bytes;
// guias show their linha digitável with a copy button and go to paid; filters live in the URL.

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

test('a guia shows its linha digitável to copy and is marked paid', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInFromLogin(page, ANA, '/app/login?next=/app/documents')
  const guias = page.getByRole('heading', { level: 2, name: 'Guias a pagar' })
  await expect(guias).toBeVisible()
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Linha digitável', { exact: true }) })
    .first()
  const line = (await first.getByLabel('Linha digitável', { exact: true }).textContent())!.trim()
  expect(line).toMatch(/^(\d{11}-\d ){3}\d{11}-\d$/)
  await first.getByRole('button', { name: /^Copiar/ }).click()
  await toast(page, 'Linha digitável copiada.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line.replace(/[ -]/g, ''))

  const name = (await first.getByRole('heading', { level: 3 }).textContent())!
  await first.getByRole('button', { name: 'Marcar como paga' }).click()
  await page
    .getByRole('dialog', { name: 'Marcar a guia como paga?' })
    .getByRole('button', { name: 'Marcar como paga' })
    .click()
  await toast(page, `Guia marcada como paga: ${name}.`)
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  // The status badge, and beside it the day it was paid (no bank line: marked by hand).
  const paidRow = page.getByRole('row').filter({ hasText: name })
  await expect(paidRow.getByText('Paga', { exact: true })).toBeVisible()
  await expect(paidRow.getByText(/^Paga em \d{2}\/\d{2}\/\d{4}$/)).toBeVisible()
})

for (const width of [1280, 390]) {
  test(`documents screen at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await signInFromLogin(page, ANA, '/app/login?next=/app/documents')
    await expect(page.getByRole('table', { name: 'Documentos da empresa' })).toBeVisible()
    // An overdue guia stands out (the seed's guias fall due on the 20th of this month).
    const pending = await api<{ data: { guia: { dueDate: string } }[] }>(
      ANA,
      'GET',
      `/documents?companyId=${ANA_COMPANY}&type=guia&status=pending&limit=50`,
    )
    const overdue = pending.body.data.filter((d) => d.guia.dueDate < todayInBrazil()).length
    await expect(page.getByRole('listitem', { name: /\(vencida\)$/ })).toHaveCount(overdue)
    await expectNoSidewaysScroll(page, 'documents')
    await expectNoAxeViolations(page, `documents at ${width}`)
    await screenshot(page, 'documents')
  })
}
