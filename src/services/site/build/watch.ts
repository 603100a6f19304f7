import type { AnyRouter } from '@tanstack/react-router'
import { isChunkLoadError, reloadOnce, RELOAD_GUARD_TTL_MS } from './reload'

export { isChunkLoadError, reloadOnce, RELOAD_GUARD_TTL_MS }

// New builds (docs/product.md §7 and §9): the build writes /build-meta.json (this build) and
// /latest-build.json (the newest one deployed, which a deploy overwrites). The app knows its own
// build id, checks latest-build.json every hour (and when the tab comes back after an hour
// away) and, when a newer build is out, loads it on the next navigation: a full page load of the
// address the visitor asked for, so nothing breaks half-way. A chunk that fails to load (the old
// build's files are gone) reloads the page once; the guard keeps it from looping for 10 seconds.

/** docs/product.md §9: build manifest re-check every hour. */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000

export const LATEST_BUILD_URL = '/latest-build.json'

/** The id the build stamped into this bundle ('dev' under the dev server). */
export const currentBuildId: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

export type BuildInfo = { buildId: string; builtAt: string }

export async function fetchLatestBuild(fetcher: typeof fetch = fetch): Promise<BuildInfo | null> {
  try {
    const response = await fetcher(LATEST_BUILD_URL, { cache: 'no-store' })
    if (!response.ok) return null
    const body = (await response.json()) as Partial<BuildInfo>
    return typeof body.buildId === 'string' ? (body as BuildInfo) : null
  } catch {
    // Offline or between deploys: try again at the next check.
    return null
  }
}

export function watchForNewBuilds(router: AnyRouter) {
  window.addEventListener('vite:preloadError', (event) => {
    // Handled here: a reload gets the current build's files.
    if (reloadOnce()) event.preventDefault()
  })

  if (currentBuildId === 'dev') return
  let newerBuild = false
  let lastCheck = Date.now()
  const check = async () => {
    lastCheck = Date.now()
    const latest = await fetchLatestBuild()
    if (latest && latest.buildId !== currentBuildId) newerBuild = true
  }
  window.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck >= BUILD_CHECK_INTERVAL_MS)
      void check()
  })
  router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
    if (newerBuild && pathChanged) window.location.assign(toLocation.href)
  })
}
