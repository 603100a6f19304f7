import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { buttonClass } from './Button'
import { Loading } from './Feedback'
import styles from './Table.module.css'

export type Column<Row> = {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  align?: 'left' | 'right'
  /**
   * What the cell is when the rows become cards (the table does not fit its frame): `title`
   * opens the card and names the row, `actions` closes it (its buttons name themselves), `field`
   * (the default) shows its label beside its value.
   */
  card?: 'title' | 'field' | 'actions'
  /** The label beside the value in a card, where the header is not the words to show. */
  label?: ReactNode
  /** The cell names its row: a row header (`<th scope="row">`). */
  rowHeader?: boolean
  /**
   * Text with no spaces that may be long (an e-mail): it breaks anywhere rather than widen the
   * table past its frame.
   */
  breakAnywhere?: boolean
}

export type DataTableProps<Row> = {
  caption: string
  columns: Column<Row>[]
  rows: Row[] | undefined
  rowKey: (row: Row) => string
  loading?: boolean
  /**
   * An extra class for the wrapper while the rows are cards (every table becomes cards where its
   * columns do not fit; this only adds to the kit's card layout).
   */
  stacked?: string
  /** A totals row under the rows: its cells by column key. */
  footer?: Partial<Record<string, ReactNode>>
  /**
   * The key of the row an action just added or changed: it is highlighted for a few seconds, so
   * the person sees where it went.
   */
  changed?: string | null
  /** Show the caption to sighted users too (otherwise it is for screen readers). */
  showCaption?: boolean
  /**
   * A click anywhere on a row opens it (a pointer convenience: the row must also hold a link or
   * button to it, for the keyboard). Clicks on a control inside the row are left to it.
   */
  onRowClick?: (row: Row) => void
  /**
   * A long list shown as cards (a phone) starts as a summary: its first `rows` rows, then a
   * button that shows them all ("Ver todas as 20 categorias") and collapses them again.
   */
  summary?: { rows: number; showAll: (count: number) => string }
}

/** How long a row an action changed stays marked (its highlight fades within it). */
const CHANGED_MS = 5000

/**
 * The row an action just added or changed, for DataTable's `changed`: `mark(key)` after the
 * action succeeded; the mark goes away by itself.
 */
export function useChangedRow() {
  const [changed, setChanged] = useState<string | null>(null)
  useEffect(() => {
    if (changed === null) return
    const timer = setTimeout(() => setChanged(null), CHANGED_MS)
    return () => clearTimeout(timer)
  }, [changed])
  const mark = useCallback((key: string) => setChanged(key), [])
  return { changed, mark }
}

const isOnControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, select, textarea, label') !== null

type Layout = 'table' | 'cards'

/**
 * Table or cards: the table while its columns fit the frame at their narrowest (min-content),
 * cards below that width, so no column is ever cut or hidden behind a sideways scroll. Measured
 * in the table layout (without the screen's card class) before each paint, and again when the
 * frame's width changes. Without layout (jsdom, a hidden frame) it stays a table.
 */
