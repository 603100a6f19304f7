import type { SessionView } from '@/machines/session'
import { homePathFor } from '@/services/session/home-path'
import { safeNext } from './safe-next'

// Where signing in leads. Apart from the gates (./enforce.ts, which load the router library):
// the login page of a signed-out full load signs in before the router is there
// (src/entries/app/login-page.tsx).

export { homePathFor }

/** After sign-in: `next` when it is a safe internal path, else the user's home. */
export const afterSignInPath = (view: Pick<SessionView, 'isSystemAdmin'>, next: unknown) =>
  safeNext(next) ?? homePathFor(view)
