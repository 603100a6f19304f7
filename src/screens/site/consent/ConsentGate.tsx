import { lazy, Suspense, useEffect, useState } from 'react'
import { env } from '@/config/env'
import { loadTagManager, onConsentReopen, storedConsent } from '@/services/site/consent/consent'

const ConsentBanner = lazy(() => import('./ConsentBanner'))

/**
 * On every page: with consent to analytics, loads the tag manager; with no valid choice, shows
 * the banner (its code is fetched only then).
 */
export function ConsentGate() {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const choice = storedConsent()
    if (choice === 'all') loadTagManager(env.gtmId)
    else if (choice === null) setOpen(true)
    return onConsentReopen(() => setOpen(true))
  }, [])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <ConsentBanner onClose={() => setOpen(false)} />
    </Suspense>
  )
}
