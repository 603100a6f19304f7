import Cookies from 'js-cookie'
import { env } from '@/config/env'
import {
  CONSENT_COOKIE,
  CONSENT_EXPIRY_COOKIE,
  CONSENT_TTL_MS,
  consentLocale,
  loadTagManager,
  storedConsent,
  type ConsentChoice,
} from '@/services/site/consent/consent'
import { Button } from '@/ui/Button'
import styles from './ConsentBanner.module.css'

// SPEC sections 2 and 9: offered in Portuguese and English, English by default; Portuguese when
// the browser prefers it.
const texts = {
  pt: {
    region: 'Consentimento de cookies',
    title: 'Sua privacidade',
    body: 'Usamos cookies necessários para o site funcionar e, com a sua permissão, cookies de análise para entender como o site é usado e melhorá-lo. Você pode mudar a escolha quando quiser em “Preferências de cookies”, no rodapé.',
    all: 'Aceitar todos',
    necessary: 'Só os necessários',
  },
  en: {
    region: 'Cookie consent',
    title: 'Your privacy',
    body: 'We use cookies the site needs to work and, with your permission, analytics cookies to understand how the site is used and improve it. You can change your choice at any time under “Preferências de cookies” (cookie preferences) in the footer.',
    all: 'Accept all',
    necessary: 'Necessary only',
  },
} as const

export function saveConsent(choice: ConsentChoice, now = Date.now()) {
  const options = {
    expires: CONSENT_TTL_MS / 86_400_000,
    path: '/',
    sameSite: 'lax' as const,
    secure: window.location.protocol === 'https:',
  }
  Cookies.set(CONSENT_COOKIE, choice, options)
  Cookies.set(CONSENT_EXPIRY_COOKIE, String(now + CONSENT_TTL_MS), options)
}

export default function ConsentBanner({ onClose }: { onClose: () => void }) {
  const locale = consentLocale()
  const t = texts[locale]
  const choose = (choice: ConsentChoice) => {
    const before = storedConsent()
    saveConsent(choice)
    onClose()
    if (choice === 'all') loadTagManager(env.gtmId)
    // Analytics already running cannot be unloaded in place: a reload starts the page without it.
    else if (before === 'all' && document.getElementById('gtm-script')) window.location.reload()
  }
  return (
    <section
      className={styles.banner}
      aria-label={t.region}
      lang={locale === 'pt' ? 'pt-BR' : 'en'}
    >
      <div className={styles.text}>
        <h2 className={styles.title}>{t.title}</h2>
        <p>{t.body}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => choose('necessary')}>
          {t.necessary}
        </Button>
        <Button onClick={() => choose('all')}>{t.all}</Button>
      </div>
    </section>
  )
}
