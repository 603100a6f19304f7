import type { RouterContext } from './services/router-context'
import { LazyErrorPage, LazyNotFoundPage } from './screens/errors/lazy'
import { Loading } from './ui/Feedback'

/** The session module (and Firebase with it) is fetched only when an /app route asks for it. */
export const loadSession: RouterContext['loadSession'] = () =>
  import('./services/session/instance').then((module) => module.session)

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
