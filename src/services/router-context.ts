import type { QueryClient } from '@tanstack/react-query'
import type { SessionService } from './session/types'

/**
 * What every route's beforeLoad and loader receive (src/entries/app/router.tsx, src/entries/site/router-public.tsx).
 */
export type RouterContext = {
  /**
   * The session (Firebase and the session statechart), loaded on first use by a signed-in
   * route: public pages never load it.
   */
  loadSession: () => Promise<SessionService>
  /**
   * React Query's client, which owns the signed-in area's data: loaders fill it with
   * `ensureQueryData`, screens read it with `useSuspenseQuery`. The routers start with null
   * (public pages and the login page never load React Query); below a layout that requires a
   * session it is never null: the layout adds it (src/routes/app/-query-context.ts).
   */
  queryClient: QueryClient | null
}
