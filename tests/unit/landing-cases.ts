import type { GateName } from '@/guards/gates'
import type { FirstPaintName } from '@/lib/landing'

// Where a full load lands, as one table that two suites read: tests/unit/landing.test.ts checks
// the page app.html paints first (src/lib/landing.ts, compiled into the painted page's script),
// tests/unit/guards-gates.test.ts what the router's gates then decide for the same address and
// visitor. A signed-out visit the gates send on lands on a page that paints the same.

/** Who visits: nobody signed in; a client whose company is active with its track done; one whose
 * company's opening is still going on; one whose company is disabled. */
export type Visitor = 'signed-out' | 'client' | 'client-opening' | 'client-disabled'

export type LandingCase = {
  address: string
  visitor: Visitor
  /** The page painted before the app runs. */
  paints: FirstPaintName
  /** The gates of the address's layout (src/routes/app/*\/route.tsx). */
  gates: GateName[]
  /** What they decide: pass, or where they send the visit. */
  then: 'pass' | { redirect: string }
}

export const landingCases: LandingCase[] = [
  // Signed out: the login page, with its mode; any other page sends to it with `next`.
  { address: '/app/login', visitor: 'signed-out', paints: 'login', gates: ['auth'], then: 'pass' },
  {
    address: '/app/login?mode=signup',
    visitor: 'signed-out',
    paints: 'signup',
    gates: ['auth'],
    then: 'pass',
  },
  {
    address: '/app/login?mode=reset',
    visitor: 'signed-out',
    paints: 'auth',
    gates: ['auth'],
    then: 'pass',
  },
  {
    address: '/app/login?next=%2Fapp%2Finvoices',
    visitor: 'signed-out',
    paints: 'login-next',
    gates: ['auth'],
    then: 'pass',
  },
  // A `next` the page would not follow (src/lib/safe-next.ts) is dropped: the plain form, as
  // the page renders it once live (no "continue where you left").
  ...['//evil.com/app/panel', 'https://evil.com', '/app/login', '%2F%2Fevil.com'].map(
    (next): LandingCase => ({
      address: `/app/login?next=${encodeURIComponent(next)}`,
      visitor: 'signed-out',
      paints: 'login',
      gates: ['auth'],
      then: 'pass',
    }),
  ),
  {
    address: '/app/panel',
    visitor: 'signed-out',
    paints: 'login-next',
    gates: ['auth', 'company-requirements'],
    then: { redirect: '/app/login?next=%2Fapp%2Fpanel' },
  },
  {
    address: '/app/invoices?status=issued',
    visitor: 'signed-out',
    paints: 'login-next',
    gates: ['auth', 'company-requirements'],
    then: { redirect: '/app/login?next=%2Fapp%2Finvoices%3Fstatus%3Dissued' },
  },
  {
    address: '/app/wizard/company-opening',
    visitor: 'signed-out',
    paints: 'login-next',
    gates: ['auth', 'wizard'],
    then: { redirect: '/app/login?next=%2Fapp%2Fwizard%2Fcompany-opening' },
  },
  {
    address: '/app/user/disabled',
    visitor: 'signed-out',
    paints: 'login-next',
    gates: ['auth'],
    then: { redirect: '/app/login?next=%2Fapp%2Fuser%2Fdisabled' },
  },
  // Signed in: the skeleton of the layout the gates let the visit into.
  {
    address: '/app/panel',
    visitor: 'client',
    paints: 'shell',
    gates: ['auth', 'company-requirements'],
    then: 'pass',
  },
  {
    address: '/app/invoices/',
    visitor: 'client',
    paints: 'shell',
    gates: ['auth', 'company-requirements'],
    then: 'pass',
  },
  {
    address: '/app/wizard/company-opening',
    visitor: 'client-opening',
    paints: 'shell-narrow',
    gates: ['auth', 'wizard'],
    then: 'pass',
  },
  {
    address: '/app/panel',
    visitor: 'client-opening',
    paints: 'shell',
    gates: ['auth', 'company-requirements'],
    then: { redirect: '/app/wizard/company-opening' },
  },
  {
    address: '/app/user/disabled',
    visitor: 'client-disabled',
    paints: 'shell-narrow',
    gates: ['auth'],
    then: 'pass',
  },
  {
    address: '/app/panel',
    visitor: 'client-disabled',
    paints: 'shell',
    gates: ['auth', 'company-requirements'],
    then: { redirect: '/app/user/disabled' },
  },
]
