import { describe, expect, it } from 'vitest'
import { loginHref, safeNext } from '@/guards/safe-next'

describe('safeNext', () => {
  it.each([
    ['/app/invoices', '/app/invoices'],
    ['/app/invoices?status=pending&page=2', '/app/invoices?status=pending&page=2'],
    [
      '/app/bank-statements/accounts/acc-1/transactions#t9',
      '/app/bank-statements/accounts/acc-1/transactions#t9',
    ],
    ['/app/panel', '/app/panel'],
    ['/', '/'],
    ['/blog/posts/abrir-mei', '/blog/posts/abrir-mei'],
    ['  /app/documents  ', '/app/documents'],
    // Dot segments are resolved, and can never climb out of the site.
    ['/app/../../../etc/passwd', '/etc/passwd'],
    ['/app/user/my-profile?q=%2F%2Fevil.com', '/app/user/my-profile?q=%2F%2Fevil.com'],
  ])('keeps the internal path %s', (raw, expected) => {
    expect(safeNext(raw)).toBe(expected)
  })

  it.each([
    '//evil.com',
    '//evil.com/app/panel',
    '///evil.com',
    'https://evil.com',
    'http://evil.com/app/panel',
    'HTTPS://evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    '/\\/evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '%2F%2Fevil.com',
    '/%2Fevil.com',
    '/%2F%2Fevil.com',
    '%252F%252Fevil.com',
    '/%252F%252Fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '%2F%5Cevil.com',
    'https:%2F%2Fevil.com',
    'https%3A%2F%2Fevil.com',
    'javascript%3Aalert(1)',
    '/\t/evil.com',
    '/\n/evil.com',
    '/%09/evil.com',
    '/%0a/evil.com',
    '/%00/evil.com',
    'evil.com',
    'app/panel',
    '?next=/app',
    '#/app',
    '',
    '   ',
    '/%E0%A4%A', // malformed encoding
    '/app/login',
    '/app/login?next=/app/panel',
    '/app/login/',
  ])('drops %j', (raw) => {
    expect(safeNext(raw)).toBeNull()
  })

  it.each([undefined, null, 42, {}, ['/app/panel'], true])('drops the non-string %j', (raw) => {
    expect(safeNext(raw)).toBeNull()
  })

  it('drops values built to outlast decoding', () => {
    let value = '//evil.com'
    for (let i = 0; i < 8; i++) value = encodeURIComponent(value)
    expect(safeNext(value)).toBeNull()
  })

  it('drops very long values', () => {
    expect(safeNext(`/${'a'.repeat(3000)}`)).toBeNull()
  })
})

describe('loginHref', () => {
  it('remembers a safe path', () => {
    expect(loginHref('/app/invoices?status=pending')).toBe(
      '/app/login?next=%2Fapp%2Finvoices%3Fstatus%3Dpending',
    )
  })

  it('forgets an unsafe one', () => {
    expect(loginHref('//evil.com')).toBe('/app/login')
    expect(loginHref(undefined)).toBe('/app/login')
    expect(loginHref('/app/login')).toBe('/app/login')
  })
})
