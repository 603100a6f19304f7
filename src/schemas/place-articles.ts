import type { Uf } from './brazil'
import type { City } from './city'

// Place names with the article Portuguese gives them: "do Recife", "no Rio de Janeiro", "da
// Bahia", but "de São Paulo", "em Pernambuco". Most city names take none; the ones below do.
//
// Sources:
// - states: the official name of each state's Junta Comercial (`stateBoards` in city.ts: "Junta
//   Comercial do Estado do Acre", "… da Bahia", "… de Pernambuco"), checked against it by
//   tests/unit/place-articles.test.ts;
// - cities: the name each city hall gives itself — "Prefeitura do Recife", "Prefeitura da Cidade
//   do Rio de Janeiro", "Prefeitura Municipal do Crato", "Prefeitura Municipal do Eusébio",
//   "Prefeitura do Cabo de Santo Agostinho", "Prefeitura Municipal do Rio Grande" — and the usage
//   note of O Povo (Daniela Nogueira, "Do Crato ou de Crato? No Recife ou em Recife?", 13/05/2024:
//   o Recife, o Rio de Janeiro, o Crato, o Eusébio); Cunha & Cintra, Nova Gramática do Português
//   Contemporâneo: a city takes the article when its name comes from a common noun (o Rio de
//   Janeiro, o Porto).

type Article = 'o' | 'a'

/** The article of each state's name (null: none, "de São Paulo"). */
export const stateArticles: Record<Uf, Article | null> = {
  AC: 'o',
  AL: null,
  AM: 'o',
  AP: 'o',
  BA: 'a',
  CE: 'o',
  DF: 'o',
  ES: 'o',
  GO: null,
  MA: 'o',
  MG: null,
  MS: null,
  MT: null,
  PA: 'o',
  PB: 'a',
  PE: null,
  PI: 'o',
  PR: 'o',
  RJ: 'o',
  RN: 'o',
  RO: null,
  RR: null,
  RS: 'o',
  SC: null,
  SE: null,
  SP: null,
  TO: 'o',
}

/** The cities whose names take an article, by IBGE code (names alike in other states do not). */
export const cityArticles: Readonly<Record<string, Article>> = {
  '2611606': 'o', // Recife (PE)
  '3304557': 'o', // Rio de Janeiro (RJ)
  '2304202': 'o', // Crato (CE)
  '2304285': 'o', // Eusébio (CE)
  '2602902': 'o', // Cabo de Santo Agostinho (PE)
  '4315602': 'o', // Rio Grande (RS)
}

const contracted = {
  de: { o: 'do', a: 'da' },
  em: { o: 'no', a: 'na' },
} as const

/** "do Recife", "no Recife", "de São Paulo", "em São Paulo". */
export function withPreposition(
  preposition: 'de' | 'em',
  name: string,
  article: Article | null | undefined,
) {
  return `${article ? contracted[preposition][article] : preposition} ${name}`
}

/** A city's and its state's names after "de" and "em", for the city pages' templates. */
export function placePhrases(city: Pick<City, 'ibgeCode' | 'name' | 'state' | 'stateName'>) {
  const cityArticle = cityArticles[city.ibgeCode]
  const stateArticle = stateArticles[city.state]
  return {
    cidade_de: withPreposition('de', city.name, cityArticle),
    cidade_em: withPreposition('em', city.name, cityArticle),
    estado_de: withPreposition('de', city.stateName, stateArticle),
    estado_em: withPreposition('em', city.stateName, stateArticle),
  }
}
