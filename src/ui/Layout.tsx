import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'
import styles from './Layout.module.css'

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={[styles.card, className].filter(Boolean).join(' ')} {...rest} />
}

/** The page's h1, an optional description and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <header className={styles.pageHeader}>
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <div className="row">{actions}</div>}
    </header>
  )
}

export function Section({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section className={[styles.section, className].filter(Boolean).join(' ')} {...rest} />
}

/** A responsive grid of cards; `min` is the smallest column width. */
export function Grid({
  min = 260,
  children,
  className,
}: {
  min?: number
  children: ReactNode
  className?: string
}) {
  return (
    <div
      className={[styles.grid, className].filter(Boolean).join(' ')}
      style={{ '--grid-min': `${min}px` } as CSSProperties}
    >
      {children}
    </div>
  )
}

/** A short label above a heading ("Sua empresa"). */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className={styles.eyebrow}>{children}</p>
}
