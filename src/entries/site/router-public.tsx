import { createRouter } from '@tanstack/react-router'

// The entry renders with this (it does not load the router library itself, src/entries/app/main.tsx).
export { RouterProvider } from '@tanstack/react-router'
import { isAppPath } from '@/lib/paths'
import { sharedRouterOptions } from '../router-options'
// Generated (vite.config.ts): the same route files as routeTree.gen.ts, without /app.
import { routeTree } from '../route-trees/routeTree.public.gen'

/**
 * The router a public page starts with: only the public routes, so the first load carries none
 * of the signed-in area's route definitions (their search validation, gates and guards). Going
 * into /app is a full page load, which starts the whole app's router (src/entries/app/router.tsx).
 */
export function createPublicRouter() {
  const router = createRouter({ routeTree, ...sharedRouterOptions })
  router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (isAppPath(toLocation.pathname)) window.location.assign(toLocation.href)
  })
  return router
}
