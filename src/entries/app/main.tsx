import { StrictMode, startTransition } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { AnyRouter, RouterProvider as Provider } from '@tanstack/react-router'
import { keepCheckoutReturn } from '@/screens/account/checkout-return'
import { FirstCommit, firstPaintUsed, takeOverFirstPaint } from './first-paint'
import { firstPaintOf, isLoginPath } from '@/lib/landing'
import { isAppPath } from '@/lib/paths'
import { watchForNewBuilds } from '@/services/site/build/watch'
import { installGlobalErrorHandlers } from '@/services/errors'
import { loadQuery } from '@/services/query/lazy'
import { loadSession } from '@/services/session/load'
import { identityUserStored } from '@/services/session/stored-user'
import '@/ui/styles/base.css'

installGlobalErrorHandlers()
// The checkout's outcome, read from the address before anything can change it.
keepCheckoutReturn(window.location)

const root = document.getElementById('root')!

/**
 * The signed-in area: the whole app's router (src/entries/app/router.tsx) and the page its address names,
 * loaded before the first render while app.html's first paint (the login form, or the layout's
 * skeleton) holds the screen, so React's first commit is the page itself.
 */
async function startApp(): Promise<{ router: AnyRouter; RouterProvider: typeof Provider }> {
  // When someone is signed in, in parallel with the router's code: the session (Firebase
  // restores the user, reads the token, loads the company) and React Query (the pages' data).
  if (identityUserStored()) {
    loadSession().catch(() => undefined)
    void loadQuery()
  } else if (firstPaintUsed()) {
    // Signed out, and already using the painted login page: the sign-in it started needs the
    // session (a popup must open within a few seconds of the click). A failure shows on the form.
    loadSession().catch(() => undefined)
  }
  // The page is already painted: the code runs in short tasks, each step in its own, so the
  // page answers a tap or a key between them (the validation library first, set up in
  // Portuguese, then the routes).
  await import('@/schemas/locale')
  await nextTask()
  const { createAppRouter, RouterProvider } = await import('./router')
  await nextTask()
  const router = createAppRouter()
  // The page's route code too, while the session settles (the router would ask for it after).
  const [matched] = router.getMatchedRoutes(router.latestLocation.pathname)
  for (const route of matched) router.loadRouteChunk(route)?.catch(() => undefined)
  await nextTask()
  await router.load()
  return { router, RouterProvider }
}

async function startSite() {
  const { createPublicRouter, RouterProvider } = await import('../site/router-public')
  return { router: createPublicRouter() as AnyRouter, RouterProvider }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

const ignore = () => undefined

/** The router's page in a React root; `afterFirstCommit` once it is on the screen. */
function render(
  live: Root,
  { router, RouterProvider }: Awaited<ReturnType<typeof startApp>>,
  afterFirstCommit: () => void = ignore,
) {
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

const painted = firstPaintOf(window.location, identityUserStored())
if (
  isLoginPath(window.location.pathname) &&
  (painted === 'login' || painted === 'login-next' || painted === 'signup') &&
  // Only a built app.html paints (src/entries/painted-page/paint.ts); the dev server's root is
  // empty, and the whole app brings the form and its own cookie banner.
  root.firstElementChild !== null
) {
  // Signed out on the login page: the painted form made live without the router
  // (src/entries/app/login-page.tsx); once signed in, the app starts where sign-in leads, in the
  // same root.
  const { startLoginPage } = await import('./login-page')
  await startLoginPage(root, (path, live) => {
    window.history.replaceState(null, '', path)
    void startApp().then((app) => {
      live.leave()
      render(live.root, app)
    })
  })
} else {
  // Anything else (the dev server's public pages, editors' previews, referral links) starts with
  // the public routes only (src/entries/site/router-public.tsx).
  const afterFirstCommit = takeOverFirstPaint(root)
  const app = isAppPath(window.location.pathname) ? await startApp() : await startSite()
  render(createRoot(root), app, afterFirstCommit)
}
