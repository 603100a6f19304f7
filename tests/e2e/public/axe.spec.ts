import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

// An automated accessibility check (axe, WCAG 2.1 A and AA rules and best practices) on
// one page of each public kind, as the visitor gets it (prerendered, its script run), and on the
// cookie banner of a first visit. It must find nothing.

const pages = [
  ['home', '/'],
  ['story page', '/abrir-empresa'],
  ['campaign', '/lp/irpf/2025'],
  ['area', '/areas/saude'],
  ['blog', '/blog'],
  ['post', '/blog/posts/pro-labore'],
  ['CNAE search', '/tools/cnae'],
  [
    'CNAE page',
    '/tools/cnae/4772500-comercio-varejista-de-cosmeticos-produtos-de-perfumaria-e-de-higiene-pessoal',
  ],
  ['city page', '/contabilidade-em/belem-pa'],
  ['city page (contador)', '/contador-em/joinville-sc'],
  ['404 page', '/pagina-que-nao-existe'],
] as const

const axe = (page: import('@playwright/test').Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])

const summary = (violations: { id: string; nodes: { target: unknown }[] }[]) =>
  violations.map((violation) => ({
    rule: violation.id,
    where: violation.nodes.map((node) => node.target),
  }))

for (const [kind, path] of pages) {
  test(`${kind} (${path})`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const { violations } = await axe(page).analyze()
    expect(summary(violations)).toEqual([])
  })
}

test.describe('with the cookie banner of a first visit', () => {
  test.use({ storageState: { cookies: [], origins: [] }, locale: 'pt-BR' })
  for (const width of [1280, 390]) {
    test(`at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/contador-em/sao-luis-ma')
      await expect(page.getByRole('region', { name: 'Consentimento de cookies' })).toBeVisible()
      const { violations } = await axe(page).analyze()
      expect(summary(violations)).toEqual([])
    })
  }
})
