import type { ReactNode } from 'react'
import styles from './DescriptionList.module.css'

export type DescriptionItem = { term: ReactNode; value: ReactNode; key?: string }

/** Label / value pairs (a record's details), two columns on wide screens. */
export function DescriptionList({
  items,
  columns = 2,
}: {
  items: readonly DescriptionItem[]
  columns?: 1 | 2
}) {
  return (
    <dl className={`${styles.list} ${columns === 1 ? styles.single : ''}`}>
      {items.map((item, index) => (
        <div key={item.key ?? index} className={styles.item}>
          <dt>{item.term}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
