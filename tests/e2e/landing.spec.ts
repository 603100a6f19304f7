import { expect, test } from '@playwright/test'
import { ADMIN, pathOf, signIn, signInFromLogin } from './support'

// README.md "Demo accounts": after sign-in each account lands where its gates say.
test.describe('landing after sign-in', () => {
  test('ana lands on the panel of Ana Design', async ({ page }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await expect(page).toHaveURL(/\/app\/panel$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Ana Design' })).toBeVisible()
    await expect(page).toHaveTitle('Painel | Contabil')
  })

  test('bruno lands on the opening wizard', async ({ page }) => {
    await signInFromLogin(page, 'bruno@contabil.dev')
    await expect(page).toHaveURL(/\/app\/wizard\/company-opening$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Abertura da empresa' })).toBeVisible()
    await expect(page.getByText('Etapa atual', { exact: true })).toBeVisible()
  })

  test('carla lands on the migration wizard', async ({ page }) => {
    await signInFromLogin(page, 'carla@contabil.dev')
    await expect(page).toHaveURL(/\/app\/wizard\/company-migration$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Troca de contador' })).toBeVisible()
  })

  test('davi lands on the disabled page, with the reason and the way to support', async ({
    page,
  }) => {
    await signInFromLogin(page, 'davi@contabil.dev')
    await expect(page).toHaveURL(/\/app\/user\/disabled$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Empresa desativada' })).toBeVisible()
    await expect(page.getByText('Encerramento do contrato solicitado pelo cliente')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Escrever para a contabilidade' })).toHaveAttribute(
      'href',
      /^mailto:suporte@contabil\.dev\?subject=/,
    )
    await expect(page.getByRole('link', { name: 'suporte@contabil.dev' })).toBeVisible()
  })

  test('admin lands on the back office', async ({ page }) => {
    await page.goto('/app/login')
    await signIn(page, ADMIN.email, ADMIN.password)
    await expect(page).toHaveURL(/\/app\/admin\/companies$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Empresas' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toContainText(
      'Pedidos de abertura',
    )
    // Client companies are listed by legal name (other specs add companies, so the first page
    // is only checked for the first one by name); a search by trade name narrows it and opens one.
    const table = page.getByRole('table', { name: 'Empresas clientes' })
    await expect(table.getByRole('link', { name: 'Ana Design Ltda' })).toBeVisible()
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('ateliê')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/query=/)
    await expect(table.getByRole('link', { name: 'Ana Design Ltda' })).toHaveCount(0)
    await expect(table.getByRole('row', { name: /Ateliê Lima & Santos/ })).toBeVisible()
    await table.getByRole('link', { name: 'Lima & Santos Comércio de Roupas Ltda' }).click()
    await expect(page).toHaveURL(/\/app\/admin\/companies\/cmp-eva-comercio$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ateliê Lima & Santos' }),
    ).toBeVisible()
  })

  test('eva switches between her two companies; the overdue one shows the billing banner', async ({
    page,
  }) => {
    await signInFromLogin(page, 'eva@contabil.dev')
    await expect(page).toHaveURL(/\/app\/panel$/)
    const selector = page.getByRole('banner').getByLabel('Empresa')
    await expect(selector).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })).toHaveCount(0)
    await selector.selectOption({ label: 'Ateliê Lima & Santos — Pagamento em atraso' })
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ateliê Lima & Santos' }),
    ).toBeVisible()
    const banner = page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })
    await expect(banner).toBeVisible()
    await banner.getByRole('link', { name: 'Ver cobrança' }).click()
    await expect(page).toHaveURL(/\/app\/user\/my-billing$/)
    expect(pathOf(page)).toBe('/app/user/my-billing')
    // The choice is kept: after a reload eva is still on the overdue company.
    await page.goto('/app/panel')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ateliê Lima & Santos' }),
    ).toBeVisible()
  })
})
