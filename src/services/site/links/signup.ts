import type { TrackId } from '@/schemas/company'

// What carries from the public site into sign-up (docs/product.md §10 "Invites and referrals"): the
// path the visitor came by (opening a company or switching accountant) becomes the sign-up's
// `track`, and a referral link's code becomes `indicatedBy`. Sign-up lives at
// /app/login?mode=signup&track=…&indicatedBy=…. Kept in the browser: the track for the tab
// (sessionStorage), the referral for 30 days (localStorage), because people often come back days
// after clicking a friend's link.

const TRACK_KEY = 'contabil:trilha'
const REFERRAL_KEY = 'contabil:indicacao'
export const REFERRAL_TTL_MS = 30 * 24 * 60 * 60 * 1000

const TRACKS: readonly TrackId[] = ['create-company', 'migrate-company']
export const isTrack = (value: unknown): value is TrackId => TRACKS.includes(value as TrackId)

function store(kind: 'local' | 'session'): Storage | null {
  try {
    if (typeof window === 'undefined') return null
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

/** The track a public page stands for (its own sign-up buttons use it before it is remembered). */
export function trackOfPath(pathname: string): TrackId | null {
  if (pathname.startsWith('/abrir-empresa')) return 'create-company'
  if (pathname.startsWith('/trocar-contador')) return 'migrate-company'
  return null
}

/** The visitor went through /abrir-empresa or /trocar-contador. */
export function rememberTrack(track: TrackId) {
  store('session')?.setItem(TRACK_KEY, track)
}

export function rememberedTrack(): TrackId | null {
  const value = store('session')?.getItem(TRACK_KEY)
  return isTrack(value) ? value : null
}

/** `?indicacao=CODE` (or `?ref=`) on any public page counts like opening /links/CODE. */
export function referralParam(search: string): string | null {
  const params = new URLSearchParams(search)
  const alias = params.get('indicacao') ?? params.get('ref')
  return alias && /^[A-Za-z0-9][A-Za-z0-9_-]{1,63}$/.test(alias) ? alias : null
}

export function rememberReferral(code: string, now = Date.now()) {
  store('local')?.setItem(REFERRAL_KEY, JSON.stringify({ code, at: now }))
}

export function rememberedReferral(now = Date.now()): string | null {
  const raw = store('local')?.getItem(REFERRAL_KEY)
  if (!raw) return null
  try {
    const { code, at } = JSON.parse(raw) as { code?: unknown; at?: unknown }
    if (typeof code !== 'string' || typeof at !== 'number' || now - at > REFERRAL_TTL_MS) {
      store('local')?.removeItem(REFERRAL_KEY)
      return null
    }
    return code
  } catch {
    return null
  }
}

/** The sign-up address for a track (the remembered one, else opening a company). */
export function signUpHref(track?: TrackId | null): string {
  const params = new URLSearchParams({
    mode: 'signup',
    track: track ?? rememberedTrack() ?? 'create-company',
  })
  const referral = rememberedReferral()
  if (referral) params.set('indicatedBy', referral)
  return `/app/login?${params.toString()}`
}

/**
 * The track a sign-up address carries for the page's own links: '' when it names none (the header's
 * button follows the remembered track), null when the address is not a sign-up link. Prerendered
 * pages mark their sign-up links with it (`data-signup`), so the browser can add what only it
 * knows (the remembered track, a referral) without re-rendering the page.
 */
export function signUpTrackOf(href: string): TrackId | '' | null {
  const match = /^\/app\/login\?(.*)$/.exec(href)
  if (!match) return null
  const params = new URLSearchParams(match[1])
  if (params.get('mode') !== 'signup') return null
  const track = params.get('track')
  return isTrack(track) ? track : ''
}

/** The address and mark of a sign-up link (see signUpTrackOf). */
export const signUpLink = (track?: TrackId | null) => ({
  href: signUpHref(track),
  'data-signup': track ?? '',
})

/** Brings every marked sign-up link of a prerendered page up to date with this visitor. */
export function refreshSignUpLinks(root: ParentNode = document) {
  root.querySelectorAll<HTMLAnchorElement>('a[data-signup]').forEach((link) => {
    const track = link.dataset.signup
    link.setAttribute('href', signUpHref(isTrack(track) ? track : null))
  })
}

/**
 * Content links to sign-up (`/app/login?mode=signup&track=…`, as the content service stores them)
 * get the visitor's referral added; every other address is left as it is.
 */
export function withReferral(href: string): string {
  const match = /^\/app\/login\?(.*)$/.exec(href)
  if (!match) return href
  const params = new URLSearchParams(match[1])
  if (params.get('mode') !== 'signup') return href
  const track = params.get('track')
  return signUpHref(isTrack(track) ? track : null)
}
