import { LOGIN_PATH } from './app-paths'

// `next` (where to go after sign-in) only ever leads to a path on this site, whatever is put in
// it (docs/product.md §6: no open redirect). Anything doubtful is dropped, not repaired. Plain
// code: the painted page's script decides with it too (src/lib/landing.ts).

// A placeholder origin: a value that parses to any other origin is not internal.
const BASE = 'https://contabil.internal'
const MAX_DECODE_ROUNDS = 5

/** Decodes percent-encoding repeatedly (`%252F%252F` → `//`); undefined when malformed. */
function fullyDecoded(value: string): string | undefined {
  let current = value
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return undefined
    }
    if (next === current) return current
    current = next
  }
  // Still changing after many rounds: a value built to confuse, not a real path.
  return undefined
}

// Control characters and whitespace (browsers strip tabs and newlines from URLs: `/\t/evil.com`).
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\s\\]/

/**
 * The internal path (`/path?query#hash`) that `raw` names, or null when it is anything else:
 * another origin (`//evil.com`, `https://evil.com`, `/\evil.com`), a script (`javascript:`),
 * an encoded variant of those, a non-string, or the login page itself (which would loop).
 */
export function safeNext(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  const value = raw.trim()
  if (value === '' || value.length > 2048) return null
  const decoded = fullyDecoded(value)
  if (decoded === undefined) return null
  // Check both the value and its decoded forms, so no encoding can smuggle a second slash,
  // a backslash or a scheme past the checks.
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return null
    if (candidate.startsWith('//')) return null
    if (UNSAFE_CHARACTERS.test(candidate)) return null
  }
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  if (url.pathname === LOGIN_PATH || url.pathname === `${LOGIN_PATH}/`) return null
  return `${url.pathname}${url.search}${url.hash}`
}
