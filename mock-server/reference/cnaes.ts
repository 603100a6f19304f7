import { z } from 'zod'
import {
  activityTaxOf,
  meiOccupationSchema,
  simplesAnnexSchema,
  type ActivityTax,
  type CnaeServer,
  type MeiOccupation,
  type SimplesAnnex,
} from '../../src/schemas/cnae'
// Nominal rate of the first revenue band of each annex, in percent (the tax module's fact).
import { SIMPLES_FIRST_BAND_RATE as simplesFirstBandRate } from '../../src/kernel/tax/facts'
import { cnaeDigits, formatCnaeCode, normalizeSearch } from '../../src/schemas/slug'
import { fixture } from '../fixtures'

// The 1,332 CNAE 2.3 subclasses (fixtures/reference, see its SOURCES.md) joined with the curated
// details of fixtures/cnae-details.json and the MEI occupations of Anexo XI, and the search behind
// `GET /cnaes`. Everything a search compares is normalized once here, when the server starts,
// never per request.

const level = z.object({ code: z.string(), formatted: z.string(), text: z.string() })
const referenceSchema = z.array(
  z.object({
    code: z.string().regex(/^\d{7}$/),
    formatted: z.string(),
    text: z.string(),
    section: z.object({ code: z.string(), text: z.string() }),
    division: z.object({ code: z.string(), text: z.string() }),
    group: level,
    class: level,
    isAllowedMei: z.boolean(),
  }),
)

const detailsSchema = z.object({
  basis: z.record(z.string(), z.string()),
  activities: z.array(
    z.object({
      code: z.string().regex(/^\d{7}$/),
      annexes: z.array(simplesAnnexSchema),
      basis: z.string(),
      allowed: z.array(z.string()).min(1),
      not_allowed: z.array(z.string()).min(1),
      obs: z.string().nullable(),
      /** LC 116/2003 items (`17.06`) the activity covers (an invoice's service → its activity). */
      services: z.array(z.string().regex(/^\d{2}\.\d{2}$/)),
    }),
  ),
})

/** The bases that make an activity subject to the fator R (LC 123/2006, §§ 5º-I, 5º-B, 5º-D). */
const isFatorRBasis = (basis: string | undefined) => basis?.startsWith('fator_r') === true

const R_FACTOR_CONDITIONS: Partial<Record<SimplesAnnex, string>> = {
  III: 'Fator R igual ou maior que 28%',
  V: 'Fator R menor que 28%',
}
const MIXED_CONDITIONS: Partial<Record<SimplesAnnex, string>> = {
  I: 'Revenda de mercadorias',
  II: 'Venda do que a empresa produz',
}

type Indexed = {
  record: CnaeServer
  /** Normalized subclass text and its words. */
  phrase: string
  words: string[]
  /** Words of the class and group, a weaker match. */
  context: string[]
}

export type CnaeCatalog = {
  all: CnaeServer[]
  byCode: Map<string, CnaeServer>
  search: (query: { search?: string; isActive?: boolean }) => CnaeServer[]
  /** What the tax rules need of a company's activities, in the company's order. */
  taxOf: (codes: readonly string[]) => ActivityTax[]
}

/** Words that carry no meaning in a search ("serviços de limpeza" ≈ "limpeza serviços"). */
/** Current spellings of words the CNAE texts write the older way (folded, singular). */
const SPELLING_VARIANTS: Record<string, string> = { otica: 'optica', otico: 'optico' }

const STOPWORDS = new Set([
  'a',
  'o',
  'as',
  'os',
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'em',
  'para',
  'com',
  'por',
  'na',
  'no',
  'nas',
  'nos',
  'ou',
  'um',
  'uma',
])

const wordsOf = (normalized: string) => [...new Set(normalized.split(' ').filter(Boolean))]

