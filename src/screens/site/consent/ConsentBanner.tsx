import type { Ref } from 'react'
import type { ConsentChoice } from '@/services/site/consent/consent'
import styles from './ConsentBanner.module.css'

// docs/product.md §2 and §9: offered in Portuguese and English, English by default; Portuguese when
// the browser prefers it. The banner is a bar at the very top of the page, in the page's flow: it
// pushes the page down instead of lying over it, so it never hides content or an action, and its
// plain buttons do not pass for the page's own. Public pages have "Preferências de cookies" in
// their footer; the signed-in area has no footer, so there it points to the site's pages.
const texts = {
  pt: {
    region: 'Consentimento de cookies',
    title: 'Sua privacidade',
    body: 'Usamos cookies necessários para o site funcionar e, com a sua permissão, cookies de análise para entender como o site é usado e melhorá-lo.',
    change: {
      site: 'Você pode mudar a escolha quando quiser em “Preferências de cookies”, no rodapé.',
      app: 'Você pode mudar a escolha quando quiser em “Preferências de cookies”, no rodapé das páginas do site.',
    },
    all: 'Aceitar todos',
    necessary: 'Só os necessários',
  },
  en: {
    region: 'Cookie consent',
    title: 'Your privacy',
    body: 'We use cookies the site needs to work and, with your permission, analytics cookies to understand how the site is used and improve it.',
    change: {
      site: 'You can change your choice at any time under “Preferências de cookies” (cookie preferences) in the footer.',
      app: 'You can change your choice at any time under “Preferências de cookies” (cookie preferences) in the footer of the site’s pages.',
    },
    all: 'Accept all',
    necessary: 'Necessary only',
  },
} as const

export type ConsentLocale = keyof typeof texts

export function ConsentBanner({
  locale,
  where,
  onChoose,
  prerendered = false,
  ref,
}: {
  locale: ConsentLocale
  /** The public site (with its footer link) or the signed-in area (without one). */
  where: 'site' | 'app'
  onChoose?: (choice: ConsentChoice) => void
  /**
   * In a prerendered page, which holds the banner in both languages: hidden until the page's
   * first script (consentBootScript) asks for one, wired up by src/entries/site/entry-static.ts.
   */
  prerendered?: boolean
  ref?: Ref<HTMLElement>
}) {
  const t = texts[locale]
  return (
    <section
      ref={ref}
      className={styles.banner}
      aria-label={t.region}
      lang={locale === 'pt' ? 'pt-BR' : 'en'}
      tabIndex={-1}
      data-consent-banner={prerendered ? locale : undefined}
    >
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          <h2 className={styles.title}>{t.title}</h2>
          <p>
            {t.body} {t.change[where]}
          </p>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.choice}
            data-consent-choice="necessary"
            onClick={() => onChoose?.('necessary')}
          >
            {t.necessary}
          </button>
          <button
            type="button"
            className={styles.choice}
            data-consent-choice="all"
            onClick={() => onChoose?.('all')}
          >
            {t.all}
          </button>
        </div>
      </div>
    </section>
  )
}
