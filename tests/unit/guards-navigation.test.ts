import { describe, expect, it, vi } from 'vitest'
import {
  ExternalNavigationError,
  UnsafeNavigationError,
  navigateTo,
  resolveNavigation,
} from '@/guards/navigation'

const origin = 'https://app.contabil.com.br'

describe('resolveNavigation', () => {
  it('turns internal addresses into paths', () => {
    expect(resolveNavigation('/app/panel', { origin })).toEqual({
      kind: 'internal',
      href: '/app/panel',
    })
    expect(resolveNavigation(`${origin}/app/invoices?x=1#y`, { origin })).toEqual({
      kind: 'internal',
      href: '/app/invoices?x=1#y',
    })
  })

  it.each(['https://evil.com', '//evil.com', 'http://app.contabil.com.br.evil.com/'])(
    'refuses the external %s without permission',
    (url) => {
      expect(() => resolveNavigation(url, { origin })).toThrow(ExternalNavigationError)
    },
  )

  it('allows an external address when told to', () => {
    expect(
      resolveNavigation('https://cora.com.br/oauth?x=1', { origin, allowExternal: true }),
    ).toEqual({ kind: 'external', url: 'https://cora.com.br/oauth?x=1' })
  })

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'vbscript:x', 'file:///etc/passwd'])(
    'always refuses %s, even when external addresses are allowed',
    (url) => {
      expect(() => resolveNavigation(url, { origin, allowExternal: true })).toThrow(
        UnsafeNavigationError,
      )
    },
  )
})

describe('navigateTo', () => {
  it('navigates in the app for internal addresses', () => {
    const navigator = { navigate: vi.fn(), assign: vi.fn() }
    navigateTo(navigator, '/app/documents', { origin, replace: true })
    expect(navigator.navigate).toHaveBeenCalledWith('/app/documents', { replace: true })
    expect(navigator.assign).not.toHaveBeenCalled()
  })

  it('leaves the app only when allowed', () => {
    const navigator = { navigate: vi.fn(), assign: vi.fn() }
    expect(() => navigateTo(navigator, 'https://pagamento.example/checkout', { origin })).toThrow(
      ExternalNavigationError,
    )
    expect(navigator.assign).not.toHaveBeenCalled()
    navigateTo(navigator, 'https://pagamento.example/checkout', { origin, allowExternal: true })
    expect(navigator.assign).toHaveBeenCalledWith('https://pagamento.example/checkout')
  })
})
