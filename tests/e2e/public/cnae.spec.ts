import { expect, test } from '@playwright/test'
import { cnaeSlugOf, sample, subclasses } from './support'

// The CNAE lookup: all 1,332 subclasses by words or code, paged by 10; a page per subclass at
// /tools/cnae/{code}-{text}; a wrong text part goes to the canonical address; unknown codes 404.

test('searches by words, accent- and case-insensitive', async ({ page }) => {
  await page.goto('/tools/cnae')
  await page
    .getByRole('searchbox', { name: 'Buscar atividade ou código' })
    .fill('COMERCIO varejista de cosmeticos')
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL(/busca=COMERCIO/)
  await expect(page.getByText(/atividades? encontradas? para/)).toBeVisible()
  await expect(page.getByRole('link', { name: /4772-5\/00/ })).toBeVisible()
})

test('searches by code and pages the results', async ({ page }) => {
  await page.goto('/tools/cnae?busca=6201-5%2F01')
  await expect(
    page.getByRole('link', {
      name: /6201-5\/01\s*Desenvolvimento de programas de computador sob encomenda/,
    }),
  ).toBeVisible()
  await page.goto('/tools/cnae')
  await expect(page.getByText('1–10 de 1.332')).toBeVisible()
  await page.getByRole('button', { name: 'Próxima' }).click()
  await expect(page.getByText('11–20 de 1.332')).toBeVisible()
  await expect(page).toHaveURL(/pagina=2/)
})

test('a sample of subclass pages show code, hierarchy and MEI', async ({ page }) => {
  for (const cnae of sample(subclasses(), 5)) {
    const path = `/tools/cnae/${cnaeSlugOf(cnae)}`
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cnae.text)
    await expect(page.getByText(`CNAE ${cnae.formatted}`)).toBeVisible()
    const mei = page
      .locator('dt', { hasText: 'Permitida ao MEI' })
      .locator('xpath=following-sibling::dd')
    await expect(mei).toHaveText(cnae.isAllowedMei ? 'Sim' : 'Não')
    await expect(page.getByRole('heading', { name: 'Onde a atividade fica na CNAE' })).toBeVisible()
    await expect(page).toHaveTitle(`CNAE ${cnae.formatted}: ${cnae.text} | Contabil`)
  }
})

test('a curated subclass shows annexes, fator R and what it comprises', async ({ page }) => {
  await page.goto('/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda')
  await expect(page.getByRole('rowheader', { name: 'Anexo III' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Fator R igual ou maior que 28%' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Esta subclasse não compreende' })).toBeVisible()
})

test('a wrong or missing text part goes to the canonical address', async ({ page }) => {
  for (const path of ['/tools/cnae/6201501', '/tools/cnae/6201501-programacao']) {
    await page.goto(path)
    await expect(page).toHaveURL(
      /\/tools\/cnae\/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda$/,
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Desenvolvimento de programas de computador sob encomenda',
    )
  }
})

test('an unknown code gives the 404 page', async ({ page }) => {
  for (const path of ['/tools/cnae/9999999-nada', '/tools/cnae/abc']) {
    await page.goto(path)
    await expect(page.getByTestId('status-message')).toHaveText(`Page not found: ${path}`)
  }
})
