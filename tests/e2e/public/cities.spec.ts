import { expect, test } from '@playwright/test'
import { stateNames as allStateNames } from '../../../src/schemas/city'
import { placePhrases } from '../../../src/schemas/place-articles'
import { citySlugOf, expectSeo, municipalities, sample } from './support'

// Every one of the 5,571 municipalities has a page under both prefixes, with the city and the
// state in the title, heading and copy (with the article Portuguese gives them: "no Recife",
// "do Distrito Federal"), and a lead form. Unknown cities give the 404 page.

const fixed = [
  {
    name: 'São José dos Campos',
    state: 'SP',
    slug: 'sao-jose-dos-campos-sp',
    em: 'em São José dos Campos',
    board: 'de São Paulo',
  },
  {
    name: "Alta Floresta D'Oeste",
    state: 'RO',
    slug: 'alta-floresta-doeste-ro',
    em: "em Alta Floresta D'Oeste",
    board: 'de Rondônia',
  },
  {
    name: 'Boa Esperança do Norte',
    state: 'MT',
    slug: 'boa-esperanca-do-norte-mt',
    em: 'em Boa Esperança do Norte',
    board: 'de Mato Grosso',
  },
  {
    name: 'Brasília',
    state: 'DF',
    slug: 'brasilia-df',
    em: 'em Brasília',
    board: 'do Distrito Federal',
  },
  { name: 'Recife', state: 'PE', slug: 'recife-pe', em: 'no Recife', board: 'de Pernambuco' },
] as const

for (const city of fixed) {
  test(`/contabilidade-em/${city.slug}`, async ({ page }) => {
    const path = `/contabilidade-em/${city.slug}`
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Contabilidade ${city.em} - ${city.state}, sem sair da sua empresa`,
    )
    await expect(page.getByText(`${city.name} · ${allStateNames[city.state]}`)).toBeVisible()
    await expect(page.getByRole('form', { name: 'Fale com um contador' })).toBeVisible()
    await expectSeo(
      page,
      path,
      `Contabilidade ${city.em} - ${city.state}: contabilidade online | Contabil`,
    )
    await expect(
      page.getByText(new RegExp(`Registramos o contrato social na Junta Comercial ${city.board}`)),
    ).toBeVisible()
  })
}

test('a sample of municipalities under both prefixes, from the full list', async ({ page }) => {
  for (const city of sample(municipalities(), 6)) {
    const slug = citySlugOf(city)
    const state = city.state as keyof typeof allStateNames
    const { cidade_em: em } = placePhrases({ ...city, state, stateName: allStateNames[state] })
    await page.goto(`/contador-em/${slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Contador ${em} - ${city.state} que responde quando você precisa`,
    )
    await expect(page).toHaveTitle(
      `Contador ${em} - ${city.state}: contador online para sua empresa | Contabil`,
    )
    await page.goto(`/contabilidade-em/${slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `${city.name} - ${city.state}`,
    )
  }
})

test('an unknown or malformed city gives the 404 page', async ({ page }) => {
  for (const path of [
    '/contabilidade-em/cidade-que-nao-existe-sp',
    '/contador-em/sao-paulo-xx',
    '/contador-em/recife',
  ]) {
    await page.goto(path)
    await expect(page.getByTestId('status-message')).toHaveText(`Page not found: ${path}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found')
  }
})

test('the city search on the home page finds a city, whatever the accents', async ({ page }) => {
  await page.goto('/')
  const search = page.getByRole('search', { name: 'Buscar cidade' })
  await search.getByLabel('Nome da cidade').fill('SAO JOSE DOS CAMPOS')
  // The results sit under the search form, each a link to its city page.
  await expect(page.getByRole('link', { name: 'São José dos Campos São Paulo' })).toBeVisible()
  await search.getByRole('button', { name: 'Ver cidade' }).click()
  await expect(page).toHaveURL(/\/contabilidade-em\/sao-jose-dos-campos-sp$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('São José dos Campos - SP')
})
