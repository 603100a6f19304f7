import { expect, test } from '@playwright/test'

// The path the visitor came by becomes the sign-up's track; a referral link's code becomes
// indicatedBy (the sign-up screen reads both from its address).

test('switching accountant carries the migrate-company track into sign-up', async ({ page }) => {
  await page.goto('/trocar-contador')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Criar conta' })).toHaveAttribute(
    'href',
    '/app/login?mode=signup&track=migrate-company',
  )
  await page.getByRole('link', { name: 'Quero trocar de contador' }).first().click()
  await expect(page).toHaveURL(/\/app\/login\?mode=signup&track=migrate-company$/)
})

test('a referral link carries its code into sign-up as indicatedBy', async ({ page, request }) => {
  const api = process.env.E2E_API_URL ?? 'http://localhost:3000'
  const { data } = await (await request.get(`${api}/links/ana-design`)).json()
  await page.goto('/links/ana-design')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ana indicou a Contabil para você' }),
  ).toBeVisible()
  await expect(page.getByText(`Código de indicação: ${data.code}`)).toBeVisible()
  // It stays with the visitor while they look around the site.
  await page.goto('/abrir-empresa')
  const start = page.getByRole('link', { name: 'Começar a abertura' }).first()
  await expect(start).toHaveAttribute(
    'href',
    `/app/login?mode=signup&track=create-company&indicatedBy=${data.code}`,
  )
  await start.click()
  await expect(page).toHaveURL(new RegExp(`indicatedBy=${data.code}$`))
})

test('an ended or unknown referral link gives the 404 page', async ({ page }) => {
  await page.goto('/links/irpf-2024')
  await expect(page.getByTestId('status-message')).toHaveText('Page not found: /links/irpf-2024')
})
