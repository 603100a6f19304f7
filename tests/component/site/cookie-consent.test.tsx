import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsentGate } from '@/screens/site/consent/ConsentGate'
import {
  CONSENT_TTL_MS,
  consentLocale,
  isValidGtmId,
  loadTagManager,
  reopenConsent,
  storedConsent,
} from '@/services/site/consent/consent'

// Cookie consent (SPEC sections 2 and 9): pt and en, English by default, cookies ncc_c and ncc_e
// for 365 days on path /; the tag manager only after consent, and only with a valid id.

const languages = (list: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(list)

const expire = (name: string) => {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}

afterEach(() => {
  vi.restoreAllMocks()
  expire('ncc_c')
  expire('ncc_e')
  document.getElementById('gtm-script')?.remove()
})

describe('cookie banner', () => {
  it('is in English by default', async () => {
    languages(['en-US', 'fr'])
    render(<ConsentGate />)
    const banner = await screen.findByRole('region', { name: 'Cookie consent' })
    expect(banner).toHaveAttribute('lang', 'en')
    expect(screen.getByRole('button', { name: 'Accept all' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Necessary only' })).toBeInTheDocument()
  })

  it('is in Portuguese when the browser prefers Portuguese', async () => {
    languages(['pt-BR', 'en'])
    render(<ConsentGate />)
    const banner = await screen.findByRole('region', { name: 'Consentimento de cookies' })
    expect(banner).toHaveAttribute('lang', 'pt-BR')
    expect(screen.getByRole('button', { name: 'Aceitar todos' })).toBeInTheDocument()
    expect(consentLocale(['en-GB', 'pt-BR'])).toBe('en')
    expect(consentLocale(['pt-PT'])).toBe('pt')
    expect(consentLocale([])).toBe('en')
  })

  it('keeps the choice in ncc_c and ncc_e for 365 days on path /', async () => {
    languages(['pt-BR'])
    const written: string[] = []
    const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, value) {
      written.push(value)
      setter.call(this, value)
    })
    const user = userEvent.setup()
    const before = Date.now()
    render(<ConsentGate />)
    await user.click(await screen.findByRole('button', { name: 'Aceitar todos' }))
    expect(
      screen.queryByRole('region', { name: 'Consentimento de cookies' }),
    ).not.toBeInTheDocument()
    const choice = written.find((cookie) => cookie.startsWith('ncc_c='))!
    expect(choice).toMatch(/^ncc_c=all; expires=[^;]+; path=\/; samesite=lax$/)
    const expires = Date.parse(/expires=([^;]+)/.exec(choice)![1]!)
    expect(Math.abs(expires - (before + 365 * 86_400_000))).toBeLessThan(60_000)
    const expiryCookie = written.find((cookie) => cookie.startsWith('ncc_e='))!
    expect(expiryCookie).toMatch(/; path=\/; samesite=lax$/)
    const expiry = Number(/^ncc_e=(\d+)/.exec(expiryCookie)![1])
    expect(expiry).toBeGreaterThanOrEqual(before + CONSENT_TTL_MS)
    expect(CONSENT_TTL_MS).toBe(31_536_000_000)
    expect(storedConsent()).toBe('all')
    // A valid choice: no banner next time.
    render(<ConsentGate />)
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('reopens from the footer and takes "necessary only"', async () => {
    languages(['pt-BR'])
    const user = userEvent.setup()
    render(<ConsentGate />)
    await user.click(await screen.findByRole('button', { name: 'Só os necessários' }))
    expect(storedConsent()).toBe('necessary')
    act(() => reopenConsent())
    expect(
      await screen.findByRole('region', { name: 'Consentimento de cookies' }),
    ).toBeInTheDocument()
  })

  it('treats an expired choice as no choice', () => {
    const past = `ncc_c=all; ncc_e=${Date.now() - 1000}`
    expect(storedConsent(past)).toBeNull()
    expect(storedConsent(`ncc_c=necessary; ncc_e=${Date.now() + 60_000}`)).toBe('necessary')
    expect(storedConsent('ncc_c=talvez; ncc_e=9999999999999')).toBeNull()
  })
})

describe('tag manager', () => {
  it('accepts GTM- followed by uppercase letters or digits only', () => {
    expect(isValidGtmId('GTM-ABC123')).toBe(true)
    for (const id of ['GTM-abc123', 'GTM-', 'gtm-ABC', 'UA-12345', 'GTM-AB C', undefined, null])
      expect(isValidGtmId(id), String(id)).toBe(false)
  })

  it('loads the container once, and never with an invalid id', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(loadTagManager('GTM-lower')).toBe(false)
    expect(document.getElementById('gtm-script')).toBeNull()
    expect(loadTagManager('GTM-K9X2QZ')).toBe(true)
    expect(loadTagManager('GTM-K9X2QZ')).toBe(true)
    const scripts = document.querySelectorAll('#gtm-script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toHaveAttribute(
      'src',
      'https://www.googletagmanager.com/gtm.js?id=GTM-K9X2QZ',
    )
  })
})
