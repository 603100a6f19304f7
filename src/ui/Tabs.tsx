import type { ReactNode } from 'react'
import { replayAs } from '@/lib/replay'
import { Tabs as RadixTabs } from 'radix-ui'
import styles from './Tabs.module.css'

export type TabItem<Value extends string> = { value: Value; label: ReactNode; content: ReactNode }

/** Tabs (Radix: arrow keys move between tabs, each panel labelled by its tab). */
export function Tabs<Value extends string>({
  value,
  onValueChange,
  items,
  label,
  replay,
}: {
  value: Value
  onValueChange: (value: Value) => void
  items: readonly TabItem<Value>[]
  /** What the tabs choose between, for screen readers. */
  label: string
  /** Tabs app.html's painted page may show: pressed there, pressed again live (`tab-<value>`). */
  replay?: boolean
}) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as Value)}
      className={styles.root}
    >
      <RadixTabs.List aria-label={label} className={styles.list}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={styles.trigger}
            {...(replay ? replayAs(`tab-${item.value}`) : {})}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  )
}
