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

// The banner used to lie over the bottom of every screen (at 1280×900 it hid the
// sign-up form's "Criar conta"). Now it never lies over anything: whatever the visitor scrolls to
// is what is under their pointer.

/** Scrolls the element to the bottom of the screen, as a visitor reaching for it would. */
async function reachable(locator: import('@playwright/test').Locator) {
  return locator.evaluate((element) => {
    element.scrollIntoView({ block: 'end' })
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return hit !== null && (hit === element || element.contains(hit))
  })
}

test.describe('the banner never hides content or actions', () => {
  test.use({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } })

  test("sign-up's 'Criar conta' can be used while the banner is open", async ({ page }) => {
    await page.goto('/app/login?mode=signup&track=create-company')
    const banner = page.getByRole('region', { name: 'Consentimento de cookies' })
    await expect(banner).toBeVisible()
    const create = page.getByRole('form', { name: 'Criar conta' }).getByRole('button', {
      name: 'Criar conta',
    })
    await expect(create).toBeVisible()
    // Polled: the painted form (app.html's first paint) can be replaced by the app's own between the
    // scroll and the hit test, and the hit then lands on the new button, not the one scrolled to.
    await expect.poll(() => reachable(create)).toBe(true)
    // The signed-in area has no footer: the banner says where the choice can be changed.
    await expect(banner).toContainText('no rodapé das páginas do site')
    await expect(banner).toBeVisible()
  })

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const)
    test(`every link and button of the footer can be reached at ${width}px while the banner is open`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height })
      await page.goto('/abrir-empresa')
      const banner = page.getByRole('region', { name: 'Consentimento de cookies' })
      await expect(banner).toBeVisible()
      await expect(banner).toContainText('“Preferências de cookies”, no rodapé.')
      const footer = page.getByRole('contentinfo')
      const actions = footer.locator('a, button')
      expect(await actions.count()).toBeGreaterThan(20)
      const covered: string[] = []
      for (const action of await actions.all())
        if (!(await reachable(action))) covered.push((await action.textContent()) ?? '')
      expect(covered).toEqual([])
    })
})

test.describe('before the page script arrives', () => {
  test.use({ locale: 'pt-BR' })
  test('a choice made in the banner is kept and done once it does', async ({ page, context }) => {
    // A slow connection: the page's script takes a while.
    await page.route(/\/assets\/static-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/trocar-contador')
    const banner = page.getByRole('region', { name: 'Consentimento de cookies' })
    await banner.getByRole('button', { name: 'Só os necessários' }).click()
    // The banner closes at once; the choice is kept when the script arrives.
    await expect(banner).toBeHidden({ timeout: 1000 })
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'ncc_c')?.value)
      .toBe('necessary')
  })
})
