import { expect, test } from '@playwright/test'
import { API_URL, signInFromLogin } from '../support'
import { takeTurnsWith } from '../company-turns'
import { ANA_COMPANY } from '../invoices/support'
import { expectNoAxeViolations, expectNoSidewaysScroll, screenshot, tokenOf } from './helpers'

// Billing (docs/product.md §10) — an overdue company pays through the checkout and is active again,
// with the banner gone from every screen; a plan change shows the new price from the next cycle.

const EVA = 'eva@contabil.dev'
const OVERDUE = 'cmp-eva-comercio'

test.describe('eva pays her overdue company', () => {
  // Paying changes shared seed data other specs read: put eva's billing back afterwards.
  test.afterEach(async () => {
    const response = await fetch(`${API_URL}/__test/companies/${OVERDUE}/reseed`, {
      method: 'POST',
    })
    expect(response.ok).toBe(true)
  })

  test('switches to the overdue company, sees the banner, pays, and the company is active', async ({
    page,
  }) => {
    await signInFromLogin(page, EVA)
    await expect(page).toHaveURL(/\/app\/panel/)
    const selector = page.getByRole('banner').getByLabel('Empresa')
    await selector.selectOption({ label: 'Ateliê Lima & Santos — Pagamento em atraso' })
    const banner = page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })
    await expect(banner).toBeVisible()
    await banner.getByRole('link', { name: 'Ver cobrança' }).click()
    await expect(page).toHaveURL(/\/app\/user\/my-billing$/)
    await expect(page.getByTestId('current-plan')).toHaveText('Comércio')
    await screenshot(page, 'billing-overdue')
    await expectNoAxeViolations(page, 'billing (overdue)')

    // Every overdue charge is paid, the oldest first: how many are overdue depends on the day the
    // suite runs against the seeded due dates (the billing clock marks them on start).
    const pagar = banner.getByRole('button', { name: 'Pagar agora' })
    let lastPaid = ''
    for (let round = 0; round === 0 || (await banner.isVisible()); round++) {
      expect(round, 'more overdue charges than the seed has').toBeLessThan(6)
      // The charge the banner names is the one "Pagar agora" pays.
      const charge = (await banner.textContent())?.match(/Mensalidade \d{2}\/\d{4}/)?.[0]
      expect(charge).toBeTruthy()
      await pagar.click()
      // The checkout stand-in (another site): pay with Pix.
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Mensalidade')
      await page.getByRole('radio', { name: 'Pix' }).check()
      await page.getByRole('button', { name: /^Pagar R\$/ }).click()
      await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible()
      await page.getByRole('link', { name: 'Voltar agora' }).click()

      // Back in the app: told, and the outcome is dropped from the address.
      await expect(page.getByText('Pagamento confirmado. Obrigado!').last()).toBeVisible()
      await expect(page).toHaveURL(/\/app\/user\/my-billing$/)
      // Read again: the banner is gone or names the next overdue charge.
      await expect(banner.filter({ hasText: charge! })).toHaveCount(0)
      lastPaid = charge!
    }
    await expect(page).toHaveURL(/\/app\/user\/my-billing$/)
    await expect(page.getByText('Em dia')).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })).toHaveCount(0)
    await expect(selector).toHaveValue(OVERDUE)
    await expect(selector.locator('option:checked')).toHaveText('Ateliê Lima & Santos — Ativa')

    // Every screen follows: the panel, reached in the app, shows no banner and the status.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Painel' })
      .click()
    await expect(page).toHaveURL(/\/app\/panel/)
    await expect(
      page.getByRole('heading', { level: 2, name: 'Ateliê Lima & Santos' }),
    ).toBeVisible()
    await expect(page.getByTestId('company-status')).toContainText('Ativa')
    await expect(
      page.getByRole('listitem').filter({ hasText: `Pagamento confirmado: ${lastPaid}` }),
    ).toContainText('Ativa')
    await expect(page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })).toHaveCount(0)
  })

  test('back from the checkout by a full load of the app, she is told the payment was confirmed', async ({
    page,
  }) => {
    // The return is a full load of /app/user/my-billing?pagamento=confirmado; the
    // outcome must reach the screen before anything drops it from the address.
    await signInFromLogin(page, EVA)
    await expect(page).toHaveURL(/\/app\/panel/)
    await page
      .getByRole('banner')
      .getByLabel('Empresa')
      .selectOption({ label: 'Ateliê Lima & Santos — Pagamento em atraso' })
    await expect(page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })).toBeVisible()
    await page.goto('/app/user/my-billing')
    const banner = page.getByRole('alert').filter({ hasText: 'Pagamento em atraso' })
    const charge = (await banner.textContent())?.match(/Mensalidade \d{2}\/\d{4}/)?.[0]
    expect(charge).toBeTruthy()
    await banner.getByRole('button', { name: 'Pagar agora' }).click()
    await page.getByRole('radio', { name: 'Pix' }).check()
    await page.getByRole('button', { name: /^Pagar R\$/ }).click()
    await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible()
    // No click: the checkout sends the browser back by itself.
    await page.waitForURL(/\/app\/user\/my-billing/, { timeout: 20_000 })
    await expect(page.getByText('Pagamento confirmado. Obrigado!')).toBeVisible()
    const navigation = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    )
    expect(navigation).toBe('navigate')
    await expect(page).toHaveURL(/\/app\/user\/my-billing$/)
    // The charge is paid (a later month may still be overdue, depending on the day).
    await expect(banner.filter({ hasText: charge! })).toHaveCount(0)
  })
})

