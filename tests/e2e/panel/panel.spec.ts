import { expect, test } from '@playwright/test'
import { ADMIN, signIn, signInFromLogin } from '../support'
import {
  apiGetAll,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  screenshot,
} from '../account/helpers'

// The panel tells the owner where the company stands.

const ANA = 'ana@contabil.dev'
const MEI = 'marcelo.techfix.jp@gmail.com'

const money = (value: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value)

/** The first day of the month eleven months ago, in São Paulo (the report's window). */
function windowStart(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  )
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - 11
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`
}

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } })

    test("ana's panel: 12 months of billing equal to her issued invoices, and a year by category", async ({
      page,
    }) => {
      await signInFromLogin(page, ANA)
      await expect(page).toHaveURL(/\/app\/panel/)
      const issued = await apiGetAll<{ date: string; totalValue: number }>(
        ANA,
        '/nfs/requests?companyId=cmp-ana-design&status=issued',
      )
      const from = windowStart()
      const cents = issued
        .filter((invoice) => invoice.date >= from)
        .reduce((sum, invoice) => sum + Math.round(invoice.totalValue * 100), 0)
      expect(cents).toBeGreaterThan(0)
      await expect(page.getByTestId('billing-total')).toHaveText(money(cents / 100))
      // The screen-reader table has the 12 months.
      const table = page.getByRole('table', { name: /Faturamento por mês/ })
      await expect(table.locator('tbody tr')).toHaveCount(12)

      // Simples Nacional: last month's DAS by activity — her design and direct-marketing
      // activities go by the fator R her pró-labore makes — and by tax.
      const simples = page.getByRole('region', { name: 'Simples Nacional' })
      await expect(simples.getByTestId('rbt12')).toBeVisible()
      const activities = simples.getByRole('table', { name: /por atividade/ })
      await expect(activities).toContainText('7410-2/99')
      await expect(activities).toContainText('(fator R)')
      await expect(simples.getByTestId('fator-r-verdict')).toContainText('Fator R de')
      await expect(simples.getByTestId('das-taxes')).toContainText('CPP')

      // Por categoria: a year, chosen on the screen, kept in the URL.
      const year = String(new Date().getFullYear())
      await page.getByLabel('Período').selectOption(year)
      await expect(page).toHaveURL(new RegExp(`periodo=${year}`))
      const categories = page.getByRole('table', { name: `Movimentações por categoria em ${year}` })
      await expect(categories).toBeVisible()
      // On a phone the categories' cards start as a summary: "Ver todas" shows them all.
      const showAll = page.getByRole('button', { name: /^Ver todas as \d+ categorias$/ })
      if (await showAll.count()) await showAll.click()
      await expect(categories.getByRole('rowheader', { name: 'Pró-labore' })).toBeVisible()
      await screenshot(page, 'panel-ana')
      await screenshot(
        page,
        'panel-ana-simples-card',
        page.getByRole('region', { name: 'Simples Nacional' }),
      )
      await expectNoSidewaysScroll(page, 'panel')
      await expectNoAxeViolations(page, 'panel')
    })

    test("a MEI company's gauge shows its share of R$ 81.000", async ({ page }) => {
      await signInFromLogin(page, MEI)
      await expect(page).toHaveURL(/\/app\/panel/)
      const gauge = page.getByRole('meter', { name: /limite do MEI/ })
      await expect(gauge).toBeVisible()
      await expect(gauge).toHaveAttribute('aria-valuemax', '81000')
      const used = Number(await gauge.getAttribute('aria-valuenow'))
      await expect(page.getByTestId('mei-used')).toHaveText(money(used))
      const share = Math.round((used / 81000) * 1000) / 10
      await expect(page.getByText(`de ${money(81000)} em`)).toContainText(
        `${share.toLocaleString('pt-BR')} %`,
      )
      // A computer technician (9511-8/00) pays the ISS only: INSS + R$ 5,00; this month's
      // DAS-MEI guide is published, with its line to pay.
      const dasMei = page.getByRole('region', { name: 'Limite do MEI' }).getByTestId('guide-box')
      await expect(dasMei.getByTestId('guide-amount')).toHaveText(money(86.05))
      await expect(dasMei.getByTestId('guide-line')).toBeVisible()
      await screenshot(page, 'panel-mei')
      await screenshot(page, 'panel-mei-card', page.getByRole('region', { name: 'Limite do MEI' }))
      await expectNoSidewaysScroll(page, 'panel MEI')
      await expectNoAxeViolations(page, 'panel MEI')
    })
  })
}

test('the flagged admin opens a client company’s panel, read-only', async ({ page }) => {
  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin\/companies/)
  await page.goto('/app/panel')
  const picker = page.getByRole('region', { name: 'Ver o painel de um cliente' })
  await picker.getByLabel('Buscar empresa').fill('Ana Design')
  await picker.getByRole('link', { name: 'Ana Design' }).click()
  await expect(page).toHaveURL(/empresa=cmp-ana-design/)
  await expect(page.getByText('O painel de Ana Design, como o cliente vê.')).toBeVisible()
  await expect(page.getByTestId('billing-total')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Simples Nacional' })).toBeVisible()
  await expectNoAxeViolations(page, 'panel preview')
})

test('a client’s ?empresa= is ignored: the panel stays their own', async ({ page }) => {
  await signInFromLogin(page, MEI)
  await page.goto('/app/panel?empresa=cmp-ana-design')
  await expect(page.getByRole('heading', { level: 2, name: 'TechFix JP' })).toBeVisible()
  await expect(page.getByText('como o cliente vê')).toHaveCount(0)
})
