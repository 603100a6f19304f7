// Slugs and search normalization for cities and CNAE subclasses. Pure string helpers with no zod,
// so that route files (which land in the first-load chunk) can use them for `params.parse`; the
// mock server and the build (sitemap) use the same functions, so every link agrees.

const COMBINING_MARKS = /[\u0300-\u036f]/g

/** "São José" → "Sao Jose". */
export const stripAccents = (value: string) => value.normalize('NFD').replace(COMBINING_MARKS, '')

/** "Alta Floresta D'Oeste" → "alta-floresta-doeste". */
export const slugify = (value: string) =>
  stripAccents(value)
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/** Lowercase, no accents, words separated by one space: the form searches compare. */
export const normalizeSearch = (value: string) =>
  stripAccents(value)
    .toLowerCase()
    .replace(/['’`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

// ---------------------------------------------------------------------------------------------
// Cities: /contabilidade-em/{city}-{state} and /contador-em/{city}-{state}

/** "São José dos Campos", "SP" → "sao-jose-dos-campos-sp". */
export const citySlug = (name: string, state: string) => `${slugify(name)}-${state.toLowerCase()}`

/** Splits a city slug at its last '-': "sao-jose-dos-campos-sp" → { city, state: "SP" }. */
export function splitCitySlug(slug: string): { city: string; state: string } | null {
  const at = slug.lastIndexOf('-')
  if (at <= 0) return null
  const city = slug.slice(0, at)
  const state = slug.slice(at + 1).toUpperCase()
  if (!/^[A-Z]{2}$/.test(state) || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(city)) return null
  return { city, state }
}

// ---------------------------------------------------------------------------------------------
// CNAE subclasses: /tools/cnae/{code}-{text}

/** The 7 digits of a subclass code, whatever punctuation it was typed with ("6201-5/01"). */
export const cnaeDigits = (value: string) => value.replace(/\D/g, '')

/** "6201501" → "6201-5/01" (the way IBGE and the CNPJ card print it). */
export function formatCnaeCode(code: string): string {
  const digits = cnaeDigits(code)
  if (digits.length !== 7) return code
  return `${digits.slice(0, 4)}-${digits.slice(4, 5)}/${digits.slice(5)}`
}

/** "6201501", "Desenvolvimento de programas…" → "6201501-desenvolvimento-de-programas-…". */
export const cnaeSlug = (code: string, text: string) => `${cnaeDigits(code)}-${slugify(text)}`

/** "6201501-desenvolvimento…" → { code: "6201501", text: "desenvolvimento…" }; text may be ''. */
export function splitCnaeSlug(slug: string): { code: string; text: string } | null {
  const match = /^(\d{7})(?:-(.*))?$/.exec(slug)
  if (!match) return null
  return { code: match[1]!, text: match[2] ?? '' }
}
