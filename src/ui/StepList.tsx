import type { ReactNode } from 'react'
import { Badge } from './Feedback'
import styles from './StepList.module.css'

export type StepState = 'pending' | 'in_progress' | 'done'

export type StepListItem = {
  key: string
  title: ReactNode
  description?: ReactNode
  state: StepState
  /** The state in words (the glossary's, from the caller: the UI kit knows no product words). */
  stateLabel: string
  /** The step the user is on now. */
  current?: boolean
}
const stateTones = { pending: 'neutral', in_progress: 'info', done: 'success' } as const

/** An ordered list of steps with their state (a wizard's or a track's progress). */
export function StepList({ items, label }: { items: readonly StepListItem[]; label: string }) {
  return (
    <ol className={styles.list} aria-label={label}>
      {items.map((item, index) => (
        <li
          key={item.key}
          className={[styles.step, styles[item.state], item.current && styles.current]
            .filter(Boolean)
            .join(' ')}
          aria-current={item.current ? 'step' : undefined}
        >
          <span className={styles.marker} aria-hidden="true">
            {item.state === 'done' ? '✓' : index + 1}
          </span>
          <div className={styles.body}>
            <div className={styles.title}>
              <strong>{item.title}</strong>
              <Badge tone={stateTones[item.state]}>{item.stateLabel}</Badge>
            </div>
            {item.description && <p className={styles.description}>{item.description}</p>}
          </div>
        </li>
      ))}
    </ol>
  )
}
