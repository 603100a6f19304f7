import { useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Loading } from './Feedback'
import stackedStyles from './StackedTable.module.css'
import styles from './Table.module.css'

export type Column<Row> = {
  key: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  align?: 'left' | 'right'
}

export type DataTableProps<Row> = {
  caption: string
  columns: Column<Row>[]
  rows: Row[] | undefined
  rowKey: (row: Row) => string
  loading?: boolean
  /**
   * The rows become cards on a phone: the class that gives them their grid areas (see
   * StackedTable.module.css). Without it a wide table scrolls sideways there.
   */
  stacked?: string
  /** Show the caption to sighted users too (otherwise it is for screen readers). */
  showCaption?: boolean
  /**
   * A click anywhere on a row opens it (a pointer convenience: the row must also hold a link or
   * button to it, for the keyboard). Clicks on a control inside the row are left to it.
   */
  onRowClick?: (row: Row) => void
}

const isOnControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, select, textarea, label') !== null

/**
 * Whether the element scrolls sideways (a wide table on a phone): then it must be reachable by
 * keyboard to scroll it (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    check()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(check)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  })
  return { ref, scrolls }
}

/** A table, loading until its rows come (a list's empty state and pager: ListView in List.tsx). */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  stacked,
  showCaption = false,
  onRowClick,
}: DataTableProps<Row>) {
  const wrapper = useScrollsSideways()
  if (loading && !rows) return <Loading />
  return (
    <div
      ref={wrapper.ref}
      className={stacked ? `${styles.wrapper} ${stackedStyles.stacked} ${stacked}` : styles.wrapper}
      {...(wrapper.scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
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
          {(rows ?? []).map((row) => (
            <tr
              key={rowKey(row)}
              className={onRowClick ? styles.clickable : undefined}
              onClick={
                onRowClick
                  ? (event) => {
                      if (!isOnControl(event.target)) onRowClick(row)
                    }
                  : undefined
              }
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={column.align === 'right' ? styles.right : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
