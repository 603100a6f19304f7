import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import {
  applyConsentChoice,
  consentLocale,
  loadTagManager,
  onConsentReopen,
  storedConsent,
} from '@/services/site/consent/consent'
import { env } from '@/config/env'
import { ConsentBanner } from './ConsentBanner'

/** Where the banner goes: the top of the page, before the app (index.html holds the slot). */
export const CONSENT_SLOT_ID = 'consent-slot'

/**
 * In the client-rendered app: with consent to analytics, loads the tag manager; with no valid
 * choice, shows the banner from the first render (so nothing on the page moves when it appears),
 * at the top of the page. Prerendered public pages hold their own banner (src/entries/site/entry-static.ts).
 */
export function ConsentGate() {
  const [open, setOpen] = useState(() => storedConsent() === null)
  const reopened = useRef(false)
  const bannerRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (storedConsent() === 'all') loadTagManager(env.gtmId)
    return onConsentReopen(() => {
      reopened.current = true
      setOpen(true)
    })
  }, [])
  useEffect(() => {
    // Opened from the footer: the focus brings it into view.
    if (!open || !reopened.current) return
    bannerRef.current?.focus()
  }, [open])
  if (!open) return null
  const banner = (
    <ConsentBanner
      ref={bannerRef}
      locale={consentLocale()}
      where={/^\/app(\/|$)/.test(window.location.pathname) ? 'app' : 'site'}
      onChoose={(choice) => {
        applyConsentChoice(choice)
        setOpen(false)
      }}
    />
  )
  const slot = document.getElementById(CONSENT_SLOT_ID)
  return slot ? createPortal(banner, slot) : banner
}
