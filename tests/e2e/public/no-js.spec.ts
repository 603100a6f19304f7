import { expect, test, type Page } from '@playwright/test'
import { stateNames } from '../../../src/schemas/city'
import { placePhrases } from '../../../src/schemas/place-articles'
import { citySlugOf, cnaeSlugOf, municipalities, sample, subclasses } from './support'

// Every public page is written by the build as HTML with its content and head, so a
// visitor or crawler that runs no JavaScript reads the same page: title, text, canonical address
// and structured data. A city of each of Brazil's five regions (a different one each day), a CNAE,
// a post and the home page.
test.use({ javaScriptEnabled: false })

const regions: Record<string, string[]> = {
  Norte: ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO'],
  Nordeste: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'],
  'Centro-Oeste': ['DF', 'GO', 'MS', 'MT'],
  Sudeste: ['ES', 'MG', 'RJ', 'SP'],
  Sul: ['PR', 'RS', 'SC'],
}

/** The @type of every JSON-LD block in the page's head. */
async function structuredData(page: Page) {
  const blocks = await page.locator('head script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as { '@type': string; [key: string]: unknown })
}

async function open(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  // Nothing of the page's own script ran: the text is in the HTML itself.
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-js'))).toBe(false)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${path}$`),
  )
  return structuredData(page)
}

for (const [region, states] of Object.entries(regions)) {
  const [city] = sample(
    municipalities().filter((item) => states.includes(item.state)),
    1,
  )
  test(`a city page of the ${region} region: ${city!.name} - ${city!.state}`, async ({ page }) => {
    const data = await open(page, `/contabilidade-em/${citySlugOf(city!)}`)
    // The city and the state with the article Portuguese gives them ("no Recife", "do Acre").
    const place = placePhrases({
      ...city!,
      state: city!.state as keyof typeof stateNames,
      stateName: stateNames[city!.state as keyof typeof stateNames],
    })
    await expect(page).toHaveTitle(
      `Contabilidade ${place.cidade_em} - ${city!.state}: contabilidade online | Contabil`,
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Contabilidade ${place.cidade_em} - ${city!.state}, sem sair da sua empresa`,
    )
    const main = page.getByRole('main')
    await expect(main).toContainText(
      `Registramos o contrato social na Junta Comercial ${place.estado_de}`,
    )
    await expect(main).toContainText(`Planos para empresas ${place.cidade_de}`)
    await expect(main.getByRole('form', { name: 'Fale com um contador' })).toBeVisible()
    const types = data.map((item) => item['@type'])
    expect(types).toEqual(
      expect.arrayContaining(['BreadcrumbList', 'AccountingService', 'FAQPage']),
    )
    const service = data.find((item) => item['@type'] === 'AccountingService')!
    expect(service.areaServed).toMatchObject({ '@type': 'City', name: city!.name })
  })
}

test('a CNAE page', async ({ page }) => {
  const [cnae] = sample(subclasses(), 1)
  const data = await open(page, `/tools/cnae/${cnaeSlugOf(cnae!)}`)
  await expect(page).toHaveTitle(`CNAE ${cnae!.formatted}: ${cnae!.text} | Contabil`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cnae!.text)
  await expect(page.getByRole('main')).toContainText('Onde a atividade fica na CNAE')
  await expect(page.getByRole('main')).toContainText(`CNAE ${cnae!.formatted}`)
  expect(data.map((item) => item['@type'])).toContain('BreadcrumbList')
})

test('a blog post', async ({ page }) => {
  const data = await open(page, '/blog/posts/fator-r')
  await expect(page).toHaveTitle('Fator R no Simples Nacional: cálculo e exemplos | Contabil')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Fator R: como sair do Anexo V e pagar menos imposto no Simples',
  )
  await expect(page.getByRole('article')).toContainText('Rafael Monteiro')
  expect(await page.locator('article h2').count()).toBeGreaterThanOrEqual(4)
  const post = data.find((item) => item['@type'] === 'BlogPosting')!
  expect(post).toMatchObject({
    headline: 'Fator R: como sair do Anexo V e pagar menos imposto no Simples',
    author: { '@type': 'Person', name: 'Rafael Monteiro' },
  })
  expect(data.map((item) => item['@type'])).toContain('BreadcrumbList')
})

test('the home page', async ({ page }) => {
  const data = await open(page, '/')
  await expect(page).toHaveTitle('Contabil | O controle da sua empresa, reinventado')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'O controle da sua empresa, reinventado',
  )
  await expect(page.getByRole('main')).toContainText('Planos simples, preço justo')
  // The menu is there for crawlers and for visitors without scripts.
  await expect(
    page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', {
      name: 'Consulta CNAE',
    }),
  ).toBeVisible()
  expect(data.map((item) => item['@type'])).toEqual(
    expect.arrayContaining(['Organization', 'BreadcrumbList', 'FAQPage']),
  )
})

test('an unknown address is the 404 page, with status 404', async ({ page }) => {
  const response = await page.goto('/contabilidade-em/cidade-que-nao-existe-sp')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})
