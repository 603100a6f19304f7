import { StrictMode, startTransition } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { AnyRouter, RouterProvider as Provider } from '@tanstack/react-router'
import { watchForNewBuilds } from '@/services/site/build/watch'
import { FirstCommit } from './first-commit'
import { takeOverFirstPaint } from './first-paint'

// React and the routers: what the entry (./main.tsx) loads once a page needs them — at once for
// every page but the signed-out login page, which is live without them until it is used.

type Started = { router: AnyRouter; RouterProvider: typeof Provider }

/** The signed-in area's router module, fetched once (./main.tsx may ask for it first). */
let routerModule: Promise<typeof import('./router')> | null = null
export const loadRouterModule = () => (routerModule ??= import('./router'))

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The signed-in area: the whole app's router (./router.tsx) and the page its address names,
 * loaded before the first render while app.html's first paint (the login form, or the layout's
 * skeleton) holds the screen, so React's first commit is the page itself. The session and React
 * Query are already on their way when someone is signed in (./main.tsx).
 */
export async function startApp(): Promise<Started> {
  // The page is already painted: the code runs in short tasks, each step in its own, so the
  // page answers a tap or a key between them (the validation library first, set up in
  // Portuguese, then the routes). Both are fetched at once: the routes' code is the longer wait,
  // and each module still evaluates in its own task when it arrives.
  const routerModule = loadRouterModule()
  await import('@/schemas/locale')
  await nextTask()
  const { createAppRouter, RouterProvider } = await routerModule
  await nextTask()
  const router = createAppRouter()
  // The page's route code too, while the session settles (the router would ask for it after).
  const [matched] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of matched) router.loadRouteChunk(route)?.catch(() => undefined)
  await nextTask()
  await router.load()
  return { router, RouterProvider }
}

async function startSite(): Promise<Started> {
  const { createPublicRouter, RouterProvider } = await import('../site/router-public')
  return { router: createPublicRouter() as AnyRouter, RouterProvider }
}

const ignore = (): void => undefined

/** The router's page in a React root; `afterFirstCommit` once it is on the screen. */
export function render(live: Root, { router, RouterProvider }: Started, afterFirstCommit = ignore) {
  // A newer build is loaded on the next navigation; a chunk that fails to load reloads once.
  watchForNewBuilds(router)
  // A transition: React renders the first page in slices, so the page stays responsive while it
  // builds (and what the HTML painted stays until the page is ready).
  startTransition(() =>
    live.render(
      <StrictMode>
        <FirstCommit onCommit={afterFirstCommit}>
          <RouterProvider router={router} />
        </FirstCommit>
      </StrictMode>,
    ),
  )
}

/**
 * Any page but the signed-out login page: the signed-in area's router in `root` (`inApp`), or
 * the public routes only (the dev server's public pages, editors' previews, referral links:
 * ../site/router-public.tsx), replacing what app.html painted on the first commit.
 */
export async function startPage(root: HTMLElement, inApp: boolean) {
  const afterFirstCommit = takeOverFirstPaint(root)
  const app = inApp ? await startApp() : await startSite()
  render(createRoot(root), app, afterFirstCommit)
}
