import type { SessionService } from './types'

/**
 * The session module (and Firebase with it), fetched the first time something under /app asks
 * for it: the router context's loadSession (src/entries/router-options.tsx) and, for a full load where
 * someone is signed in, the app's start (src/entries/app/main.tsx). Public pages never call it.
 */
export const loadSession = (): Promise<SessionService> =>
  import('./instance').then((module) => module.session)
