import { createRouter } from '@tanstack/react-router'
import { sharedRouterOptions } from './router-options'
import { routeTree } from './routeTree.gen'

export { loadSession } from './router-options'

/** The whole app: public site and signed-in area (src/routeTree.gen.ts). */
export function createAppRouter() {
  return createRouter({ routeTree, ...sharedRouterOptions })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
