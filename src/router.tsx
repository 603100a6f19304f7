import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import type { RouterContext } from './services/router-context'
import { routeTree } from './routeTree.gen'
import { ErrorPage } from './screens/errors/ErrorPage'
import { NotFoundPage } from './screens/errors/NotFoundPage'
import { Loading } from './ui/Feedback'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) =>
          count < 2 &&
          (error as { status?: number }).status !== 403 &&
          (error as { status?: number }).status !== 404,
      },
      mutations: { retry: false },
    },
  })
}

/** The session module (and Firebase with it) is fetched only when an /app route asks for it. */
export const loadSession: RouterContext['loadSession'] = () =>
  import('./services/session/index').then((module) => module.session)

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, loadSession } satisfies RouterContext,
    defaultPreload: 'intent',
    // Loaders read through React Query, which owns caching.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <Loading />,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: () => <NotFoundPage />,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
