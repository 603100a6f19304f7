import { readFileSync } from 'node:fs'
import { stemmer } from '@orama/stemmers/portuguese'
import MiniSearch from 'minisearch'
import { por } from 'stopword'
import { z } from 'zod'
import type { CnaeMatch } from '../../../src/schemas/assistant'
import { foldText } from '../../store/fold-text'

// "Luca", the assistant: ranks the 1,332 CNAE 2.3 subclasses against what a person says they do,
// in everyday Portuguese. Full-text ranking (BM25) is MiniSearch's; words are reduced to their
// Portuguese stem (Snowball, @orama/stemmers), so plurals and inflections meet; accents and case
// are folded; function words are dropped (stopword's Portuguese list plus our own); and a curated
// synonym table (fixtures/assistant/synonyms.json) maps everyday words to the CNAE vocabulary
// ("dentista" → "odontológica", "celular" → "equipamentos de comunicação", "bolo" → "confeitaria").

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/${path}`, import.meta.url), 'utf8'))

const level = z.object({ code: z.string(), text: z.string() })
const subclassSchema = z.object({
  code: z.string().regex(/^\d{7}$/),
  formatted: z.string(),
  text: z.string(),
  section: level,
  division: level,
  group: level,
  class: level,
  isAllowedMei: z.boolean(),
})
export type CnaeSubclass = z.infer<typeof subclassSchema>

const synonymsSchema = z.object({
  ignore: z.array(z.string()),
  notNames: z.array(z.string()),
  phrases: z.record(z.string(), z.array(z.string()).min(1)),
  words: z.record(z.string(), z.array(z.string()).min(1)),
  trades: z.array(z.object({ match: z.string(), name: z.string(), place: z.string() })),
  feminine: z.array(z.string()),
  professions: z.array(z.string()),
  /** Everyday words or phrases → the subclasses they mean outright (ranked up when matched). */
  codes: z.record(z.string(), z.array(z.string().regex(/^\d{7}$/)).min(1)),
})
export type Synonyms = z.infer<typeof synonymsSchema>

/** Weight of a synonym's words next to the words the person typed (1). */
const SYNONYM_WEIGHT = 0.85
const FIELD_BOOST = { text: 3, class: 1.2, group: 0.6, division: 0.3 }
/** How much a subclass the curated table names outright is ranked up. */
const CODE_BOOST = 2

const stopwords = new Set([...por.map(foldText)])

/** Words of a text, lower case, accents kept (the stemmer needs them). */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * The index terms of a word: its stem with accents folded, and the stem of its accent-less
 * spelling (people type "manutencao" as often as "manutenção"; the stemmer treats them apart).
 */
export function termsOf(word: string): string[] {
  const lower = word.toLowerCase()
  const folded = foldText(lower)
  if (folded.length < 2 || stopwords.has(folded)) return []
  const a = foldText(stemmer(lower))
  const b = stemmer(folded)
  return a === b ? [a] : [a, b]
}

/** The part of a CNAE text that says what it is ("…, exceto X" says what it is not). */
const positivePart = (text: string) => text.split(/,?\s+exceto\b/i)[0] ?? text

type Loaded = {
  subclasses: Map<string, CnaeSubclass>
  index: MiniSearch<{ id: string }>
  synonyms: Synonyms
  /** Synonyms (CNAE words, and curated subclass codes) by the keys of their everyday word. */
  synonymsByKey: Map<string, { targets: string[]; codes: string[] }>
  ignoredStems: Set<string>
}

let loaded: Loaded | undefined

export function loadAssistant(): Loaded {
  if (loaded) return loaded
  const subclasses = z.array(subclassSchema).parse(readJson('reference/cnae-subclasses.json'))
  const synonyms = synonymsSchema.parse(readJson('assistant/synonyms.json'))
  const index = new MiniSearch<{ id: string }>({
    fields: ['text', 'class', 'group', 'division'],
    storeFields: [],
    tokenize: words,
    processTerm: termsOf,
  })
  index.addAll(
    subclasses.map((s) => ({
      id: s.code,
      text: positivePart(s.text),
      class: positivePart(s.class.text),
      group: positivePart(s.group.text),
      division: positivePart(s.division.text),
    })),
  )
  // Everyday words by their stem, their folded spelling and that spelling without a plural
  // ending (the stemmer cuts short words unevenly: "unha" → "unha", "unhas" → "unh").
  const synonymsByKey = new Map<string, { targets: string[]; codes: string[] }>()
  const register = (word: string, targets: string[], codes: string[]) => {
    for (const key of new Set(lookupKeys(word))) {
      const entry = synonymsByKey.get(key) ?? { targets: [], codes: [] }
      entry.targets.push(...targets)
      entry.codes.push(...codes)
      synonymsByKey.set(key, entry)
    }
  }
  for (const [word, targets] of Object.entries(synonyms.words)) register(word, targets, [])
  for (const [key, codes] of Object.entries(synonyms.codes))
    if (!key.includes(' ')) register(key, [], codes)
  const ignoredStems = new Set(synonyms.ignore.flatMap((w) => [foldText(w), ...termsOf(w)]))
  loaded = {
    subclasses: new Map(subclasses.map((s) => [s.code, s])),
    index,
    synonyms,
    synonymsByKey,
    ignoredStems,
  }
  return loaded
}

/** Keys a word is looked up by in the synonym table. */
function lookupKeys(word: string): string[] {
  const folded = foldText(word)
  return [...termsOf(word), folded, folded.replace(/(?<=[a-z]{3})e?s$/, '')]
}

export type IntentQuery = {
  /** Search terms and their weights: typed words 1, synonyms less. */
  weights: Map<string, number>
  /** Subclasses the curated table names outright for words of the intent. */
  codes: Set<string>
}

/** The weighted search terms of an intent: its own words, then what the synonym table adds. */
export function intentQuery(intent: string): IntentQuery {
  const { synonyms, synonymsByKey, ignoredStems } = loadAssistant()
  const weights = new Map<string, number>()
  const codes = new Set<string>()
  const add = (term: string, weight: number) => {
    if (!ignoredStems.has(term)) weights.set(term, Math.max(weights.get(term) ?? 0, weight))
  }
  const addTarget = (target: string) => {
    for (const word of words(target)) for (const t of termsOf(word)) add(t, SYNONYM_WEIGHT)
  }
  const folded = ` ${foldText(intent).replace(/[^a-z0-9]+/g, ' ')} `
  const has = (phrase: string) => folded.includes(` ${foldText(phrase)} `)
  for (const [phrase, targets] of Object.entries(synonyms.phrases))
    if (has(phrase)) targets.forEach(addTarget)
  for (const [phrase, list] of Object.entries(synonyms.codes))
    if (phrase.includes(' ') && has(phrase)) list.forEach((code) => codes.add(code))
  for (const word of words(intent)) {
    if (ignoredStems.has(foldText(word))) continue
    for (const term of termsOf(word)) add(term, 1)
    const seen = new Set<string>()
    for (const key of lookupKeys(word)) {
      const entry = synonymsByKey.get(key)
      if (!entry || seen.has(key)) continue
      seen.add(key)
      entry.targets.forEach(addTarget)
      entry.codes.forEach((code) => codes.add(code))
    }
  }
  return { weights, codes }
}

/** Every subclass that matches the intent, best first, with a 0–1 relevance (best = 1). */
export function matchCnaes(intent: string): CnaeMatch[] {
  const { index, subclasses } = loadAssistant()
  const { weights, codes } = intentQuery(intent)
  if (weights.size === 0) return []
  const typed = new Set<string>()
  for (const word of words(intent)) for (const t of termsOf(word)) typed.add(t)
  const results = index.search([...weights.keys()].join(' '), {
    tokenize: (query) => query.split(' '),
    processTerm: (term) => term,
    combineWith: 'OR',
    boost: FIELD_BOOST,
    boostTerm: (term) => weights.get(term) ?? 1,
    boostDocument: (id) => (codes.has(String(id)) ? CODE_BOOST : 1),
    // Typos and partial words only for what the person typed, never for synonyms.
    prefix: (term) => typed.has(term) && term.length >= 5,
    fuzzy: (term) => (typed.has(term) && term.length >= 6 ? 0.2 : false),
    weights: { prefix: 0.4, fuzzy: 0.3 },
  })
  const top = results[0]?.score ?? 1
  return results.map((result) => {
    const subclass = subclasses.get(String(result.id)) as CnaeSubclass
    return {
      code: subclass.code,
      formatted: subclass.formatted,
      text: subclass.text,
      score: Math.round((result.score / top) * 1000) / 1000,
      isAllowedMei: subclass.isAllowedMei,
    }
  })
}
