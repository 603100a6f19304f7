import { LOGIN_PATH } from '@/lib/landing'
import { safeNext } from '@/lib/safe-next'

// Where sign-in leads back to: only a path on this site (the rule: src/lib/safe-next.ts, which
// the painted page reads too).

/** The login page (src/lib/landing.ts, which the painted page reads too). */
export { LOGIN_PATH, safeNext }

/** The login page, remembering where to return (only when that is a safe internal path). */
export function loginHref(next?: string | null): string {
  const safe = next ? safeNext(next) : null
  return safe ? `${LOGIN_PATH}?next=${encodeURIComponent(safe)}` : LOGIN_PATH
}
