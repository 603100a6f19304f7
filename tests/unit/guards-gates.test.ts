import { describe, expect, it } from 'vitest'
import type { SessionView } from '@/machines/session'
import type { CompanyStatus, TrackId } from '@/schemas/company'
import { emptyTrack, type Track } from '@/schemas/track'
import { companyFixture, doneTrack, userFixture } from './fixtures'
import { UnknownGateError, getGate, gateRegistry, runGates, type GateInput } from '@/guards/gates'
import { landingCases, type Visitor } from './landing-cases'

const company = (status: CompanyStatus, trackId: TrackId = 'create-company') =>
  companyFixture({ alias: 'Ana Design', cnpj: '45218739000102', status, trackId })
const openTrack = (trackId: TrackId): Track => ({ ...emptyTrack(trackId), status: 'in_progress' })

const signedOut: SessionView = {
  status: 'signedOut',
  user: null,
  claims: null,
  isSystemAdmin: false,
  companyId: null,
  company: null,
  track: null,
  error: null,
  refreshing: false,
}
const client = (over: Partial<SessionView> = {}): SessionView => ({
  ...signedOut,
  status: 'ready',
  user: userFixture('uid-ana', 'ana@contabil.dev'),
  claims: { roles: ['company-admin'], companies: ['cmp-1'], companyId: 'cmp-1' },
  companyId: 'cmp-1',
  company: company('active'),
  track: doneTrack(),
  ...over,
})
const admin = client({
  claims: { roles: ['system-admin'] },
  isSystemAdmin: true,
  companyId: null,
  company: null,
  track: null,
})

