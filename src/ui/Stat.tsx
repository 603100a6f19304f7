import type { CSSProperties, ReactNode } from 'react'
import styles from './Stat.module.css'

/** A figure people read at a glance (a total, a rate): its label, the value, a note below. */
export function Stat({
  label,
  value,
  note,
  size = 'lg',
  testId,
}: {
  label?: ReactNode
  value: ReactNode
  note?: ReactNode
  size?: 'md' | 'lg'
  testId?: string
}) {
  return (
    <p className={styles.stat}>
      {label && <span className={styles.label}>{label}</span>}
      <span className={`${styles.value} ${styles[size]}`} data-testid={testId}>
        {value}
      </span>
      {note && <span className={styles.note}>{note}</span>}
    </p>
  )
}

/** Stats side by side, as many per row as fit (`min` is the narrowest column). */
export function StatGrid({ min = 220, children }: { min?: number; children: ReactNode }) {
  return (
    <div className={styles.grid} style={{ '--stat-min': `${min}px` } as CSSProperties}>
      {children}
    </div>
  )
}
