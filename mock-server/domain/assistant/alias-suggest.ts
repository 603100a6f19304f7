import type { AliasSuggestion } from '../../../src/schemas/assistant'
import { foldText } from '../../store/fold-text'
import { loadAssistant, matchCnaes } from './cnae-matcher'

// Company-name (nome fantasia) ideas from what a person says they do: the key words of the
// intent (as typed, accents kept), the trade the best CNAE match points to, and the owner's
// name, put into patterns Brazilian small businesses use ("Casa dos Bolos", "Bolos da Ana",
// "Confeitaria Ribeiro", "Doces & Bolos").

const titleCase = (word: string) =>
  word.length <= 2 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()

/** Grammatical gender and number of a Portuguese noun, for the article ("do", "das"…). */
function articleOf(noun: string, feminine: Set<string>): string {
  const folded = foldText(noun)
  // "-ês" words (inglês, português) are singular.
  const plural = (/[^s]s$/.test(folded) && !/ês$/i.test(noun)) || /oes$|aes$/.test(folded)
  const isFeminine =
    feminine.has(folded) ||
    /as?$/.test(folded) ||
    /(agem|agens|dade|dades|cao|coes|sao|soes)$/.test(folded)
  return `d${isFeminine ? 'a' : 'o'}${plural ? 's' : ''}`
}

/** Portuguese first names ending in -a are mostly women's ("da Ana", "do Bruno"). */
const personArticle = (firstName: string) => (/a$/i.test(foldText(firstName)) ? 'da' : 'do')

export type AliasContext = {
  /** The person's full name, when known (the signed-in user). */
  ownerName?: string | undefined
  /** Names already taken (other companies' names and aliases), compared without accents. */
  taken?: Iterable<string>
}

/** Key nouns of an intent: its own words, minus function words, verbs of trade and channels. */
export function keyWords(intent: string): string[] {
  const { synonyms, ignoredStems } = loadAssistant()
  // Professions name the person, not the business: the trade (from the CNAE match) does that.
  const skip = new Set(
    [...synonyms.notNames, ...synonyms.ignore, ...synonyms.professions].map(foldText),
  )
  const seen = new Set<string>()
  const result: string[] = []
  for (const word of intent.match(/[\p{L}]+/gu) ?? []) {
    const folded = foldText(word)
    if (folded.length < 3 || skip.has(folded) || ignoredStems.has(folded) || seen.has(folded))
      continue
    seen.add(folded)
    result.push(titleCase(word))
  }
  return result
}

export function suggestAliases(
  intent: string,
  limit: number,
  context: AliasContext = {},
): AliasSuggestion[] {
  const { synonyms } = loadAssistant()
  const feminine = new Set(synonyms.feminine.map(foldText))
  const keys = keyWords(intent)
  const best = matchCnaes(intent)[0]
  const trade = best
    ? synonyms.trades.find((t) => foldText(best.text).includes(foldText(t.match)))
    : undefined
  const names = (context.ownerName ?? '').trim().split(/\s+/).filter(Boolean).map(titleCase)
  const first = names[0]
  const last = names.length > 1 ? names[names.length - 1] : undefined
  const [k1, k2] = keys

  const ideas: AliasSuggestion[] = []
  const add = (name: string | undefined, pattern: string) => {
    if (name) ideas.push({ name: name.replace(/\s+/g, ' ').trim(), pattern })
  }
  const of = (noun: string) => `${articleOf(noun, feminine)} ${noun}`

  const isPlural = (noun: string) => articleOf(noun, feminine).endsWith('s')
  if (k1 && k2 && isPlural(k1) && isPlural(k2)) add(`${k1} & ${k2}`, 'dupla')
  if (k1 && first) add(`${k1} ${personArticle(first)} ${first}`, 'termo-dono')
  if (k1) add(`Casa ${of(k1)}`, 'casa-de')
  if (trade && last) add(`${trade.name} ${last}`, 'ramo-sobrenome')
  if (k1 && trade && !foldText(trade.name).includes(foldText(k1)))
    add(`${trade.place} ${of(k1)}`, 'lugar-de')
  if (k2) add(`Cantinho ${of(k2)}`, 'cantinho-de')
  if (k1) add(`Mundo ${of(k1)}`, 'mundo-de')
  if (trade && first) add(`${trade.name} ${first}`, 'ramo-nome')
  if (k1) add(`${k1} Express`, 'termo-express')
  if (k2 && first) add(`${k2} ${personArticle(first)} ${first}`, 'termo-dono')
  if (k1) add(`Ponto ${of(k1)}`, 'ponto-de')
  if (trade && last && first) add(`${last} ${trade.name}`, 'sobrenome-ramo')
  if (trade && k1) add(`${trade.name} ${k1} & Cia`, 'ramo-termo-cia')
  if (!k1 && trade && last) add(`${trade.place} ${last}`, 'lugar-sobrenome')
  if (!k1 && trade && first && last) add(`${trade.name} ${first} ${last}`, 'ramo-nome-completo')
  if (!k1 && trade && first) add(`${trade.place} ${first}`, 'lugar-nome')

  const taken = new Set([...(context.taken ?? [])].map(foldText))
  const unique = new Map<string, AliasSuggestion>()
  for (const idea of ideas) {
    const key = foldText(idea.name)
    if (!taken.has(key) && !unique.has(key)) unique.set(key, idea)
  }
  return [...unique.values()].slice(0, limit)
}
