import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signInFromLogin } from './support'
import { toast } from './invoices/support'

// Every action that changes something says so, and a form says what to give. A save
// and an upload are each followed by their confirmation (the first toast of the page too); an
// empty required field says what it needs, and the message goes once the field is fixed. The
// law firm's owner, whom no other spec changes.
const MARINA = 'marina@andradelins.adv.br'

test('"Salvar dados" in Meu perfil says the data was saved', async ({ page }) => {
  await signInFromLogin(page, MARINA, '/app/login?next=/app/user/my-profile')
  const form = page.getByRole('form', { name: 'Seus dados' })
  await expect(form.getByLabel('Nome')).toHaveValue('Marina Andrade Lins')
  // Saved as it is: still a save, and it says so.
  await form.getByRole('button', { name: 'Salvar dados' }).click()
  await toast(page, 'Dados salvos.')
})

test('an uploaded document is confirmed and lit up in the list', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-feedback-'))
  const name = `Contrato de honorários ${randomBytes(3).toString('hex')}`
  const file = path.join(dir, `${name}.pdf`)
  writeFileSync(file, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4 * 1024)]))

  await signInFromLogin(page, MARINA, '/app/login?next=/app/documents')
  await page.getByRole('button', { name: 'Enviar documento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar documento' })
  // Sent empty: each field says what to give.
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(dialog.getByText('Escolha o arquivo a enviar.')).toBeVisible()
  await expect(dialog.getByText('Escolha o tipo do documento.')).toBeVisible()
  await expect(dialog.getByText('Dê um nome ao documento')).toBeVisible()
  // The file names the document: that message goes as the field fills.
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Escolher arquivo' }).click()
  await (await chooser).setFiles(file)
  await expect(dialog.getByLabel(/^Nome do documento/)).toHaveValue(name)
  await expect(dialog.getByText('Dê um nome ao documento')).toBeHidden()
  await expect(dialog.getByText('Escolha o arquivo a enviar.')).toBeHidden()
  await dialog.getByLabel(/^Tipo/).selectOption('contrato-social')
  await expect(dialog.getByText('Escolha o tipo do documento.')).toBeHidden()
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()

  await toast(page, `Documento enviado: ${name}.`)
  await expect(dialog).toBeHidden()
  // Where it went: its row, lit up.
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toHaveAttribute('data-changed', '')
  await expect(row.getByText('Em análise')).toBeVisible()
})

test('the NFS-e form says what to give for an empty field, and the message goes once it is given', async ({
  page,
}) => {
  await signInFromLogin(page, MARINA, '/app/login?next=/app/invoices')
  await page.getByRole('button', { name: 'Nova solicitação' }).click()
  const panel = page.getByRole('dialog', { name: 'Nova solicitação de NFS-e' })
  await panel.getByRole('button', { name: 'Solicitar nota' }).click()
  const summary = panel.getByRole('alert').filter({ hasText: 'Confira os campos marcados' })
  await expect(
    summary.getByRole('button', { name: 'Informe o CPF ou CNPJ do tomador' }),
  ).toBeVisible()
  await expect(summary.getByRole('button', { name: 'Escolha o serviço da empresa' })).toBeVisible()
  const document = panel.getByRole('textbox', { name: /^CPF ou CNPJ/ })
  await expect(document).toHaveAccessibleDescription(/Informe o CPF ou CNPJ do tomador/)

  await document.fill('529.982.247-25')
  await expect(document).not.toHaveAttribute('aria-invalid', 'true')
  await expect(summary.getByRole('button', { name: /CPF ou CNPJ/ })).toBeHidden()
  await expect(panel.getByText('Informe o CPF ou CNPJ do tomador')).toBeHidden()
})
