import type { ReactNode } from 'react'
import styles from './Feedback.module.css'

type Tone = 'info' | 'success' | 'warning' | 'danger'

/** A message in the page flow. `danger` and `warning` are announced (role="alert"). */
export function Alert({
  tone = 'info',
  title,
  children,
  action,
}: {
  tone?: Tone
  title?: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div
      className={`${styles.alert} ${styles[tone]}`}
      role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
    >
      <div>
        {title && <strong>{title}</strong>}
        {children && <div>{children}</div>}
      </div>
      {action && <div style={{ marginLeft: 'auto' }}>{action}</div>}
    </div>
  )
}

export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: Tone | 'neutral'
  children: ReactNode
}) {
  return <span className={`${styles.badge} ${styles[tone]}`}>{children}</span>
}

export function Spinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <span role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

/** The loading state of a page or panel. */
export function Loading({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className={styles.empty}>
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action}
    </div>
  )
}
