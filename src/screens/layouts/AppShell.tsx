import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation } from '@tanstack/react-router'
import { homePathFor, useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { Icon } from '@/ui/Icon'
import { Logo } from '@/ui/Logo'
import { CompanySelector } from './CompanySelector'
import { ReceivedInvitesNotice } from './ReceivedInvitesNotice'
import { UserMenu } from './UserMenu'
import { adminNav, clientNav, type NavGroup } from './nav'
import styles from './AppShell.module.css'

function SideNav({ groups }: { groups: NavGroup[] }) {
  return (
    <>
      {groups.map((group) => (
        <div key={group.label} className={styles.navGroup}>
          <p className={styles.navLabel}>{group.label}</p>
          <ul className={styles.navList}>
            {group.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={styles.navLink}
                  activeOptions={{ exact: item.exact ?? false }}
                >
                  <Icon name={item.icon} size={18} />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  )
}

export type AppShellProps = {
  children: ReactNode
  /** The side menu (admin layout); off for the bare, onboarding and default layouts. */
  sideMenu?: boolean
  /** The company selector in the top bar. */
  selector?: boolean
  /** The user menu (off for the default layout's bank callback). */
  userMenu?: boolean
  width?: 'wide' | 'narrow'
  /** Something to show next to the brand (e.g. the onboarding's title). */
  context?: ReactNode
}

/** The frame of every signed-in page: top bar, optional side menu, and the page. */
export function AppShell({
  children,
  sideMenu = false,
  selector = false,
  userMenu = true,
  width = 'wide',
  context,
}: AppShellProps) {
  const view = useSessionView()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const drawer = useRef<HTMLElement>(null)
  const groups = view.isSystemAdmin ? adminNav : clientNav

  // The drawer closes when the page changes.
  useEffect(() => setOpen(false), [location.pathname])

  // While the drawer is open (phones), focus stays inside it and its close button: the page
  // behind is inert, Tab and Shift+Tab cycle, and Esc closes it and gives focus back to the button.
  useEffect(() => {
    if (!open) return
    const focusables = () =>
      [
        ...(menuButton.current ? [menuButton.current] : []),
        ...(drawer.current?.querySelectorAll<HTMLElement>('a[href], button, select, input') ?? []),
      ].filter((element) => !element.hasAttribute('disabled') && element.offsetParent !== null)
    focusables()[1]?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        menuButton.current?.focus()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables()
      if (items.length === 0) return
      const index = items.indexOf(document.activeElement as HTMLElement)
      const next = event.shiftKey
        ? index <= 0
          ? items.length - 1
          : index - 1
        : index === -1 || index === items.length - 1
          ? 0
          : index + 1
      event.preventDefault()
      items[next]!.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        {sideMenu && (
          <Button
            ref={menuButton}
            variant="ghost"
            size="sm"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls="menu-lateral"
            aria-label={open ? 'Fechar menu' : 'Abrir menu'}
            onClick={() => setOpen((value) => !value)}
          >
            <Icon name={open ? 'close' : 'menu'} size={22} />
          </Button>
        )}
        <Link
          to={homePathFor(view)}
          inert={open}
          className={styles.brand}
          aria-label="Contabil, página inicial da sua área"
        >
          <Logo size={30} />
        </Link>
        {context && <div className={styles.context}>{context}</div>}
        {selector && (
          <div className={`${styles.context} ${styles.wideOnly}`}>
            <CompanySelector />
          </div>
        )}
        <span className={styles.spacer} />
        {userMenu && (
          <div inert={open}>
            <UserMenu />
          </div>
        )}
      </header>
      <div className={styles.body}>
        {sideMenu && (
          <>
            <button
              type="button"
              className={styles.backdrop}
              data-open={open}
              aria-hidden="true"
              tabIndex={-1}
              onClick={() => setOpen(false)}
            />
            <div className={styles.sidebar}>
              <nav
                ref={drawer}
                id="menu-lateral"
                className={styles.sidenav}
                data-open={open}
                aria-label="Menu principal"
              >
                {selector && (
                  <div className={styles.drawerOnly}>
                    <CompanySelector />
                  </div>
                )}
                <SideNav groups={groups} />
              </nav>
            </div>
          </>
        )}
        <main id="conteudo" className={styles.main} tabIndex={-1} inert={open}>
          <div className={`${styles.content} ${width === 'narrow' ? styles.narrow : ''}`}>
            {!location.pathname.startsWith('/app/user/my-invites') && <ReceivedInvitesNotice />}
            {children}
          </div>
        </main>
      </div>
    </div>
  )
}
