import type { ReactNode } from 'react'
import styles from './StatusPage.module.css'

export type StatusPageProps = {
  status: number
  /** docs/product.md §2: 'Page Not Found' / 'Internal Server Error'; 'Página não encontrada' in /app. */
  title: string
  message: string
  description: ReactNode
  actions?: ReactNode
  /** Inside a layout that has its own <main> (the public site): render a plain block. */
  embedded?: boolean
}

/** The generic error page: status code, title, message and description (docs/product.md §2). */
export function StatusPage({
  status,
  title,
  message,
  description,
  actions,
  embedded = false,
}: StatusPageProps) {
  const Tag = embedded ? 'div' : 'main'
  return (
    <Tag id={embedded ? undefined : 'conteudo'} className={styles.page}>
      <div className={styles.box}>
        <p className={styles.status} aria-hidden="true">
          {status}
        </p>
        <h1>
          <span className="visually-hidden">Erro {status}: </span>
          {title}
        </h1>
        <p className={styles.message} data-testid="status-message">
          {message}
        </p>
        <p className="muted">{description}</p>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </Tag>
  )
}
