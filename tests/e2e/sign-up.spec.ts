import { expect, test } from '@playwright/test'
import { uniqueEmail } from './support'

test('sign-up from the public site: track and referral arrive in the address', async ({ page }) => {
  await page.goto('/app/login?mode=signup&track=migrate-company&indicatedBy=ANA1234')
  const form = page.getByRole('form', { name: 'Criar conta' })
  await expect(form.getByRole('radio', { name: /Trocar de contador/ })).toBeChecked()
  await expect(form.getByLabel('Código de indicação')).toHaveValue('ANA1234')

  await form.getByLabel('Nome completo').fill('Joana Prado')
  await form.getByLabel('E-mail').fill(uniqueEmail('joana'))
  await form.getByLabel('Senha').fill('segredo123')
  await form.getByLabel('Celular').pressSequentially('11977776666')
  await expect(form.getByLabel('Celular')).toHaveValue('+55 (11) 97777-6666')
  await form.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page).toHaveURL(/\/app\/wizard\/company-migration$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Troca de contador' })).toBeVisible()
  await expect(page.getByText('Empresa de Joana').first()).toBeVisible()
})

test('sign-up shows the exact messages and keeps what was typed', async ({ page }) => {
  await page.goto('/app/login?mode=signup')
  const form = page.getByRole('form', { name: 'Criar conta' })
  await form.getByLabel('E-mail').fill('nao-e-email')
  await form.getByLabel('Senha').fill('curta')
  await form.getByLabel('Celular').pressSequentially('1199')
  await form.getByRole('button', { name: 'Criar conta' }).click()
  await expect(form.getByText('E-mail inválido')).toBeVisible()
  await expect(form.getByText('A senha deve conter no mínimo 8 caracteres')).toBeVisible()
  await expect(form.getByText('Celular inválido')).toBeVisible()
  await expect(form.getByLabel('E-mail')).toHaveValue('nao-e-email')

  // An e-mail already registered: the server's message, at the e-mail field.
  await form.getByLabel('Nome completo').fill('Ana de Novo')
  await form.getByLabel('E-mail').fill('ana@contabil.dev')
  await form.getByLabel('Senha').fill('segredo123')
  await form.getByLabel('Celular').fill('')
  await form.getByLabel('Celular').pressSequentially('11966665555')
  await form.getByRole('button', { name: 'Criar conta' }).click()
  await expect(form.getByText('Este e-mail já está cadastrado.')).toBeVisible()
  await expect(form.getByLabel('Nome completo')).toHaveValue('Ana de Novo')
  await expect(page).toHaveURL(/mode=signup/)
})