test.describe('ana', () => {
  // Her subscription is read and changed by other files too (tests/e2e/keyboard-dialogs.spec.ts
  // schedules a plan change): one file at a time, reseeded around.
  takeTurnsWith(ANA_COMPANY)
  // A failure half-way must not leave ana's plan change for other specs: keep the current plan.
  test.afterEach(async () => {
    await fetch(`${API_URL}/subscriptions/sub-ana-design/plan`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${await tokenOf('ana@contabil.dev')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ planId: 'plan-servicos' }),
    })
  })

  test('receipts of paid months, and a plan change priced from the next cycle', async ({
    page,
  }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await page.goto('/app/user/my-billing')
    await expect(page.getByTestId('current-plan')).toHaveText('Serviços')
    await expect(page.getByText('plan-servicos')).toHaveCount(0)

    await page
      .getByRole('button', { name: /^Recibo de/ })
      .first()
      .click()
    const receipt = page.getByRole('dialog', { name: 'Recibo de pagamento' })
    await expect(receipt.getByText('Ana Design Ltda')).toBeVisible()
    await expect(receipt.getByText('Valor pago')).toBeVisible()
    await receipt.getByRole('button', { name: 'Fechar' }).click()

    await page.getByRole('radio', { name: /^Empresarial/ }).check()
    await page.getByRole('button', { name: 'Trocar plano' }).click()
    const confirm = page.getByRole('dialog', { name: 'Trocar para o plano Empresarial?' })
    await expect(confirm).toContainText('R$ 449,90 por mês')
    await confirm.getByRole('button', { name: 'Trocar plano' }).click()
    await expect(
      page.getByText(/Plano Empresarial: R\$\s449,90 por mês a partir da mensalidade de/),
    ).toBeVisible()
    const scheduled = page.getByRole('status').filter({ hasText: 'Troca de plano agendada' })
    await expect(scheduled).toContainText('R$ 449,90 por mês')
    // Until then the plan and price stay.
    await expect(page.getByTestId('current-plan')).toHaveText('Serviços')
    await screenshot(page, 'billing-plan-change')

    // Keeping the current plan drops the change (and leaves ana as the seed has her).
    await page.getByRole('radio', { name: /^Serviços/ }).check()
    await page.getByRole('button', { name: 'Manter o plano atual' }).click()
    await page
      .getByRole('dialog', { name: 'Manter o plano atual?' })
      .getByRole('button', { name: 'Manter plano' })
      .click()
    await expect(page.getByText('Troca de plano cancelada: o plano atual continua.')).toBeVisible()
    await expect(scheduled).toHaveCount(0)
    await expectNoSidewaysScroll(page, 'billing')
  })
})
