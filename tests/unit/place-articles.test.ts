import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Uf } from '../../src/schemas/brazil'
import { stateBoards, stateNames } from '../../src/schemas/city'
import {
  cityArticles,
  placePhrases,
  stateArticles,
  withPreposition,
} from '../../src/schemas/place-articles'
import { cityVars, fillPlaceholders } from '../../src/screens/site/content/placeholders'

// City and state names with the article Portuguese gives them (src/schemas/place-articles.ts,
// with its sources).

const municipalities = JSON.parse(
  readFileSync(path.join(__dirname, '../../fixtures/reference/municipalities.json'), 'utf8'),
) as { ibgeCode: string; name: string; state: Uf }[]
const city = (name: string, state: Uf) => {
  const found = municipalities.find((item) => item.name === name && item.state === state)!
  return { ...found, stateName: stateNames[state] }
}

describe('place names with their article', () => {
  it.each(Object.keys(stateNames) as Uf[])(
    "%s: the article its Junta Comercial's official name gives the state",
    (uf) => {
      const phrase = withPreposition('de', stateNames[uf], stateArticles[uf])
      // "Junta Comercial do Estado da Bahia", "… de Pernambuco", "… do Paraná".
      expect(stateBoards[uf]).toContain(` ${phrase} (`)
    },
  )

  it('names each listed city by its IBGE code (not a namesake in another state)', () => {
    const named = Object.keys(cityArticles).map(
      (code) => municipalities.find((item) => item.ibgeCode === code)?.name,
    )
    expect(named.sort()).toEqual(
      [
        'Cabo de Santo Agostinho',
        'Crato',
        'Eusébio',
        'Recife',
        'Rio Grande',
        'Rio de Janeiro',
      ].sort(),
    )
  })

  it('writes "do Recife", "no Rio de Janeiro", "do Crato", "de São Paulo", "da Bahia"', () => {
    expect(placePhrases(city('Recife', 'PE'))).toEqual({
      cidade_de: 'do Recife',
      cidade_em: 'no Recife',
      estado_de: 'de Pernambuco',
      estado_em: 'em Pernambuco',
    })
    expect(placePhrases(city('Rio de Janeiro', 'RJ')).cidade_em).toBe('no Rio de Janeiro')
    expect(placePhrases(city('Rio de Janeiro', 'RJ')).estado_de).toBe('do Rio de Janeiro')
    expect(placePhrases(city('Crato', 'CE')).cidade_de).toBe('do Crato')
    expect(placePhrases(city('São Paulo', 'SP')).cidade_de).toBe('de São Paulo')
    expect(placePhrases(city('Salvador', 'BA')).estado_em).toBe('na Bahia')
    // Paulista (PB) takes none, whatever Paulista (PE) does.
    expect(placePhrases(city('Paulista', 'PB')).cidade_em).toBe('em Paulista')
  })

  it('fills a city template: "Prefeitura do Recife", "Junta Comercial de Pernambuco"', () => {
    const recife = { ...city('Recife', 'PE'), slug: 'recife-pe', board: stateBoards.PE }
    const filled = fillPlaceholders(
      { text: 'Conhecemos a Prefeitura {cidade_de} e a Junta Comercial {estado_de}.' },
      cityVars(recife),
    )
    expect(filled.text).toBe('Conhecemos a Prefeitura do Recife e a Junta Comercial de Pernambuco.')
  })
})
