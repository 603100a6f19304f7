import { safeNext } from '@/guards/safe-next'
import { trackIds } from '@/schemas/track-ids'
import { loginModes, type LoginSearch } from '@/screens/auth/login-search'

// The login page's search params, each bad value dropped (a bad URL falls back, never fails). The
// router validates with it (./login.tsx), and so does a signed-out full load of the page, which
// shows the form before the router and the validation library load (src/entries/app/login-page.tsx):
// plain code, importing no schema library.

/** The router reads `?x=123` as a number: taken as the text it was. */
const text = (value: unknown) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined

const oneOf = <T extends string>(list: readonly T[], value: unknown): T | undefined =>
  (list as readonly unknown[]).includes(value) ? (value as T) : undefined

/** A referral code as the public site makes them. */
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,64}$/

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const indicatedBy = text(search.indicatedBy)?.trim()
  const parsed: LoginSearch = {
    mode: oneOf(loginModes, search.mode),
    next: safeNext(text(search.next)) ?? undefined,
    track: oneOf(trackIds, search.track),
    indicatedBy: indicatedBy && REFERRAL_CODE.test(indicatedBy) ? indicatedBy : undefined,
  }
  // Only the values there are (the address the router writes back names no empty ones).
  for (const key of Object.keys(parsed) as (keyof LoginSearch)[])
    if (parsed[key] === undefined) delete parsed[key]
  return parsed
}
