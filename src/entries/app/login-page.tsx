import { StrictMode, startTransition, useState } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { afterSignInPath } from '@/guards/after-sign-in'
import { LOGIN_PATH } from '@/lib/landing'
import { parseLoginSearch } from '@/routes/app/_auth/-login-search'
import { LoginPage } from '@/screens/auth/LoginPage'
import { preloadLoginMode } from '@/screens/auth/LoginScreen'
import type { LoginMode, LoginSearch } from '@/screens/auth/login-search'
import { SessionProvider } from '@/services/session'
import { loadSession } from '@/services/session/load'
import { applyConsentChoice, type ConsentChoice } from '@/services/site/consent/consent'
import { Toaster } from '@/ui/Toaster'
import { FirstCommit } from './first-commit'
import { takeOverFirstPaint } from './first-paint'

// The login page of a signed-out full load (docs/product.md §2), where every visit comes in: the
// form app.html painted (src/entries/painted-page) becomes live once the visitor starts using it
// (./main.tsx; until then the painted page keeps what they do) with the least code evaluated —
// React and the login screen, not the router library, the route tree, the validation library or
// React Query. React hydrates the painted form (the same tree,
// src/screens/auth/LoginPage.tsx), so nothing is laid out again; the form's rules come with the
// validation library once the visitor starts typing (src/screens/auth/SignInForm.tsx), the
// session (Firebase) as for any signed-out page (src/routes/app/route.tsx).
//
// The modes change the address as the route does (`?mode=signup`, keeping next, track and the
// referral code), in place. Once signed in, the app proper starts where sign-in leads
// (`onSignedIn`, src/entries/app/main.tsx): the router renders into the same root.

/** The address the route gives a mode (src/routes/app/_auth/login.tsx: `navigate`, replace). */
function loginHref(search: LoginSearch) {
  const query = new URLSearchParams()
  for (const key of ['next', 'track', 'indicatedBy', 'mode'] as const) {
    const value = search[key]
    if (value !== undefined) query.set(key, value)
  }
  const text = query.toString()
  return text ? `${LOGIN_PATH}?${text}` : LOGIN_PATH
}

function LightLoginPage({
  initial,
  onSignedIn,
}: {
  initial: LoginSearch
  onSignedIn: (path: string) => void
}) {
  const [search, setSearch] = useState(initial)
  const changeMode = (mode: LoginMode) => {
    const next = { next: search.next, track: search.track, indicatedBy: search.indicatedBy, mode }
    // As the route's loader does: the mode's form is fetched before the page shows it.
    void preloadLoginMode(mode).then(() => {
      window.history.replaceState(window.history.state, '', loginHref(next))
      startTransition(() => setSearch(next))
    })
  }
  return (
    <SessionProvider service={null} load={loadSession}>
      <LoginPage
        search={search}
        onModeChange={changeMode}
        onSignedIn={(view) => onSignedIn(afterSignInPath(view, search.next))}
      />
    </SessionProvider>
  )
}

/** The painted cookie banner stays: a choice made on it is kept as the app's banner keeps it. */
function keepPaintedConsent() {
  const choose = (choice: string) => {
    if (choice !== 'all' && choice !== 'necessary') return
    applyConsentChoice(choice as ConsentChoice)
    document.documentElement.removeAttribute('data-consent')
  }
  const onClick = (event: MouseEvent) => {
    const choice = (event.target as Element | null)?.closest<HTMLElement>('[data-consent-choice]')
      ?.dataset.consentChoice
    if (choice) choose(choice)
  }
  document.addEventListener('click', onClick)
  return {
    choose,
    /** The app's own banner takes over (src/screens/site/consent/ConsentGate.tsx). */
    stop: () => {
      document.removeEventListener('click', onClick)
      for (const banner of document.querySelectorAll('[data-consent-banner]')) banner.remove()
      document.documentElement.removeAttribute('data-consent')
    },
  }
}

/**
 * Makes the painted login page live in `root`; `onSignedIn` gets the path sign-in leads to and
 * the root, for the app to render into (after `leave()`).
 */
export async function startLoginPage(
  root: HTMLElement,
  onSignedIn: (path: string, live: { root: Root; leave: () => void }) => void,
) {
  const search = parseLoginSearch(Object.fromEntries(new URLSearchParams(window.location.search)))
  // The form of the mode is there before the page is hydrated (sign-up's comes with its mode).
  await preloadLoginMode(search.mode)
  const consent = keepPaintedConsent()
  const afterFirstCommit = takeOverFirstPaint(root, { hydrated: { onConsent: consent.choose } })
  // Toasts (an e-mail link sent) in a root of their own: the hydrated tree is the painted one.
  const toasts = document.createElement('div')
  document.body.append(toasts)
  const toaster = createRoot(toasts)
  toaster.render(<Toaster />)
  let live: Root | undefined
  const leave = () => {
    consent.stop()
    toaster.unmount()
    toasts.remove()
  }
  // A transition: React hydrates in slices, the painted page answers meanwhile.
  startTransition(() => {
    live = hydrateRoot(
      root,
      <StrictMode>
        <FirstCommit onCommit={afterFirstCommit}>
          <LightLoginPage
            initial={search}
            onSignedIn={(path) => onSignedIn(path, { root: live!, leave })}
          />
        </FirstCommit>
      </StrictMode>,
    )
  })
}
