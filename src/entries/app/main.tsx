import { keepCheckoutReturn } from '@/screens/account/checkout-return'
import { firstPaintUsed } from './first-paint'
import { onFirstInteraction } from '@/lib/first-interaction'
import { firstPaintOf, isLoginPath } from '@/lib/landing'
import { isAppPath } from '@/lib/paths'
import { pageTitle } from '@/lib/title'
import { installGlobalErrorHandlers } from '@/services/errors'
import { loadQuery } from '@/services/query/lazy'
import { loadSession } from '@/services/session/load'
import { identityUserStored } from '@/services/session/stored-user'
import '@/ui/styles/base.css'

// The script of app.html. It evaluates no React: React and the routers come with the page that
// needs them (./start.tsx), and the signed-out login page, live as painted (its fields take what
// is typed, src/entries/painted-page), loads them once the visitor starts using it.

installGlobalErrorHandlers()
// The checkout's outcome, read from the address before anything can change it.
keepCheckoutReturn(window.location)

const root = document.getElementById('root')!

/**
 * When someone is signed in, in parallel with React and the router's code: the session (Firebase
 * restores the user, reads the token, loads the company) and React Query (the pages' data).
 * Signed out, and already using the painted login form: the session its sign-in needs (a popup
 * must open within a few seconds of the click; a failure shows on the form).
 */
function startSession() {
  if (identityUserStored()) {
    loadSession().catch(() => undefined)
    void loadQuery()
  } else if (firstPaintUsed()) loadSession().catch(() => undefined)
}

/** Resolves at the visitor's first key, tap, click or focus; at once if it was on the painted page. */
const used = () =>
  new Promise<void>((resolve) => {
    if (firstPaintUsed()) resolve()
    else onFirstInteraction(resolve)
  })

const painted = firstPaintOf(window.location, identityUserStored())
if (
  isLoginPath(window.location.pathname) &&
  (painted === 'login' || painted === 'login-next' || painted === 'signup') &&
  // Only a built app.html paints (src/entries/painted-page/paint.ts); the dev server's root is
  // empty, and the whole app brings the form and its own cookie banner.
  root.firstElementChild !== null
) {
  // Signed out on the login page: the painted form is made live without the router once it is
  // used (./login-page.tsx); once signed in, the app starts where sign-in leads, in the same root.
  document.title = pageTitle('Entrar')
  await used()
  // As every signed-out page of the area: the session loads once the visitor starts using it
  // (a popup must open within a few seconds of a click on "Entrar com Google").
  loadSession().catch(() => undefined)
  const [{ startLoginPage }, start] = await Promise.all([import('./login-page'), import('./start')])
  await startLoginPage(root, (path, live) => {
    window.history.replaceState(null, '', path)
    startSession()
    void start.startApp().then((app) => {
      live.leave()
      start.render(live.root, app)
    })
  })
} else {
  const inApp = isAppPath(window.location.pathname)
  if (inApp) {
    startSession()
    // The signed-in area's routes, fetched beside ./start rather than after it (./start.tsx
    // awaits the same module).
    import('./router').catch(() => undefined)
  }
  const { startPage } = await import('./start')
  await startPage(root, inApp)
}
