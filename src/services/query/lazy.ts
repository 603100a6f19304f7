// Loads React Query the first time a route under /app is entered (the root route's beforeLoad
// awaits it, so it is there before any /app screen renders). Public pages never load it.

type QueryModule = typeof import('./client')

let loaded: QueryModule | null = null
let loading: Promise<QueryModule> | null = null

export const loadQuery = () =>
  (loading ??= import('./client').then((module) => {
    loaded = module
    return module
  }))

/** The module once loaded, else null. */
export const loadedQuery = () => loaded

export { isAppPath } from '@/lib/paths'
