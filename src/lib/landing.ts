// Where a full load of the signed-in area lands, before any of the app's code has run: the one
// decision app.html's painted page (src/entries/painted-page) makes, kept here so that it and the
// router's gates (src/guards/gates.ts) read the same paths and the same rules. It imports only
// plain src/lib modules: the build compiles it, with them, into the painted page's inline script.
//
// The rules, as the gates apply them once the app runs:
// - signed out, any page but the login page → the login page, which says "continue where you
//   left" (`auth` gate: /app/login?next=…);
// - signed out on the login page → its form: sign-up with `?mode=signup`, a plain loading page
//   while an e-mail link or a reset is opened (`?mode=link|reset`);
// - arriving from an e-mail sign-in link (`?mode=signIn`) → a loading page while it finishes;
// - signed in on the login page → sent on into the area (its layout's skeleton meanwhile);
// - signed in elsewhere → the skeleton of the page's layout: narrow (no side menu) for the
//   wizards, the disabled-company page and the OAuth return pages, with the side menu otherwise.

import { APP_PATH, LOGIN_PATH } from './app-paths'
import { safeNext } from './safe-next'

export { APP_PATH, LOGIN_PATH }
/** A disabled company's page (the `company-requirements` gate sends its users there). */
export const DISABLED_PAGE = '/app/user/disabled'
/** The wizards' pages: `/app/wizard/company-opening`, `/app/wizard/company-migration`, … */
export const WIZARDS_PATH = '/app/wizard'
/** The pages third parties send the browser back to (a bank's consent). */
export const AUTH_RETURNS_PATH = '/app/auth'

/** The painted pages a full load can start with (app.html's templates, by name). */
export const firstPaintNames = [
  'login',
  'login-next',
  'signup',
  'auth',
  'shell',
  'shell-narrow',
] as const
export type FirstPaintName = (typeof firstPaintNames)[number]

/** A path without its trailing slashes (`/app/login/` is the login page). */
export const trimPath = (pathname: string) => pathname.replace(/\/+$/, '') || '/'

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

export const isAppPath = (pathname: string) => within(trimPath(pathname), APP_PATH)
export const isLoginPath = (pathname: string) => trimPath(pathname) === LOGIN_PATH

/** Pages whose layout has no side menu. */
export const hasNarrowLayout = (pathname: string) => {
  const path = trimPath(pathname)
  return [WIZARDS_PATH, DISABLED_PAGE, AUTH_RETURNS_PATH].some((prefix) => within(path, prefix))
}

/**
 * The page a full load of an address paints first, or null outside the signed-in area (app.html
 * also serves referral links). `signedIn`: the identity service keeps a user in this browser.
 */
export function firstPaintOf(
  address: { pathname: string; search: string },
  signedIn: boolean,
): FirstPaintName | null {
  if (!isAppPath(address.pathname)) return null
  const query = new URLSearchParams(address.search)
  const mode = query.get('mode')
  if (isLoginPath(address.pathname)) {
    if (mode === 'signIn') return 'auth'
    if (signedIn) return 'shell'
    if (mode === 'signup') return 'signup'
    if (mode === 'link' || mode === 'reset') return 'auth'
    // The login page keeps only a `next` it would follow (src/lib/safe-next.ts): a hostile one is
    // dropped, so the page is the plain one, and React hydrates the same tree it painted.
    return safeNext(query.get('next')) ? 'login-next' : 'login'
  }
  if (!signedIn) return 'login-next'
  return hasNarrowLayout(address.pathname) ? 'shell-narrow' : 'shell'
}
