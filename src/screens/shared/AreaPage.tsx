import type { ReactNode } from 'react'
import { Card, PageHeader } from '@/ui/Layout'
import { Icon, type IconName } from '@/ui/Icon'
import styles from './AreaPage.module.css'

export type AreaFeature = { icon: IconName; title: string; description: string }

/**
 * A page of the signed-in area: its title, what it is for, and what it offers. Screens add the
 * data they already have as children.
 */
export function AreaPage({
  title,
  description,
  features,
  actions,
  children,
}: {
  title: string
  description: ReactNode
  features?: readonly AreaFeature[]
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <div className="stack" style={{ gap: 'var(--space-6)' }}>
        {children}
        {features && features.length > 0 && (
          <Card>
            <h2 className={styles.heading}>O que você faz aqui</h2>
            <ul className={styles.features}>
              {features.map((feature) => (
                <li key={feature.title}>
                  <span className={styles.icon}>
                    <Icon name={feature.icon} size={20} />
                  </span>
                  <div>
                    <strong>{feature.title}</strong>
                    <p className="muted">{feature.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </>
  )
}
