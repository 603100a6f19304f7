import { useEffect, useState, type ReactNode } from 'react'
import { reopenConsent } from '@/services/site/consent/consent'
import { isPreview, leavePreview } from '@/services/site/content/preview'
import { resolveLink } from '@/services/site/links/api'
import {
  referralParam,
  rememberReferral,
  signUpLink,
  trackOfPath,
} from '@/services/site/links/signup'
import { yearInBrazil } from '@/kernel/dates'
import { buttonClass } from '@/ui/Button'
import { Icon } from '@/ui/Icon'
import { Logo } from '@/ui/Logo'
import { ContentLink } from '../content/ContentLink'
import styles from './SiteLayout.module.css'

// The institutional layout: header with the main navigation, the page, and the footer. The same
// markup is rendered by the client-side app (dev server, preview) and by the build for every
// prerendered page; there the menu and the cookie-preferences button are wired up by
// src/entries/site/entry-static.ts through their data attributes (data-menu, data-menu-button, data-open,
// data-consent-reopen), without React.

const mainNav = [
  { to: '/abrir-empresa', label: 'Abrir empresa' },
  { to: '/trocar-contador', label: 'Trocar de contador' },
  { to: '/tools/cnae', label: 'Consulta CNAE' },
  { to: '/blog', label: 'Blog' },
  { to: '/lp/irpf/2025', label: 'Imposto de Renda' },
] as const

const areas = [
  { slug: 'tecnologia', label: 'Tecnologia e software' },
  { slug: 'saude', label: 'Médicos e saúde' },
  { slug: 'advocacia', label: 'Advocacia' },
  { slug: 'marketing-e-design', label: 'Marketing e design' },
  { slug: 'engenharia-e-arquitetura', label: 'Engenharia e arquitetura' },
  { slug: 'comercio-e-ecommerce', label: 'Comércio e e-commerce' },
] as const

const capitals = [
  { slug: 'sao-paulo-sp', label: 'São Paulo' },
  { slug: 'rio-de-janeiro-rj', label: 'Rio de Janeiro' },
  { slug: 'belo-horizonte-mg', label: 'Belo Horizonte' },
  { slug: 'brasilia-df', label: 'Brasília' },
  { slug: 'curitiba-pr', label: 'Curitiba' },
  { slug: 'porto-alegre-rs', label: 'Porto Alegre' },
  { slug: 'salvador-ba', label: 'Salvador' },
  { slug: 'recife-pe', label: 'Recife' },
] as const

/** `?indicacao=CODE` (or `?ref=`) on any public page counts like opening /links/CODE. */
function useReferralParam() {
  useEffect(() => {
    const alias = referralParam(window.location.search)
    if (!alias) return
    const controller = new AbortController()
    resolveLink(alias, controller.signal).then(
      (link) => rememberReferral(link.code),
      () => undefined,
    )
    return () => controller.abort()
  }, [])
}

function PreviewBar() {
  const [preview] = useState(isPreview)
  if (!preview) return null
  return (
    <div className={styles.preview} role="status">
      <span>
        <strong>Pré-visualização:</strong> você está vendo os rascunhos do conteúdo, que os
        visitantes ainda não veem.
      </span>
      <button
        type="button"
        onClick={() => {
          leavePreview()
          window.location.assign(window.location.pathname)
        }}
      >
        Sair da pré-visualização
      </button>
    </div>
  )
}

/** The section of the site an address belongs to (the IRPF link covers both campaigns). */
const isActive = (pathname: string, to: string) =>
  to === '/lp/irpf/2025'
    ? pathname.startsWith('/lp/irpf')
    : pathname === to || pathname.startsWith(`${to}/`)

/** The menu's id: one header per page, and the same id in the HTML and in the browser. */
const MENU_ID = 'menu-principal'

function SiteHeader({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(false), [pathname])
  return (
    <header
      className={styles.header}
      data-menu=""
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false)
      }}
    >
      <div className={`container ${styles.headerInner}`}>
        <ContentLink href="/" className={styles.brand} aria-label="Contabil, página inicial">
          <Logo size={34} />
        </ContentLink>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={MENU_ID}
          data-menu-button=""
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.menuIconOpen}>
            <Icon name="menu" size={22} />
          </span>
          <span className={styles.menuIconClose}>
            <Icon name="close" size={22} />
          </span>
          <span>Menu</span>
        </button>
        <nav
          id={MENU_ID}
          className={styles.nav}
          data-open={open ? 'true' : 'false'}
          aria-label="Navegação principal"
        >
          <ul className={styles.navList}>
            {mainNav.map((item) => (
              <li key={item.to}>
                <ContentLink
                  href={item.to}
                  className={
                    isActive(pathname, item.to)
                      ? `${styles.navLink} ${styles.navLinkActive}`
                      : styles.navLink
                  }
                  aria-current={isActive(pathname, item.to) ? 'page' : undefined}
                >
                  {item.label}
                </ContentLink>
              </li>
            ))}
          </ul>
          <div className={styles.navActions}>
            <a href="/app/login" className={buttonClass({ variant: 'ghost' })}>
              Entrar
            </a>
            <a
              {...signUpLink(trackOfPath(pathname))}
              className={buttonClass({ variant: 'primary' })}
            >
              Criar conta
            </a>
          </div>
        </nav>
      </div>
    </header>
  )
}

function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerGrid}`}>
        <div className={styles.footerBrand}>
          <Logo tone="light" size={34} />
          <p>
            Contabilidade online para empresas de serviço, comércio e profissionais liberais em todo
            o Brasil, com contadores registrados no CRC.
          </p>
          <p>
            <a href="mailto:contato@contabil.dev">contato@contabil.dev</a>
          </p>
        </div>
        <nav aria-label="Serviços">
          <h2>Serviços</h2>
          <ul>
            <li>
              <ContentLink href="/abrir-empresa">Abrir empresa</ContentLink>
            </li>
            <li>
              <ContentLink href="/trocar-contador">Trocar de contador</ContentLink>
            </li>
            <li>
              <ContentLink href="/lp/irpf/2025">Imposto de Renda 2025</ContentLink>
            </li>
            <li>
              <ContentLink href="/lp/irpf/2024">Imposto de Renda 2024</ContentLink>
            </li>
            <li>
              <ContentLink href="/tools/cnae">Consulta CNAE</ContentLink>
            </li>
            <li>
              <ContentLink href="/blog">Blog</ContentLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Para quem">
          <h2>Para quem</h2>
          <ul>
            {areas.map((area) => (
              <li key={area.slug}>
                <ContentLink href={`/areas/${area.slug}`}>{area.label}</ContentLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Contabilidade nas capitais">
          <h2>Nas capitais</h2>
          <ul>
            {capitals.map((city) => (
              <li key={city.slug}>
                <ContentLink href={`/contabilidade-em/${city.slug}`}>
                  Contabilidade em {city.label}
                </ContentLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`container ${styles.footerBottom}`}>
        <p>© {yearInBrazil(new Date())} Contabil. Todos os direitos reservados.</p>
        <div className={styles.footerLinks}>
          <button type="button" onClick={reopenConsent} data-consent-reopen="">
            Preferências de cookies
          </button>
          <a href="/app/login">Área do cliente</a>
        </div>
      </div>
    </footer>
  )
}

/** `pathname`: the page's address (the active section, the sign-up button's track). */
export function SiteLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  useReferralParam()
  return (
    <div className={styles.site}>
      <PreviewBar />
      <SiteHeader pathname={pathname} />
      <main id="conteudo" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
