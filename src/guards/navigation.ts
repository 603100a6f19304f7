// docs/product.md §8: navigating to an external URL without explicit permission raises an error.
// Every programmatic navigation to an address that came from data (API answers, query strings)
// goes through `resolveNavigation` / `navigateTo`.

export class ExternalNavigationError extends Error {
  readonly url: string
  constructor(url: string) {
    super(`Navegação para endereço externo não permitida: ${url}`)
    this.name = 'ExternalNavigationError'
    this.url = url
  }
}

export class UnsafeNavigationError extends Error {
  readonly url: string
  constructor(url: string) {
    super(`Endereço de navegação inválido: ${url}`)
    this.name = 'UnsafeNavigationError'
    this.url = url
  }
}

export type NavigationTarget =
  { kind: 'internal'; href: string } | { kind: 'external'; url: string }

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])

const currentOrigin = () =>
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin

/**
 * Classifies `url` against this site's origin. Internal addresses come back as a path; external
 * ones only with `allowExternal` (else ExternalNavigationError); `javascript:`, `data:` and other
 * schemes, and malformed addresses, always throw.
 */
export function resolveNavigation(
  url: string,
  options: { allowExternal?: boolean; origin?: string } = {},
): NavigationTarget {
  const origin = options.origin ?? currentOrigin()
  const trimmed = url.trim()
  let parsed: URL
  try {
    parsed = new URL(trimmed, origin)
  } catch {
    throw new UnsafeNavigationError(url)
  }
  if (!SAFE_PROTOCOLS.has(parsed.protocol)) throw new UnsafeNavigationError(url)
  if (parsed.origin === origin) {
    return { kind: 'internal', href: `${parsed.pathname}${parsed.search}${parsed.hash}` }
  }
  if (!options.allowExternal) throw new ExternalNavigationError(url)
  return { kind: 'external', url: parsed.toString() }
}

export type Navigator = {
  /** In-app navigation (the router). */
  navigate: (href: string, options?: { replace?: boolean }) => unknown
  /** A full-document navigation (leaving the app). */
  assign: (url: string) => void
}

/** Goes to `url`: in the app when internal, leaving it only when `allowExternal` says so. */
export function navigateTo(
  navigator: Navigator,
  url: string,
  options: { allowExternal?: boolean; replace?: boolean; origin?: string } = {},
) {
  const target = resolveNavigation(url, options)
  if (target.kind === 'internal')
    return navigator.navigate(target.href, { replace: options.replace })
  return navigator.assign(target.url)
}
