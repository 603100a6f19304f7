import { env } from '@/config/env'

// Cookie consent (docs/product.md §2 and §9): cookies `ncc_c` (the choice) and `ncc_e` (when it
// expires, in ms since the epoch), 365 days, path `/`. Analytics and the tag manager load only
// after consent. This file is read on every page, so it uses no library.

export const CONSENT_COOKIE = 'ncc_c'
export const CONSENT_EXPIRY_COOKIE = 'ncc_e'
/** docs/product.md §9: 31,536,000,000 ms. */
export const CONSENT_TTL_MS = 31_536_000_000

/** 'all': analytics and the tag manager allowed; 'necessary': only what the site needs to work. */
export type ConsentChoice = 'all' | 'necessary'

export function readCookie(name: string, source = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return null
}

/** The visitor's valid choice, or null when the banner should be shown. */
export function storedConsent(source?: string, now = Date.now()): ConsentChoice | null {
  if (typeof document === 'undefined' && source === undefined) return null
  const choice = readCookie(CONSENT_COOKIE, source)
  const expires = Number(readCookie(CONSENT_EXPIRY_COOKIE, source))
  if ((choice !== 'all' && choice !== 'necessary') || !Number.isFinite(expires) || expires <= now)
    return null
  return choice
}

/** Keeps the visitor's choice for 365 days (docs/product.md §9). */
export function saveConsent(choice: ConsentChoice, now = Date.now()) {
  const expires = new Date(now + CONSENT_TTL_MS).toUTCString()
  const secure = window.location.protocol === 'https:' ? '; secure' : ''
  const attributes = `; expires=${expires}; path=/; samesite=lax${secure}`
  document.cookie = `${CONSENT_COOKIE}=${choice}${attributes}`
  document.cookie = `${CONSENT_EXPIRY_COOKIE}=${now + CONSENT_TTL_MS}${attributes}`
}

/**
 * What a choice in the banner does: keep it, load the tag manager when analytics are allowed, and
 * reload when analytics that already run are refused (they cannot be unloaded in place).
 */
export function applyConsentChoice(choice: ConsentChoice) {
  const before = storedConsent()
  saveConsent(choice)
  if (choice === 'all') loadTagManager(env.gtmId)
  else if (before === 'all' && document.getElementById('gtm-script')) window.location.reload()
}

/**
 * Run by every prerendered page in its <head>, before anything is painted: marks <html> with
 * `data-js` (scripts run) and, when the visitor has no valid choice yet, `data-consent="pt|en"`,
 * which shows the banner the page holds in that language from the first paint (nothing moves
 * later). The same rules as storedConsent() and consentLocale(); tests/unit/consent-boot.test.ts
 * runs both side by side.
 */
export const consentBootScript =
  "(function(d,n){var h=d.documentElement,c={},e,l;h.setAttribute('data-js','');" +
  "d.cookie.split(';').forEach(function(p){var i=p.indexOf('='),k=(i<0?p:p.slice(0,i)).trim();" +
  "if(!(k in c))try{c[k]=decodeURIComponent(i<0?'':p.slice(i+1))}catch(x){c[k]=''}});" +
  `e=Number(c.${CONSENT_EXPIRY_COOKIE});if((c.${CONSENT_COOKIE}==='all'||c.${CONSENT_COOKIE}==='necessary')&&isFinite(e)&&e>Date.now())return;` +
  "l=(n.languages||[n.language]).filter(Boolean)[0]||'';" +
  "h.setAttribute('data-consent',/^pt/i.test(l)?'pt':'en')})(document,navigator)"

/** docs/product.md §5: a tag-manager id is GTM- followed by uppercase letters or digits. */
export const isValidGtmId = (id: string | undefined | null): id is string =>
  typeof id === 'string' && /^GTM-[A-Z0-9]+$/.test(id)

/** Loads Google Tag Manager once (only ever called after consent to analytics). */
export function loadTagManager(id: string | undefined): boolean {
  if (!isValidGtmId(id)) {
    if (id) console.warn(`[consent] ignoring invalid tag-manager id "${id}" (expected GTM-XXXX)`)
    return false
  }
  if (document.getElementById('gtm-script')) return true
  const w = window as unknown as { dataLayer?: unknown[] }
  w.dataLayer = w.dataLayer ?? []
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.id = 'gtm-script'
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`
  document.head.appendChild(script)
  return true
}

/** The banner's language: Portuguese when the browser prefers it, English otherwise (docs/product.md §2). */
export function consentLocale(
  languages: readonly string[] = navigator.languages ?? [navigator.language],
): 'pt' | 'en' {
  const first = languages.find(Boolean)
  return first?.toLowerCase().startsWith('pt') ? 'pt' : 'en'
}

// Lets any page reopen the banner (the footer's "Preferências de cookies").
const reopenListeners = new Set<() => void>()
export function onConsentReopen(listener: () => void) {
  reopenListeners.add(listener)
  return () => void reopenListeners.delete(listener)
}
export function reopenConsent() {
  reopenListeners.forEach((listener) => listener())
}
