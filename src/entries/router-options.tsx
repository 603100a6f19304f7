import type { RouterContext } from '@/services/router-context'
import { loadSession } from '@/services/session/load'
import { LazyErrorPage, LazyNotFoundPage } from '@/screens/errors/lazy'
import { Loading } from '@/ui/Feedback'

export { loadSession }

/** What the whole app's router (router.tsx) and the public site's (router-public.tsx) share. */
export const sharedRouterOptions = {
  context: { loadSession, queryClient: null } satisfies RouterContext,
  defaultPreload: 'intent' as const,
  // Signed-in loaders read through React Query, which owns their caching.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultPendingComponent: () => <Loading />,
  defaultErrorComponent: LazyErrorPage,
  defaultNotFoundComponent: () => <LazyNotFoundPage />,
}
