// Route gates (docs/product.md §6 "Roles and gates"): pure decisions over the session
// and the location. Routes name the gates they need; `runGates` applies them in order. The paths
// they send to, and the login page they let through, are src/lib/landing.ts's, which app.html's
// painted page reads to paint where a full load will land (tests/unit/landing-cases.ts).
import type { SessionView } from '@/machines/session'
import { isTrackDone, wizardPathOf } from '@/schemas/track'
import { DISABLED_PAGE, isLoginPath } from '@/lib/landing'
import { loginHref } from './safe-next'

export type GateInput = {
  view: SessionView
  location: {
    pathname: string
    /** Path, query and hash, as the user sees them. */
    href: string
  }
}

/** A notice the layout shows on every page the gate let through. */
export type GateBanner = { kind: 'overdue'; companyName: string }

export type GateResult =
  | { kind: 'pass'; banners: GateBanner[] }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'error'; message: string }

export type Gate = (input: GateInput) => GateResult

const pass = (banners: GateBanner[] = []): GateResult => ({ kind: 'pass', banners })
const redirectTo = (to: string): GateResult => ({ kind: 'redirect', to })

export const OPENING_WIZARD = wizardPathOf('create-company')
export { DISABLED_PAGE }
const PANEL = '/app/panel'
const BACK_OFFICE = '/app/admin/companies'

/** Signed out → `/app/login?next=<path>`, unless already on the login page. */
const auth: Gate = ({ view, location }) => {
  if (view.user) return pass()
  if (isLoginPath(location.pathname)) return pass()
  return redirectTo(loginHref(location.href))
}

/**
 * In order: system-admin passes; no company → the opening wizard; disabled → the disabled page;
 * track not done → its track's wizard; overdue passes with a banner linking to billing.
 */
const companyRequirements: Gate = ({ view, location }) => {
  if (!view.user) return auth({ view, location })
  if (view.isSystemAdmin) return pass()
  if (view.status === 'companyError')
    return { kind: 'error', message: view.error ?? 'Não foi possível carregar sua empresa.' }
  const { company, track } = view
  if (!company) return redirectTo(OPENING_WIZARD)
  if (company.status === 'disabled') return redirectTo(DISABLED_PAGE)
  if (!isTrackDone(track)) return redirectTo(wizardPathOf(track?.trackId ?? company.trackId))
  if (company.status === 'overdue')
    return pass([{ kind: 'overdue', companyName: company.alias ?? company.name }])
  return pass()
}

/**
 * The company wizards: only for a company whose track is still open, and only its own track's
 * wizard. A system admin goes to the back office; a disabled company to the disabled page; a
 * finished track to the panel; the other track's wizard to its own. Without a company, the
 * opening wizard is where one starts.
 */
const wizard: Gate = ({ view, location }) => {
  if (!view.user) return auth({ view, location })
  if (view.isSystemAdmin) return redirectTo(BACK_OFFICE)
  if (view.status === 'companyError')
    return { kind: 'error', message: view.error ?? 'Não foi possível carregar sua empresa.' }
  const here = location.pathname.replace(/\/+$/, '')
  const { company, track } = view
  if (!company) return here === OPENING_WIZARD ? pass() : redirectTo(OPENING_WIZARD)
  if (company.status === 'disabled') return redirectTo(DISABLED_PAGE)
  if (isTrackDone(track)) return redirectTo(PANEL)
  const own = wizardPathOf(track?.trackId ?? company.trackId)
  return here === own ? pass() : redirectTo(own)
}

/**
 * Deliberate change (docs/product.md §6): `/app/admin/*` needs the system-admin role; others get
 * 403.
 */
const systemAdmin: Gate = ({ view, location }) => {
  if (!view.user) return auth({ view, location })
  return view.isSystemAdmin ? pass() : { kind: 'forbidden' }
}

export const gateRegistry = {
  auth,
  'company-requirements': companyRequirements,
  'system-admin': systemAdmin,
  wizard,
} as const satisfies Record<string, Gate>

export type GateName = keyof typeof gateRegistry

export class UnknownGateError extends Error {
  constructor(name: string) {
    super(`Unknown route gate: ${name}`)
    this.name = 'UnknownGateError'
  }
}

/** docs/product.md §8: an unknown route-check name raises an error. */
export function getGate(name: string): Gate {
  if (!Object.hasOwn(gateRegistry, name)) throw new UnknownGateError(name)
  return gateRegistry[name as GateName]
}

/** Runs the named gates in order; the first that does not pass decides. Banners add up. */
export function runGates(names: readonly string[], input: GateInput): GateResult {
  const gates = names.map(getGate)
  const banners: GateBanner[] = []
  for (const gate of gates) {
    const result = gate(input)
    if (result.kind !== 'pass') return result
    banners.push(...result.banners)
  }
  return pass(banners)
}
