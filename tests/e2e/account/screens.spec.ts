import { expect, test } from '@playwright/test'
import { signInFromLogin } from '../support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot } from './helpers'

// Every account screen at 1280 and 390 px: its heading, no sideways scroll, axe clean,
// and (with SCREENSHOT_DIR) a PNG to look at.

const anaScreens: [string, string, string][] = [
  ['/app/user/my-billing', 'billing', 'Cobrança'],
  ['/app/user/my-profile', 'profile', 'Meu perfil'],
  ['/app/user/my-docs', 'my-docs', 'Meus documentos'],
  ['/app/user/my-invites', 'invites', 'Convites'],
  ['/app/user/my-referrals', 'referrals', 'Indicações'],
]

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } })

    for (const [path, name, title] of anaScreens)
      test(`ana: ${title}`, async ({ page }) => {
        await signInFromLogin(page, 'ana@contabil.dev')
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        await screenshot(page, name)
        await expectNoSidewaysScroll(page, name)
        await expectNoAxeViolations(page, name)
      })

    test('a disabled company says why and how to reach the accountant', async ({ page }) => {
      await signInFromLogin(page, 'davi@contabil.dev')
      await expect(page).toHaveURL(/\/app\/user\/disabled$/)
      await expect(page.getByText('Encerramento do contrato solicitado pelo cliente')).toBeVisible()
      await expect(page.getByRole('link', { name: /Escrever para/ })).toHaveAttribute(
        'href',
        /^mailto:/,
      )
      await screenshot(page, 'disabled')
      await expectNoSidewaysScroll(page, 'disabled')
      await expectNoAxeViolations(page, 'disabled')
    })
  })
}

test('my documents: a personal document is sent, listed, downloaded and deleted', async ({
  page,
}) => {
  await signInFromLogin(page, 'ana@contabil.dev')
  await page.goto('/app/user/my-docs')
  await page.getByRole('button', { name: 'Enviar documento' }).click()
  await expect(page.getByText('Escolha o tipo do documento')).toBeVisible()
  await page.getByRole('radio', { name: 'Comprovante de residência' }).check()
  await page.locator('input[type=file]').setInputFiles('tests/fixtures/profile-photo.png')
  await page.getByRole('button', { name: 'Enviar documento' }).click()
  await expect(page.getByText('Comprovante de residência enviado.')).toBeVisible()
  const table = page.getByRole('table', { name: 'Seus documentos pessoais' })
  const row = table.getByRole('row').filter({ hasText: 'Comprovante de residência' }).first()
  await expect(row).toBeVisible()
  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: 'Baixar Comprovante de residência' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.png$/)
  await row.getByRole('button', { name: 'Excluir Comprovante de residência' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click()
  await expect(page.getByText('Comprovante de residência excluído.')).toBeVisible()
})
