import type { SessionService } from './session/types'

/**
 * What every route's beforeLoad and loader receive (created in src/router.tsx). React Query is
 * not here: it is loaded with the signed-in area (src/services/query), so public pages stay light.
 */
export type RouterContext = {
  /**
   * The session (Firebase and the session statechart), loaded on first use by a signed-in
   * route: public pages never load it.
   */
  loadSession: () => Promise<SessionService>
}
