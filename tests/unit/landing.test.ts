import { describe, expect, it } from 'vitest'
import { firstPaintOf, hasNarrowLayout, isLoginPath } from '@/lib/landing'
import { landingCases } from './landing-cases'

// The page app.html paints first (src/lib/landing.ts, compiled into its inline script), for the
// landing table the gates' tests read too (tests/unit/landing-cases.ts).

const split = (address: string) => {
  const url = new URL(address, 'http://localhost')
  return { pathname: url.pathname, search: url.search }
}

describe('the first paint of a full load', () => {
  it.each(landingCases.map((c) => [c.address, c.visitor, c.paints, c] as const))(
    '%s (%s) paints %s',
    (_address, _visitor, _paints, landing) => {
      expect(firstPaintOf(split(landing.address), landing.visitor !== 'signed-out')).toBe(
        landing.paints,
      )
    },
  )

  it('a signed-out visit the gates send to the login page paints what the login page paints', () => {
    // Signed in, the painted page cannot know the company's state (a wizard to finish, a
    // disabled company): it paints the address's own layout, and the gates move on from there.
    const signedOut = landingCases.filter((c) => c.visitor === 'signed-out' && c.then !== 'pass')
    expect(signedOut.length).toBeGreaterThan(0)
    for (const landing of signedOut)
      if (landing.then !== 'pass')
        expect(firstPaintOf(split(landing.then.redirect), false), landing.address).toBe(
          landing.paints,
        )
  })

  it('finishes an e-mail link sign-in on a loading page, signed in or not', () => {
    expect(firstPaintOf(split('/app/login?mode=signIn&oobCode=x'), false)).toBe('auth')
    expect(firstPaintOf(split('/app/login?mode=signIn&oobCode=x'), true)).toBe('auth')
    expect(firstPaintOf(split('/app/login?mode=link'), false)).toBe('auth')
  })

  it('sends a signed-in visit of the login page on (the area’s skeleton)', () => {
    expect(firstPaintOf(split('/app/login'), true)).toBe('shell')
    expect(firstPaintOf(split('/app/login/?mode=signup'), true)).toBe('shell')
  })

  it('paints nothing outside the signed-in area (app.html also serves referral links)', () => {
    expect(firstPaintOf(split('/links/ana'), false)).toBeNull()
    expect(firstPaintOf(split('/application'), true)).toBeNull()
    expect(firstPaintOf(split('/app'), true)).toBe('shell')
  })

  it('knows the narrow layouts and the login page by path, trailing slash or not', () => {
    expect(hasNarrowLayout('/app/wizard/partners/123')).toBe(true)
    expect(hasNarrowLayout('/app/auth/cora/callback')).toBe(true)
    expect(hasNarrowLayout('/app/wizardry')).toBe(false)
    expect(isLoginPath('/app/login/')).toBe(true)
    expect(isLoginPath('/app/logins')).toBe(false)
  })
})