function useFitLayout(cardClass: string | undefined) {
  const ref = useRef<HTMLDivElement>(null)
  const [layout, setLayout] = useState<Layout>('table')
  const [scrolls, setScrolls] = useState(false)
  // Changes of layout in a burst at one frame width: a layout that changes the width it is
  // measured at (a page scrollbar coming and going) would otherwise flip for ever; cards then stay.
  const flips = useRef({ width: -1, count: 0, at: 0 })
  useLayoutEffect(() => {
    const frame = ref.current
    const table = frame?.querySelector('table')
    if (!frame || !table) return
    const extra = cardClass?.split(/\s+/).filter(Boolean) ?? []
    const measure = () => {
      const room = frame.clientWidth
      if (room <= 1) return
      // The table's own width, in the table layout, whatever it shows now.
      const shown = frame.dataset.layout
      const hadExtra = extra.filter((name) => frame.classList.contains(name))
      const tableWidth = table.style.width
      frame.dataset.layout = 'table'
      frame.classList.remove(...hadExtra)
      table.style.width = 'min-content'
      const needs = Math.ceil(table.getBoundingClientRect().width)
      table.style.width = tableWidth
      frame.classList.add(...hadExtra)
      if (shown) frame.dataset.layout = shown
      let next: Layout = needs > room ? 'cards' : 'table'
      const seen = flips.current
      const now = Date.now()
      if (seen.width !== room || now - seen.at > 1000)
        flips.current = { width: room, count: 0, at: now }
      else if (next !== shown && ++seen.count > 2) next = 'cards'
      setLayout(next)
      // A card wider than the frame (an unbreakable text) still scrolls: it must then be
      // reachable by keyboard to scroll it (WCAG 2.1.1; axe "scrollable-region-focusable").
      setScrolls(frame.scrollWidth > frame.clientWidth + 1)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    let width = frame.clientWidth
    // Only a new width matters: the cards' height changing is this hook's own doing.
    const observer = new ResizeObserver(() => {
      if (frame.clientWidth === width) return
      width = frame.clientWidth
      measure()
    })
    observer.observe(frame)
    return () => observer.disconnect()
  })
  return { ref, layout, scrolls }
}

/** A table, loading until its rows come (a list's empty state and pager: ListView in List.tsx). */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  stacked,
  footer,
  changed,
  showCaption = false,
  onRowClick,
  summary,
}: DataTableProps<Row>) {
  const frame = useFitLayout(stacked)
  const [expanded, setExpanded] = useState(false)
  if (loading && !rows) return <Loading />
  const cards = frame.layout === 'cards'
  const all = rows ?? []
  const collapsible = cards && summary !== undefined && all.length > summary.rows
  const shown = collapsible && !expanded ? all.slice(0, summary.rows) : all
  const classes = [styles.wrapper, cards && stacked].filter(Boolean)

  const cellOf = (column: Column<Row>, content: ReactNode, key: string) => {
    const role = column.card ?? 'field'
    const className = [
      column.align === 'right' ? styles.right : undefined,
      column.rowHeader ? styles.rowHeader : undefined,
      column.breakAnywhere ? styles.breakAnywhere : undefined,
    ]
      .filter(Boolean)
      .join(' ')
    const inner =
      cards && role === 'field' && content !== null ? (
        <>
          <span className={styles.cellLabel} data-part="label">
            {column.label ?? column.header}
          </span>
          <span className={styles.cellValue} data-part="value">
            {content}
          </span>
        </>
      ) : (
        content
      )
    const props = { className: className || undefined, 'data-card': role }
    return column.rowHeader ? (
      <th key={key} scope="row" {...props}>
        {inner}
      </th>
    ) : (
      <td key={key} {...props}>
        {inner}
      </td>
    )
  }

  const table = (
    <div
      ref={frame.ref}
      className={classes.join(' ')}
      data-layout={frame.layout}
      {...(frame.scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.align === 'right' ? styles.right : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr
              key={rowKey(row)}
              className={onRowClick ? styles.clickable : undefined}
              data-changed={changed != null && rowKey(row) === changed ? '' : undefined}
              onClick={
                onRowClick
                  ? (event) => {
                      if (!isOnControl(event.target)) onRowClick(row)
                    }
                  : undefined
              }
            >
              {columns.map((column) => cellOf(column, column.cell(row), column.key))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {columns.map((column) =>
                cellOf(column, footer[column.key] ?? null, `footer-${column.key}`),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  )
  if (!collapsible) return table
  return (
    <div className={styles.summary}>
      {table}
      <button
        type="button"
        className={`${buttonClass({ variant: 'secondary', size: 'sm' })} ${styles.showAll}`}
        aria-expanded={expanded}
        onClick={() => setExpanded((open) => !open)}
      >
        {expanded ? 'Ver menos' : summary.showAll(all.length)}
      </button>
    </div>
  )
}
