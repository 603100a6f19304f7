import { Logo } from '@/ui/Logo'
import { PageSkeleton, SkeletonBlock } from '@/ui/Skeleton'
import styles from './AppShell.module.css'

/**
 * The frame of a signed-in page before the app knows who is signed in (app.html's first paint,
 * src/entries/painted-page/app-first-paint.tsx): AppShell's top bar, side menu and page area with grey blocks
 * where the session's parts go, so the page that replaces it keeps its place.
 */
export function AppShellSkeleton({ sideMenu }: { sideMenu: boolean }) {
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <span className={styles.brand}>
          <Logo size={30} />
        </span>
        <span className={styles.spacer} />
        <SkeletonBlock height={36} width="160px" />
      </header>
      <div className={styles.body}>
        {sideMenu && (
          <div className={styles.sidebar}>
            <div className={styles.sidenav}>
              <div className={styles.navList}>
                {[0, 1, 2, 3, 4, 5].map((item) => (
                  <SkeletonBlock key={item} height={32} />
                ))}
              </div>
            </div>
          </div>
        )}
        <main id="conteudo" className={styles.main} tabIndex={-1}>
          <div className={`${styles.content} ${sideMenu ? '' : styles.narrow}`}>
            <PageSkeleton label="Abrindo sua área…" />
          </div>
        </main>
      </div>
    </div>
  )
}
