import { expect, test } from '@playwright/test'
import { ADMIN, signIn, signInFromLogin } from './support'

// The wizard gate, record ids checked by loaders, and the phone side menu.

test.describe('wizard gate', () => {
  test('a disabled company (davi) never sees a wizard', async ({ page }) => {
    await signInFromLogin(page, 'davi@contabil.dev')
    await page.goto('/app/wizard/company-opening')
    await expect(page).toHaveURL(/\/app\/user\/disabled$/)
    await page.goto('/app/wizard/company-migration')
    await expect(page).toHaveURL(/\/app\/user\/disabled$/)
  })

  test('a company whose track is done (ana) goes to the panel', async ({ page }) => {
    await signInFromLogin(page, 'ana@contabil.dev')
    await page.goto('/app/wizard/company-opening')
    await expect(page).toHaveURL(/\/app\/panel$/)
  })

  test('a company on the migration track (carla) goes to its own wizard', async ({ page }) => {
    await signInFromLogin(page, 'carla@contabil.dev')
    await page.goto('/app/wizard/company-opening')
    await expect(page).toHaveURL(/\/app\/wizard\/company-migration$/)
  })

  test('a system admin goes to the back office', async ({ page }) => {
    await page.goto('/app/login')
    await signIn(page, ADMIN.email, ADMIN.password)
    await expect(page).toHaveURL(/\/app\/admin\/companies$/)
    await page.goto('/app/wizard/company-opening')
    await expect(page).toHaveURL(/\/app\/admin\/companies$/)
  })
})

test('an unknown company id is the 404 page, not an empty screen', async ({ page }) => {
  await page.goto('/app/login')
  await signIn(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/app\/admin\/companies$/)
  await page.goto('/app/admin/companies/cmp-does-not-exist')
  await expect(page.getByTestId('status-message')).toHaveText(
    'Endereço não encontrado: /app/admin/companies/cmp-does-not-exist',
  )
})

test.describe('side menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('keeps focus inside while open; Esc closes it and returns focus', async ({ page }) => {
    await signInFromLogin(page, 'eva@contabil.dev')
    await expect(page).toHaveURL(/\/app\/panel$/)
    const menuButton = page.getByRole('button', { name: 'Abrir menu' })
    await menuButton.click()
    const drawer = page.getByRole('navigation', { name: 'Menu principal' })
    await expect(drawer).toBeVisible()
    const closeButton = page.getByRole('button', { name: 'Fechar menu' })
    const inside = async () =>
      page.evaluate(() => {
        const active = document.activeElement
        return Boolean(
          active &&
          (document.getElementById('menu-lateral')?.contains(active) ||
            active.getAttribute('aria-controls') === 'menu-lateral'),
        )
      })
    // Far more Tabs than there are items: focus never reaches the header's logo or the page.
    for (let press = 0; press < 25; press += 1) {
      await page.keyboard.press('Tab')
      expect(await inside()).toBe(true)
    }
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Shift+Tab')
      expect(await inside()).toBe(true)
    }
    // eva has two companies: the drawer's selector shows the whole name of the current one.
    await expect(drawer.getByLabel('Empresa')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(menuButton).toBeFocused()
    await expect(closeButton).toHaveCount(0)
  })
})