export function loadCnaeCatalog(): CnaeCatalog {
  const reference = referenceSchema.parse(fixture('reference/cnae-subclasses.json'))
  const details = detailsSchema.parse(fixture('cnae-details.json'))
  const detailByCode = new Map(details.activities.map((detail) => [detail.code, detail]))
  for (const detail of details.activities) {
    if (!reference.some((item) => item.code === detail.code))
      throw new Error(`cnae-details.json: ${detail.code} is not a CNAE 2.3 subclass`)
    if (!details.basis[detail.basis])
      throw new Error(`cnae-details.json: ${detail.code} names an unknown basis "${detail.basis}"`)
  }

  const subclassCodes = new Set(reference.map((item) => item.code))
  const occupationsByCode = new Map<string, MeiOccupation[]>()
  for (const occupation of z
    .array(meiOccupationSchema)
    .parse(fixture('reference/mei-occupations.json'))) {
    if (!subclassCodes.has(occupation.cnae))
      throw new Error(`mei-occupations.json: ${occupation.cnae} is not a CNAE 2.3 subclass`)
    occupationsByCode.set(occupation.cnae, [
      ...(occupationsByCode.get(occupation.cnae) ?? []),
      occupation,
    ])
  }

  const indexed: Indexed[] = reference.map((item) => {
    const detail = detailByCode.get(item.code)
    const conditions = isFatorRBasis(detail?.basis)
      ? R_FACTOR_CONDITIONS
      : detail?.basis === 'anexo_i_ii'
        ? MIXED_CONDITIONS
        : {}
    const record: CnaeServer = {
      code: item.code,
      text: item.text,
      // No annexes: an activity barred from the Simples Nacional (the basis says why).
      tax_rates: detail
        ? {
            simples: detail.annexes.map((annex) => ({
              annex,
              nominal_rate_first_band: simplesFirstBandRate[annex],
              condition: conditions[annex] ?? null,
            })),
            basis: details.basis[detail.basis]!,
          }
        : null,
      is_allowed_mei: item.isAllowedMei,
      is_r_factor: detail ? isFatorRBasis(detail.basis) : null,
      cnae_allowed_activities: detail?.allowed ?? null,
      cnae_not_allowed_activities: detail?.not_allowed ?? null,
      obs: detail?.obs ?? null,
      hierarchy: {
        section: item.section,
        division: { ...item.division, formatted: item.division.code },
        group: item.group,
        class: item.class,
        subclass: { code: item.code, formatted: formatCnaeCode(item.code), text: item.text },
      },
      // Every subclass of CNAE 2.3 is in force.
      is_active: true,
    }
    const phrase = normalizeSearch(item.text)
    return {
      record,
      phrase,
      words: wordsOf(phrase),
      context: wordsOf(normalizeSearch(`${item.class.text} ${item.group.text}`)),
    }
  })

  const cache = new Map<string, CnaeServer[]>()
  const CACHE_SIZE = 1000

  function run(search: string): CnaeServer[] {
    const normalized = normalizeSearch(search)
    const digits = cnaeDigits(search)
    // A code, whole or in part, typed with or without punctuation: "6201", "6201-5/01", "62.01".
    if (digits.length >= 2 && /^[\d\s./-]+$/.test(search.trim()))
      return indexed
        .filter((item) => item.record.code.startsWith(digits))
        .map((item) => item.record)

    // Plural and singular alike: "roupas" finds "roupa", "serviços" finds "serviço"; today's
    // spelling finds the CNAE's older one ("ótica" finds "óptica").
    const terms = wordsOf(normalized)
      .filter((word) => !STOPWORDS.has(word))
      .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word))
      .map((word) => SPELLING_VARIANTS[word] ?? word)
    if (terms.length === 0) return []
    const hasPrefix = (words: string[], term: string) => words.some((word) => word.startsWith(term))
    const scored: { item: Indexed; score: number }[] = []
    for (const item of indexed) {
      let score: number
      if (terms.every((term) => hasPrefix(item.words, term))) {
        score = item.phrase.startsWith(normalized) ? 0 : item.phrase.includes(normalized) ? 1 : 2
      } else if (
        terms.every((term) => hasPrefix(item.words, term) || hasPrefix(item.context, term))
      ) {
        score = 3
      } else continue
      scored.push({ item, score })
    }
    scored.sort((a, b) => a.score - b.score || a.item.record.code.localeCompare(b.item.record.code))
    return scored.map((entry) => entry.item.record)
  }

  const all = indexed.map((item) => item.record)
  const byCode = new Map(all.map((record) => [record.code, record]))
  return {
    all,
    byCode,
    taxOf: (codes) =>
      codes.map((code) =>
        activityTaxOf(
          code,
          byCode.get(code),
          occupationsByCode.get(code) ?? [],
          detailByCode.get(code)?.services,
        ),
      ),
    search({ search, isActive }) {
      if (isActive === false) return []
      const key = (search ?? '').trim().toLowerCase()
      if (!key) return all
      let hit = cache.get(key)
      if (!hit) {
        hit = run(key)
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
        cache.set(key, hit)
      }
      return hit
    },
  }
}

let catalog: CnaeCatalog | undefined
/** One catalog per process: it is reference data and never changes while the server runs. */
export const cnaeCatalog = () => (catalog ??= loadCnaeCatalog())
