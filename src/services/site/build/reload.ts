// A chunk of an older build that is gone (a deploy replaced it): one guarded reload gets the
// current build's files. No dependencies: prerendered pages use it too.

/** docs/product.md §9: reload guard time-to-live. */
export const RELOAD_GUARD_TTL_MS = 10_000

const RELOAD_KEY = 'contabil:recarregado-em'

const session = () => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * Reloads the page unless it was reloaded for the same reason less than 10 s ago.
 * Returns whether it reloaded.
 */
export function reloadOnce(now = Date.now(), reload = () => window.location.reload()): boolean {
  const last = Number(session()?.getItem(RELOAD_KEY) ?? 0)
  if (last && now - last < RELOAD_GUARD_TTL_MS) return false
  session()?.setItem(RELOAD_KEY, String(now))
  reload()
  return true
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && CHUNK_ERROR.test(error.message)
