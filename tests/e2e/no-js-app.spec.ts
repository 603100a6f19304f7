import { expect, test } from '@playwright/test'

// With JavaScript off, a page of the signed-in area says in Portuguese what it needs,
// and links to the public pages that work without it (they are prerendered HTML).
test.use({ javaScriptEnabled: false })

for (const path of ['/app/login', '/app/panel', '/app/user/my-billing?pagamento=confirmado'])
  test(`${path} says JavaScript is needed, with the public site's links`, async ({ page }) => {
    await page.goto(path)
    const notice = page.getByRole('alert')
    await expect(
      notice.getByRole('heading', { name: 'Ative o JavaScript para usar o Contabil' }),
    ).toBeVisible()
    await expect(notice).toContainText('A área do cliente')
    for (const [name, href] of [
      ['Página inicial', '/'],
      ['Abrir empresa', '/abrir-empresa'],
      ['Consulta de CNAE', '/tools/cnae'],
    ] as const)
      await expect(notice.getByRole('link', { name })).toHaveAttribute('href', href)
    // The links lead to pages that read without JavaScript.
    await notice.getByRole('link', { name: 'Abrir empresa' }).click()
    await expect(page).toHaveURL(/\/abrir-empresa$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
