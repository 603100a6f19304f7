// Slugs and search normalization for cities and CNAE subclasses. Pure string helpers with no zod,
// so that route files (which land in the first-load chunk) can use them for `params.parse`; the
// mock server and the build (sitemap) use the same functions, so every link agrees.

import { cnaeDigits, formatCnaeCode } from '../kernel/cnae-code'

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

// The code's digits and its printed form are the kernel's (src/kernel/cnae-code.ts); the pages
// take them from here with the slugs they build.
export { cnaeDigits, formatCnaeCode }

/** "6201501", "Desenvolvimento de programas…" → "6201501-desenvolvimento-de-programas-…". */
export const cnaeSlug = (code: string, text: string) => `${cnaeDigits(code)}-${slugify(text)}`

/** "6201501-desenvolvimento…" → { code: "6201501", text: "desenvolvimento…" }; text may be ''. */
export function splitCnaeSlug(slug: string): { code: string; text: string } | null {
  const match = /^(\d{7})(?:-(.*))?$/.exec(slug)
  if (!match) return null
  return { code: match[1]!, text: match[2] ?? '' }
}
