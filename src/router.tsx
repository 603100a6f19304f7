import { createRouter } from '@tanstack/react-router'
import { loadSession, sharedRouterOptions } from './router-options'
import { routeTree } from './routeTree.gen'
import { queryClient } from './services/query/client'
import { PageSkeleton } from './ui/Skeleton'

export { loadSession } from './router-options'

/** The whole app: public site and signed-in area (src/routeTree.gen.ts). */
export function createAppRouter() {
  return createRouter({
    routeTree,
    ...sharedRouterOptions,
    context: { loadSession, queryClient },
    // A page whose loader takes a moment shows the shape of a page inside its layout.
    defaultPendingComponent: () => <PageSkeleton />,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
