import { expect, test, type Page } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, retype, screenshot } from './helpers'

// The profile — edits survive a reload; a wrong current password is refused in pt-BR.
// Priscila (a demo client nobody else's spec uses) is put back as she was at the end.

/** Signs in and opens the profile from the side menu (no second page load). */
async function openProfile(page: Page) {
  await signInFromLogin(page, PRISCILA.email)
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Meu perfil' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meu perfil' })).toBeVisible()
}

const PRISCILA = {
  email: 'psi.priscilaaraujo@gmail.com',
  name: 'Priscila Araújo Souza',
  phone: '79999876012',
}

test('name and mobile survive a reload, and the header follows', async ({ page }) => {
  await openProfile(page)
  const form = page.getByRole('form', { name: 'Seus dados' })
  await expect(form.getByLabel('Nome')).toHaveValue(PRISCILA.name)

  // A bad mobile is refused with the spec's message and nothing is sent.
  await retype(form.getByLabel('Celular'), '7999')
  await form.getByRole('button', { name: 'Salvar dados' }).click()
  await expect(form.getByText('Celular inválido')).toBeVisible()

  await form.getByLabel('Nome').fill('Priscila Araújo')
  await retype(form.getByLabel('Celular'), '79988887777')
  await form.getByRole('button', { name: 'Salvar dados' }).click()
  await expect(page.getByText('Dados salvos.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Conta de Priscila Araújo' })).toBeVisible()

  await page.reload()
  await expect(form.getByLabel('Nome')).toHaveValue('Priscila Araújo')
  await expect(form.getByLabel('Celular')).toHaveValue('+55 (79) 98888-7777')
  await expect(page.getByRole('button', { name: 'Conta de Priscila Araújo' })).toBeVisible()

  // Back as the seed has her.
  await form.getByLabel('Nome').fill(PRISCILA.name)
  await retype(form.getByLabel('Celular'), PRISCILA.phone)
  await form.getByRole('button', { name: 'Salvar dados' }).click()
  await expect(page.getByText('Dados salvos.')).toBeVisible()
})

test('a wrong current password is refused in pt-BR; a weak new one too', async ({ page }) => {
  await openProfile(page)
  const form = page.getByRole('form', { name: 'Trocar senha' })
  await form.getByLabel('Senha atual').fill('senha-errada-1')
  await form.getByLabel(/^Nova senha/).fill('NovaSenha2026')
  await form.getByLabel('Repita a nova senha').fill('NovaSenha2026')
  await form.getByRole('button', { name: 'Trocar senha' }).click()
  await expect(form.getByText('Senha atual incorreta.')).toBeVisible()
  await expect(form.getByLabel('Senha atual')).toBeFocused()

  await form.getByLabel('Senha atual').fill('Cliente#2026')
  await form.getByLabel(/^Nova senha/).fill('somenteletras')
  await form.getByLabel('Repita a nova senha').fill('somenteletras')
  await form.getByRole('button', { name: 'Trocar senha' }).click()
  await expect(form.getByText('Senha fraca: use letras e números')).toBeVisible()
  await screenshot(page, 'profile-password-errors')
  await expectNoAxeViolations(page, 'profile with errors')
})

test('a photo is uploaded, shown in the header, and removed', async ({ page }) => {
  await openProfile(page)
  await page.getByTestId('photo-input').setInputFiles('tests/fixtures/profile-photo.png')
  await expect(page.getByText('Foto atualizada.')).toBeVisible()
  const headerPhoto = page.getByRole('banner').locator('img')
  await expect(headerPhoto).toHaveAttribute(
    'src',
    /\/users\/uid-priscila\/photo\/[a-f0-9]{16}\.png$/,
  )
  await expect
    .poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Remover foto' }).click()
  await expect(page.getByText('Foto removida.')).toBeVisible()
  await expect(headerPhoto).toHaveCount(0)
})
