import type { ReactNode } from 'react'
import { formatCount, formatInteger } from '@/lib/format'
import { Button } from './Button'
import { EmptyState } from './Feedback'
import styles from './List.module.css'

// The list kit: every list of the app (a table or cards) says how many it has, what it shows when
// there is nothing, and pages the same way. `ListView` puts the three around the list's rows.

export type ListSummaryProps = {
  /** How many the whole list has (every page). */
  count: number
  /** What it counts, singular and plural ('documento', 'documentos'). */
  noun: readonly [one: string, many: string]
  /** Said right after the count: whose they are, what was searched (' de Ateliê Lima'). */
  detail?: ReactNode
  /** The list is filtered: ' com esses filtros' closes the line, and `clear` shows beside it. */
  filtered?: boolean
  /** What closes the line when nothing is filtered (' no total', ' em andamento'). */
  unfiltered?: string
  /** A way back to the whole list, shown while filtered. */
  clear?: ReactNode
  /** Said instead of the count while a search runs. */
  busy?: string | false
}

/** "12 documentos com esses filtros": the count of a list, announced when it changes. */
export function ListSummary({
  count,
  noun,
  detail,
  filtered = false,
  unfiltered = '',
  clear,
  busy,
}: ListSummaryProps) {
  return (
    <div className={styles.summary}>
      <p aria-live="polite">
        {busy || (
          <>
            {formatCount(count, noun[0], noun[1])}
            {detail}
            {filtered ? ' com esses filtros' : unfiltered}
          </>
        )}
      </p>
      {filtered && clear}
    </div>
  )
}

export type ListEmptyProps = { title: ReactNode; description?: ReactNode; action?: ReactNode }

export type ListPagerProps = {
  /** The page shown, from 1. */
  page: number
  pageSize: number
  /** How many the whole list has. */
  total: number
  onPage: (page: number) => void
  /** The pager's name ('Páginas de documentos'). */
  label: string
}

/** Previous / next over a `{ data, total }` list, with where the page stands ("11–20 de 42"). */
export function ListPager({ page, pageSize, total, onPage, label }: ListPagerProps) {
  if (total <= pageSize) return null
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = (page - 1) * pageSize + 1
  const last = Math.min(page * pageSize, total)
  return (
    <nav className={styles.pager} aria-label={label}>
      <span aria-live="polite">
        {first > total ? '' : `${formatInteger(first)}–${formatInteger(last)} de `}
        {formatInteger(total)}
      </span>
      <div className={styles.pages}>
        <Button
          size="sm"
          variant="secondary"
          disabled={page <= 1}
          onClick={() => onPage(Math.min(page - 1, pages))}
        >
          Anterior
        </Button>
        <span className="visually-hidden">
          Página {page} de {pages}
        </span>
        <Button
          size="sm"
          variant="secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Próxima
        </Button>
      </div>
    </nav>
  )
}

/** A page of a list as the API answers it: the rows of the page and how many there are in all. */
export type ListPage = { data: readonly unknown[]; total: number }

/**
 * A list with its kit: the count line (when given), the rows (`children`, a table or cards) or
 * the empty state, and the pager. An empty page of a list that has items (an old link past the
 * last page) says so and keeps the pager to go back.
 */
export function ListView({
  list,
  summary,
  filtered = false,
  empty,
  emptyFiltered = empty,
  pager,
  className,
  children,
}: {
  /** The page shown; undefined while the first one loads (the rows show their loading state). */
  list: ListPage | undefined
  summary?: Omit<ListSummaryProps, 'count' | 'filtered'>
  /** Filters narrow the list: the summary and the empty state say so. */
  filtered?: boolean
  empty: ListEmptyProps
  /** The empty state while filtered (the filters found nothing). */
  emptyFiltered?: ListEmptyProps
  pager?: Omit<ListPagerProps, 'total'>
  /** The screen's own spacing around the list. */
  className?: string
  children: ReactNode
}) {
  if (!list) return <div className={className}>{children}</div>
  const shown = list.data.length
  const pastTheEnd = shown === 0 && pager !== undefined && list.total > 0
  const nothing: ListEmptyProps = pastTheEnd
    ? { title: 'Não há resultados nesta página', description: 'Volte para a primeira página.' }
    : filtered
      ? emptyFiltered
      : empty
  return (
    <div className={className}>
      {summary && <ListSummary {...summary} count={list.total} filtered={filtered} />}
      {shown === 0 ? (
        <EmptyState title={nothing.title} action={nothing.action}>
          {nothing.description}
        </EmptyState>
      ) : (
        children
      )}
      {pager && <ListPager {...pager} total={list.total} />}
    </div>
  )
}
