import { describe, expect, it } from 'vitest'
import {
  consentBootScript,
  consentLocale,
  storedConsent,
} from '../../src/services/site/consent/consent'

// The few lines every prerendered page runs in its <head> (consentBootScript) decide, before the
// first paint, whether the cookie banner shows and in which language. They must agree with
// storedConsent() and consentLocale(), which the rest of the site uses: both run side by side.

function boot(cookie: string, languages: string[] | undefined, language = languages?.[0] ?? '') {
  const attributes = new Map<string, string>()
  const document = {
    cookie,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  }
  const navigator = { languages, language }
  new Function('document', 'navigator', consentBootScript)(document, navigator)
  return attributes
}

const now = Date.now()
const cookies = [
  '',
  `ncc_c=all; ncc_e=${now + 60_000}`,
  `ncc_c=necessary; ncc_e=${now + 60_000}`,
  `ncc_c=all; ncc_e=${now - 1000}`,
  `ncc_c=talvez; ncc_e=${now + 60_000}`,
  'ncc_c=all',
  `other=1; ncc_e=${now + 60_000}; ncc_c=necessary`,
  `ncc_c=all; ncc_e=abc`,
  `ncc_c=necessary; ncc_e=${now + 60_000}; ncc_c=all`,
]
const languageLists = [['pt-BR', 'en'], ['en-US', 'pt-BR'], ['PT'], ['fr', 'pt'], [], ['', 'pt-PT']]

describe('the prerendered pages’ consent boot script', () => {
  it('marks that scripts run', () => {
    expect(boot('', ['pt-BR']).get('data-js')).toBe('')
  })

  for (const cookie of cookies)
    for (const languages of languageLists)
      it(`agrees with storedConsent and consentLocale: "${cookie}" ${JSON.stringify(languages)}`, () => {
        const shown = boot(cookie, languages).get('data-consent') ?? null
        const expected =
          storedConsent(cookie, Date.now()) === null ? consentLocale(languages) : null
        expect(shown).toBe(expected)
      })
})
