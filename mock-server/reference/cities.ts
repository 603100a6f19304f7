import { z } from 'zod'
import { ufSchema, ufs } from '../../src/schemas/brazil'
import { stateBoards, stateNames, type City } from '../../src/schemas/city'
import { citySlug, normalizeSearch } from '../../src/schemas/slug'
import { fixture } from '../fixtures'

// The 5,571 municipalities (fixtures/reference/municipalities.json, see its SOURCES.md), for
// `GET /api/city-search` and the city pages. Names are normalized once, at start.

const referenceSchema = z.array(
  z.object({ ibgeCode: z.string().regex(/^\d{7}$/), name: z.string(), state: ufSchema }),
)

type Indexed = { city: City; name: string; words: string[] }

export type CityDirectory = {
  all: City[]
  bySlug: Map<string, City>
  search: (q: string) => City[]
}

const UFS = new Set<string>(ufs.map((uf) => uf.toLowerCase()))

/** The state capitals come first when a search matches several cities equally well. */
const CAPITALS = new Set([
  '1200401',
  '2704302',
  '1302603',
  '1600303',
  '2927408',
  '2304400',
  '5300108',
  '3205309',
  '5208707',
  '2111300',
  '3106200',
  '5002704',
  '5103403',
  '1501402',
  '2507507',
  '2611606',
  '2211001',
  '4106902',
  '3304557',
  '2408102',
  '1100205',
  '1400100',
  '4314902',
  '4205407',
  '2800308',
  '3550308',
  '1721000',
])

export function loadCityDirectory(): CityDirectory {
  const reference = referenceSchema.parse(fixture('reference/municipalities.json'))
  const indexed: Indexed[] = reference.map((item) => {
    const name = normalizeSearch(item.name)
    return {
      city: {
        ibgeCode: item.ibgeCode,
        name: item.name,
        state: item.state,
        stateName: stateNames[item.state],
        slug: citySlug(item.name, item.state),
        board: stateBoards[item.state],
      },
      name,
      words: name.split(' '),
    }
  })
  // Alphabetical in Portuguese, so equal matches read in a natural order.
  indexed.sort(
    (a, b) =>
      a.city.name.localeCompare(b.city.name, 'pt-BR') || a.city.state.localeCompare(b.city.state),
  )

  const cache = new Map<string, City[]>()
  function run(q: string): City[] {
    let terms = normalizeSearch(q).split(' ').filter(Boolean)
    // "campinas sp", "sao jose - sc": a trailing UF narrows the search to that state.
    let state: string | null = null
    const last = terms[terms.length - 1]
    if (terms.length > 1 && last && UFS.has(last)) {
      state = last.toUpperCase()
      terms = terms.slice(0, -1)
    }
    if (terms.length === 0) return []
    const phrase = terms.join(' ')
    const scored: { item: Indexed; score: number }[] = []
    for (const item of indexed) {
      if (state && item.city.state !== state) continue
      let score: number
      if (item.name === phrase) score = 0
      else if (item.name.startsWith(phrase)) score = 1
      else if (terms.every((term) => item.words.some((word) => word.startsWith(term)))) score = 2
      else if (item.name.includes(phrase)) score = 3
      else continue
      if (!CAPITALS.has(item.city.ibgeCode)) score += 0.5
      scored.push({ item, score })
    }
    // Stable sort keeps the alphabetical order among equal scores.
    scored.sort((a, b) => a.score - b.score)
    return scored.map((entry) => entry.item.city)
  }

  const all = indexed.map((item) => item.city)
  return {
    all,
    bySlug: new Map(all.map((city) => [city.slug, city])),
    search(q) {
      const key = q.trim().toLowerCase()
      let hit = cache.get(key)
      if (!hit) {
        hit = run(key)
        if (cache.size >= 1000) cache.delete(cache.keys().next().value!)
        cache.set(key, hit)
      }
      return hit
    },
  }
}

let directory: CityDirectory | undefined
export const cityDirectory = () => (directory ??= loadCityDirectory())
