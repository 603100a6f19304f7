import { Suspense, startTransition, useEffect, useState, type ReactNode } from 'react'
import { QueryErrorResetBoundary } from '@tanstack/react-query'
import { recordError } from '@/services/errors'
import { Button } from '@/ui/Button'
import { ErrorBoundary } from '@/ui/ErrorBoundary'
import { Alert } from '@/ui/Feedback'
import { Card } from '@/ui/Layout'
import { SkeletonBlock } from '@/ui/Skeleton'
import styles from './PanelScreen.module.css'

/**
 * One card of the panel with its own states: a skeleton while its data comes, the error with
 * "Tentar de novo" if it fails (the other cards go on), then the content. The content reads its
 * data with useSuspenseQuery; the route's loader has already asked for it.
 */
export function PanelCard({
  id,
  title,
  description,
  actions,
  wide = false,
  children,
}: {
  id: string
  title: string
  description?: ReactNode
  actions?: ReactNode
  /** Takes the whole row on wide screens. */
  wide?: boolean
  children: ReactNode
}) {
  const shown = useShownAfterFirstCommit()
  const skeleton = <CardSkeleton label={`Carregando ${title.toLowerCase()}…`} />
  return (
    <section aria-labelledby={id} className={wide ? styles.wide : undefined}>
      <Card className={styles.card}>
        <header className={styles.cardHeader}>
          <div>
            <h2 id={id} className={styles.cardTitle}>
              {title}
            </h2>
            {description && <p className={styles.cardDescription}>{description}</p>}
          </div>
          {actions}
        </header>
        <QueryErrorResetBoundary>
          {({ reset }) => (
            <ErrorBoundary
              onReset={reset}
              onError={(error) => recordError(error, 'query')}
              fallback={({ error, reset: retry }) => (
                <Alert
                  tone="danger"
                  title={`Não foi possível carregar: ${title}`}
                  action={
                    <Button size="sm" variant="secondary" onClick={retry}>
                      Tentar de novo
                    </Button>
                  }
                >
                  {error instanceof Error && error.message
                    ? error.message
                    : 'Tente de novo em instantes.'}
                </Alert>
              )}
            >
              <Suspense fallback={skeleton}>{shown ? children : skeleton}</Suspense>
            </ErrorBoundary>
          )}
        </QueryErrorResetBoundary>
      </Card>
    </section>
  )
}

/**
 * False in the card's first commit, true right after, in a transition: the panel's first commit
 * carries the company card and the cards' skeletons only, and is on the screen before the
 * cards render (a chart's or a table's render would hold it, data cached or not); the cards
 * then render in slices the browser can paint and answer input between.
 */
function useShownAfterFirstCommit() {
  const [shown, setShown] = useState(false)
  useEffect(() => startTransition(() => setShown(true)), [])
  return shown
}

/** The loading state of a card: grey lines, named for screen readers. */
export function CardSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div className={styles.skeleton} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <SkeletonBlock height={28} width="45%" />
      {Array.from({ length: rows }, (_, row) => (
        <SkeletonBlock key={row} height={18} width={`${90 - row * 12}%`} />
      ))}
    </div>
  )
}
