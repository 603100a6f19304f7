import { createRouter } from '@tanstack/react-router'

// The entry renders with this (it does not load the router library itself, src/entries/app/main.tsx).
export { RouterProvider } from '@tanstack/react-router'
import { isAppPath } from '@/lib/paths'
import { sharedRouterOptions } from '../router-options'
// Generated (vite.config.ts): the same route files as routeTree.gen.ts, without the public site.
import { routeTree } from '../route-trees/routeTree.app.gen'
import type { routeTree as fullRouteTree } from '../route-trees/routeTree.gen'
import { PageSkeleton } from '@/ui/Skeleton'

export { loadSession } from '../router-options'

/**
 * The signed-in area's router: only the /app routes, so no full load of /app carries the public
 * site's route definitions. The public pages are prerendered HTML: going there from the app is a
 * full page load (as going into /app from the site is, src/entries/site/router-public.tsx). React Query's
 * client comes with the /app route (src/routes/app/route.tsx), which loads it.
 */
export function createAppRouter() {
  const router = createRouter({
    routeTree: routeTree as typeof fullRouteTree,
    ...sharedRouterOptions,
    // A page whose loader takes a moment shows the shape of a page inside its layout.
    defaultPendingComponent: () => <PageSkeleton />,
  })
  router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (!isAppPath(toLocation.pathname)) window.location.assign(toLocation.href)
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
