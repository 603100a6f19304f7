import { copyFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'

// Screenshots of every public page type at 1280 px and 390 px, kept in the test's output folder
// (test-results/…) for a person to look at; each page must also fit the width. One test per page
// and width, so each has its whole time limit to itself on a busy machine.

const pages = [
  ['inicio', '/'],
  ['abrir-empresa', '/abrir-empresa'],
  ['trocar-contador', '/trocar-contador'],
  ['area', '/areas/tecnologia'],
  ['blog', '/blog'],
  ['post', '/blog/posts/pro-labore'],
  ['cidade', '/contabilidade-em/campinas-sp'],
  ['contador-cidade', '/contador-em/porto-alegre-rs'],
  ['cnae-busca', '/tools/cnae?busca=padaria'],
  [
    'cnae',
    '/tools/cnae/1091102-fabricacao-de-produtos-de-padaria-e-confeitaria-com-predominancia-de-producao-propria',
  ],
  ['irpf-2025', '/lp/irpf/2025'],
  ['irpf-2024', '/lp/irpf/2024'],
  ['indicacao', '/links/duca'],
  ['404', '/contabilidade-em/cidade-inexistente-sp'],
] as const

for (const width of [1280, 390]) {
  test.describe(`public pages at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } })
    for (const [name, path] of pages) {
      test(name, async ({ page }, testInfo) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await page.waitForLoadState('networkidle')
        // Nothing wider than the screen.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${path} is wider than ${width}px`).toBeLessThanOrEqual(0)
        const file = testInfo.outputPath(`${name}-${width}.png`)
        await page.screenshot({ path: file, fullPage: true })
        if (process.env.SCREENSHOT_DIR)
          copyFileSync(file, `${process.env.SCREENSHOT_DIR}/public-${name}-${width}.png`)
      })
    }
  })
}

test('the mobile menu opens and closes with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const menu = page.getByRole('button', { name: 'Menu' })
  await menu.focus()
  await page.keyboard.press('Enter')
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  await expect(nav.getByRole('link', { name: 'Trocar de contador' })).toBeVisible()
  await nav.getByRole('link', { name: 'Trocar de contador' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Trocar de contador/ })).toBeVisible()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
})
