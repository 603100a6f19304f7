import type { QueryClient } from '@tanstack/react-query'
import type { SessionService } from './session/types'

/** What every route's beforeLoad and loader receive (created in src/router.tsx). */
export type RouterContext = {
  queryClient: QueryClient
  /**
   * The session (Firebase and the session statechart), loaded on first use by a signed-in
   * route: public pages never load it.
   */
  loadSession: () => Promise<SessionService>
}
