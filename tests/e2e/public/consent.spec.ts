import { expect, test } from '@playwright/test'

// The cookie banner (SPEC sections 2 and 9): English by default, Portuguese when the browser
// prefers it; the choice in ncc_c and ncc_e for 365 days on path /; no tag manager without it.
// A first visit: none of the consent cookies the other specs start with.
test.use({ storageState: { cookies: [], origins: [] } })

test.describe('in English by default', () => {
  test.use({ locale: 'en-US' })
  test('asks in English and keeps the choice for a year', async ({ page, context }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Cookie consent' })
    await expect(banner).toBeVisible()
    await expect(banner).toHaveAttribute('lang', 'en')
    await expect(banner).toContainText('Your privacy')
    const before = Date.now()
    await banner.getByRole('button', { name: 'Necessary only' }).click()
    await expect(banner).toBeHidden()
    const cookies = await context.cookies()
    const choice = cookies.find((cookie) => cookie.name === 'ncc_c')!
    const expiry = cookies.find((cookie) => cookie.name === 'ncc_e')!
    expect(choice.value).toBe('necessary')
    expect(choice.path).toBe('/')
    expect(expiry.path).toBe('/')
    const year = 365 * 86_400
    expect(choice.expires).toBeGreaterThan(before / 1000 + year - 120)
    expect(choice.expires).toBeLessThan(before / 1000 + year + 120)
    expect(Number(expiry.value)).toBeGreaterThanOrEqual(before + 31_536_000_000)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
    await expect(page.locator('#gtm-script')).toHaveCount(0)
  })
})

test.describe('in Portuguese when the browser prefers it', () => {
  test.use({ locale: 'pt-BR' })
  test('asks in Portuguese, and can be reopened from the footer', async ({ page }) => {
    await page.goto('/blog')
    const banner = page.getByRole('region', { name: 'Consentimento de cookies' })
    await expect(banner).toBeVisible()
    await expect(banner).toHaveAttribute('lang', 'pt-BR')
    await banner.getByRole('button', { name: 'Aceitar todos' }).click()
    await expect(banner).toBeHidden()
    await page.getByRole('button', { name: 'Preferências de cookies' }).click()
    await expect(page.getByRole('region', { name: 'Consentimento de cookies' })).toBeVisible()
  })
})
