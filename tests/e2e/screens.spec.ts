import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { ADMIN, signIn } from './support'

// Every /app screen in its layout: its pt-BR document title and h1, no horizontal overflow on a
// 390 px phone, and (with SCREENSHOT_DIR set) a PNG of each for a human to look at.
const shots = process.env.SCREENSHOT_DIR
if (shots) mkdirSync(shots, { recursive: true })

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Conta de/ }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/app\/login$/)
}

async function check(page: Page, name: string, title: string, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page).toHaveTitle(`${title} | Contabil`)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0)
  if ((page.viewportSize()?.width ?? 0) >= 1280) {
    // Every table fits its frame at 1280 px, with room for a desktop browser's scrollbar (about
    // 16 px of the 1280): no column is cut off or hidden behind a sideways scroll.
    const tooWide = await page.evaluate(() =>
      [...document.querySelectorAll('table')].flatMap((table) => {
        // Tables only for screen readers (a chart's data) have no frame to fit.
        if (table.parentElement!.clientWidth <= 1) return []
        const room = table.parentElement!.clientWidth - 16
        const width = table.style.width
        table.style.width = 'min-content'
        const needs = Math.ceil(table.getBoundingClientRect().width)
        table.style.width = width
        return needs > room ? [`${table.caption?.textContent}: ${needs} px in ${room} px`] : []
      }),
    )
    expect(tooWide, `${name}: tables wider than their frame`).toEqual([])
  }
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

const clientScreens: [string, string, string][] = [
  ['/app/panel', 'panel', 'Painel'],
  ['/app/invoices', 'invoices', 'Notas fiscais'],
  ['/app/documents', 'documents', 'Documentos'],
  ['/app/bank-statements/accounts', 'bank-accounts', 'Extratos bancários'],
  [
    '/app/bank-statements/accounts/acc-ana-cora/transactions',
    'bank-transactions',
    'Movimentações da conta',
  ],
  ['/app/bank-statements/reconciliation', 'bank-reconciliation', 'Conciliação bancária'],
  ['/app/user/my-docs', 'my-docs', 'Meus documentos'],
  ['/app/user/my-certificate', 'my-certificate', 'Certificado digital'],
  ['/app/user/my-profile', 'my-profile', 'Meu perfil'],
  ['/app/user/my-referrals', 'my-referrals', 'Indicações'],
  ['/app/user/my-billing', 'my-billing', 'Cobrança'],
  ['/app/user/my-invites', 'my-invites', 'Convites'],
  ['/app/partners/duca', 'duca', 'Duca'],
  ['/app/wizard/partners/duca', 'duca-wizard', 'Cadastro no programa Duca'],
]

const adminScreens: [string, string, string][] = [
  ['/app/admin/companies', 'admin-companies', 'Empresas'],
  ['/app/admin/companies/opening-orders', 'admin-opening-orders', 'Pedidos de abertura'],
  ['/app/admin/companies/migration-orders', 'admin-migration-orders', 'Pedidos de migração'],
  ['/app/admin/invoices/nf-requests', 'admin-nf-requests', 'Solicitações de NFS-e'],
  ['/app/admin/users', 'admin-users', 'Usuários'],
]

for (const [width, suffix] of [
  [1280, 'desktop'],
  [390, 'mobile'],
] as const) {
  test.describe(`screens at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 860 } })

    test('login and sign-up', async ({ page }) => {
      await page.goto('/app/login')
      await check(page, `login-${suffix}`, 'Entrar', 'Entrar')
      await page.goto('/app/login?mode=signup&track=migrate-company&indicatedBy=ANA1234')
      await check(page, `signup-${suffix}`, 'Entrar', 'Criar conta')
      await page.getByRole('button', { name: 'Criar conta' }).click()
      await expect(page.getByText('E-mail inválido')).toBeVisible()
      if (shots)
        await page.screenshot({
          path: path.join(shots, `signup-errors-${suffix}.png`),
          fullPage: true,
        })
    })

    test('the client area', async ({ page }) => {
      await page.goto('/app/login')
      await signIn(page, 'ana@contabil.dev')
      await expect(page).toHaveURL(/\/app\/panel$/)
      for (const [url, name, title] of clientScreens) {
        await page.goto(url)
        await check(page, `${name}-${suffix}`, title, title)
      }
      // Her track is done: the wizard gate sends her back to the panel.
      await page.goto('/app/wizard/company-opening')
      await expect(page).toHaveURL(/\/app\/panel$/)
      await page.goto('/app/admin/users')
      await expect(page.getByRole('heading', { level: 1, name: 'Acesso negado' })).toBeVisible()
      if (shots)
        await page.screenshot({ path: path.join(shots, `403-${suffix}.png`), fullPage: true })
      if (width === 390) {
        await page.goto('/app/panel')
        await page.getByRole('button', { name: 'Abrir menu' }).click()
        await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible()
        if (shots) await page.screenshot({ path: path.join(shots, `menu-${suffix}.png`) })
      }
    })

    test('the wizards and the back office', async ({ page }) => {
      await page.goto('/app/login')
      await signIn(page, 'bruno@contabil.dev')
      await expect(page).toHaveURL(/company-opening$/)
      // Bruno is at the opening's partner step (the full partner fields).
      await expect(page.getByRole('form', { name: 'Cadastro dos sócios' })).toBeVisible()
      await check(page, `wizard-opening-${suffix}`, 'Abertura da empresa', 'Abertura da empresa')
      await signOut(page)
      // Carla's migration has not reached its accountant step: her partners (the basic fields)
      // can still be revised.
      await signIn(page, 'carla@contabil.dev')
      await expect(page).toHaveURL(/company-migration$/)
      await page.goto('/app/wizard/company-migration?etapa=partner-registration-basic')
      await expect(page.getByRole('form', { name: 'Sócios' })).toBeVisible()
      await check(
        page,
        `wizard-migration-partners-${suffix}`,
        'Troca de contador',
        'Troca de contador',
      )
      await signOut(page)
      await signIn(page, ADMIN.email, ADMIN.password)
      await expect(page).toHaveURL(/\/app\/admin\/companies$/)
      for (const [url, name, title] of adminScreens) {
        await page.goto(url)
        await check(page, `${name}-${suffix}`, title, title)
      }
      // An order far along: every step's data, as the step registry's views show it.
      await page.goto('/app/admin/companies/orders/cmp-beatriz-nutri')
      await check(page, `admin-order-${suffix}`, 'Nutri Bia', 'Nutri Bia')
      await page.goto('/app/admin/companies/cmp-eva-comercio')
      // The page is titled by the company's name (its loader reads it), not its id.
      await check(page, `admin-company-${suffix}`, 'Ateliê Lima & Santos', 'Ateliê Lima & Santos')
    })

    test('the 404 page', async ({ page }) => {
      await page.goto('/nao-existe/mesmo')
      await expect(page.getByTestId('status-message')).toHaveText(
        'Page not found: /nao-existe/mesmo',
      )
      if (shots)
        await page.screenshot({ path: path.join(shots, `404-${suffix}.png`), fullPage: true })
    })
  })
}
