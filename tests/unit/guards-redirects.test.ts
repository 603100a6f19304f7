import { describe, expect, it } from 'vitest'
import { findRedirect, redirectRules } from '@/schemas/redirects'

describe('redirect table', () => {
  it.each([
    ['/app', '/app/panel'],
    ['/app/', '/app/panel'],
    ['/app/admin', '/app/admin/companies'],
    ['/app/admin/', '/app/admin/companies'],
    ['/app/admin/invoices', '/app/admin/invoices/nf-requests'],
    ['/app/user', '/app/user/my-profile'],
    ['/app/bank-statements', '/app/bank-statements/accounts'],
    ['/app/wizard', '/app/panel'],
    ['/app/partners', '/app/partners/duca'],
    ['/login', '/app/login'],
    ['/entrar', '/app/login'],
    ['/cadastro', '/app/login?mode=signup'],
  ])('%s → %s', (from, to) => {
    expect(findRedirect(from)).toBe(to)
  })

  it('keeps the query string', () => {
    expect(findRedirect('/login', '?next=%2Fapp%2Finvoices')).toBe(
      '/app/login?next=%2Fapp%2Finvoices',
    )
    expect(findRedirect('/cadastro', 'track=create-company&indicatedBy=ANA1234')).toBe(
      '/app/login?mode=signup&track=create-company&indicatedBy=ANA1234',
    )
  })

  it('leaves every other path alone', () => {
    for (const path of ['/', '/app/panel', '/app/login', '/app/admin/companies', '/blog', '/appx'])
      expect(findRedirect(path)).toBeNull()
  })

  it('has one rule per path, each leading to an internal path outside the table', () => {
    const froms = redirectRules.map((rule) => rule.from)
    expect(new Set(froms).size).toBe(froms.length)
    for (const rule of redirectRules) {
      expect(rule.to.startsWith('/')).toBe(true)
      expect(rule.to.startsWith('//')).toBe(false)
      // No chains or loops: a target is never itself redirected.
      expect(findRedirect(rule.to.split('?')[0]!)).toBeNull()
    }
  })
})