const at = (view: SessionView, href: string): GateInput => ({
  view,
  location: { pathname: href.split(/[?#]/)[0]!, href },
})

describe('gate registry', () => {
  it('knows auth, company-requirements, system-admin and wizard', () => {
    expect(Object.keys(gateRegistry).sort()).toEqual([
      'auth',
      'company-requirements',
      'system-admin',
      'wizard',
    ])
  })

  it('throws on an unknown gate name', () => {
    expect(() => getGate('admin')).toThrow(UnknownGateError)
    expect(() => getGate('toString')).toThrow('Unknown route gate: toString')
    expect(() => runGates(['auth', 'nope'], at(client(), '/app/panel'))).toThrow(UnknownGateError)
  })
})

describe('auth gate', () => {
  it('sends a signed-out visitor to the login page with the path in next', () => {
    expect(runGates(['auth'], at(signedOut, '/app/invoices?status=pending'))).toEqual({
      kind: 'redirect',
      to: '/app/login?next=%2Fapp%2Finvoices%3Fstatus%3Dpending',
    })
  })

  it('lets the login page through when signed out', () => {
    expect(runGates(['auth'], at(signedOut, '/app/login?next=/app/panel')).kind).toBe('pass')
  })

  it('lets a signed-in user through', () => {
    expect(runGates(['auth'], at(client(), '/app/user/my-billing')).kind).toBe('pass')
  })
})

describe('company-requirements gate', () => {
  const run = (view: SessionView) =>
    runGates(['auth', 'company-requirements'], at(view, '/app/panel'))

  it('lets a system admin through without a company', () => {
    expect(run(admin)).toEqual({ kind: 'pass', banners: [] })
  })

  it('sends a user without a company to the opening wizard', () => {
    expect(run(client({ companyId: null, company: null, track: null }))).toEqual({
      kind: 'redirect',
      to: '/app/wizard/company-opening',
    })
  })

  it('sends a disabled company to /app/user/disabled, before looking at its track', () => {
    expect(
      run(client({ company: company('disabled'), track: openTrack('create-company') })),
    ).toEqual({ kind: 'redirect', to: '/app/user/disabled' })
  })

  it('sends an unfinished opening track to the opening wizard', () => {
    expect(
      run(client({ company: company('pending'), track: openTrack('create-company') })),
    ).toEqual({ kind: 'redirect', to: '/app/wizard/company-opening' })
  })

  it('sends an unfinished migration track to the migration wizard', () => {
    expect(
      run(
        client({
          company: company('pending', 'migrate-company'),
          track: openTrack('migrate-company'),
        }),
      ),
    ).toEqual({ kind: 'redirect', to: '/app/wizard/company-migration' })
  })

  it('lets an overdue company through with a banner', () => {
    expect(run(client({ company: company('overdue') }))).toEqual({
      kind: 'pass',
      banners: [{ kind: 'overdue', companyName: 'Ana Design' }],
    })
  })

  it('lets an active company with its track done through', () => {
    expect(run(client())).toEqual({ kind: 'pass', banners: [] })
  })

  it('reports a company that could not be loaded instead of guessing', () => {
    expect(
      run(client({ status: 'companyError', company: null, track: null, error: 'Sem conexão' })),
    ).toEqual({ kind: 'error', message: 'Sem conexão' })
  })

  it('sends a signed-out visitor to login first', () => {
    expect(runGates(['company-requirements'], at(signedOut, '/app/panel'))).toEqual({
      kind: 'redirect',
      to: '/app/login?next=%2Fapp%2Fpanel',
    })
  })
})

describe('system-admin gate', () => {
  it('lets a system admin through', () => {
    expect(runGates(['auth', 'system-admin'], at(admin, '/app/admin/users')).kind).toBe('pass')
  })

  it('forbids everyone else (403 screen)', () => {
    expect(runGates(['auth', 'system-admin'], at(client(), '/app/admin/users'))).toEqual({
      kind: 'forbidden',
    })
  })

  it('sends a signed-out visitor to login', () => {
    expect(runGates(['system-admin'], at(signedOut, '/app/admin/users')).kind).toBe('redirect')
  })
})

describe('wizard gate (/app/wizard/company-opening and company-migration)', () => {
  const OPENING = '/app/wizard/company-opening'
  const MIGRATION = '/app/wizard/company-migration'
  const wizard = getGate('wizard')

  it('sends a signed-out visitor to login', () => {
    expect(wizard(at(signedOut, OPENING))).toEqual({
      kind: 'redirect',
      to: '/app/login?next=%2Fapp%2Fwizard%2Fcompany-opening',
    })
  })

  it('sends a disabled company to /app/user/disabled (davi)', () => {
    const view = client({ company: company('disabled'), track: openTrack('create-company') })
    expect(wizard(at(view, OPENING))).toEqual({ kind: 'redirect', to: '/app/user/disabled' })
    expect(wizard(at(view, MIGRATION))).toEqual({ kind: 'redirect', to: '/app/user/disabled' })
  })

  it('sends a company whose track is done to the panel', () => {
    expect(wizard(at(client(), OPENING))).toEqual({ kind: 'redirect', to: '/app/panel' })
    expect(wizard(at(client(), MIGRATION))).toEqual({ kind: 'redirect', to: '/app/panel' })
  })

  it("sends a company to its own track's wizard", () => {
    const migrating = client({
      company: company('pending', 'migrate-company'),
      track: openTrack('migrate-company'),
    })
    expect(wizard(at(migrating, OPENING))).toEqual({ kind: 'redirect', to: MIGRATION })
    expect(wizard(at(migrating, MIGRATION))).toEqual({ kind: 'pass', banners: [] })
    const opening = client({ company: company('pending'), track: openTrack('create-company') })
    expect(wizard(at(opening, MIGRATION))).toEqual({ kind: 'redirect', to: OPENING })
    expect(wizard(at(opening, `${OPENING}/`))).toEqual({ kind: 'pass', banners: [] })
  })

  it('sends a system admin to the back office', () => {
    expect(wizard(at(admin, OPENING))).toEqual({ kind: 'redirect', to: '/app/admin/companies' })
  })

  it('starts someone without a company at the opening wizard', () => {
    const newcomer = client({ company: null, track: null, companyId: null })
    expect(wizard(at(newcomer, OPENING))).toEqual({ kind: 'pass', banners: [] })
    expect(wizard(at(newcomer, MIGRATION))).toEqual({ kind: 'redirect', to: OPENING })
  })

  it('reports a company that could not be loaded', () => {
    const failed = client({ status: 'companyError', company: null, error: 'Falhou.' })
    expect(wizard(at(failed, OPENING))).toEqual({ kind: 'error', message: 'Falhou.' })
  })
})

describe('the landing table the painted page shares (tests/unit/landing-cases.ts)', () => {
  const views: Record<Visitor, SessionView> = {
    'signed-out': signedOut,
    client: client(),
    'client-opening': client({ company: company('pending'), track: openTrack('create-company') }),
    'client-disabled': client({ company: company('disabled') }),
  }
  it.each(landingCases.map((c) => [c.address, c.visitor, c] as const))(
    '%s (%s): the gates decide as the painted page expects',
    (_address, _visitor, landing) => {
      const result = runGates(landing.gates, at(views[landing.visitor], landing.address))
      if (landing.then === 'pass') expect(result.kind).toBe('pass')
      else expect(result).toEqual({ kind: 'redirect', to: landing.then.redirect })
    },
  )
})
