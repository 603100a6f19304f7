import type { QueryClient } from '@tanstack/react-query'
import type { SessionService } from './session/types'

/**
 * What every route's beforeLoad and loader receive (src/router.tsx, src/router-public.tsx).
 */
export type RouterContext = {
  /**
   * The session (Firebase and the session statechart), loaded on first use by a signed-in
   * route: public pages never load it.
   */
  loadSession: () => Promise<SessionService>
  /**
   * React Query's client, which owns the signed-in area's data: loaders fill it with
   * `ensureQueryData`, screens read it with `useSuspenseQuery`. The whole app's router has it;
   * the public router has null (public pages never load React Query). Under /app it is never
   * null: the /app route puts it in the context of every route below.
   */
  queryClient: QueryClient | null
}
