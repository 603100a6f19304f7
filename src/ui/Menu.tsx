import type { ReactNode } from 'react'
import { DropdownMenu } from 'radix-ui'
import styles from './Menu.module.css'

/** A dropdown menu (Radix: arrow keys, Esc, typeahead, focus returns to the trigger). */
export function Menu({
  trigger,
  children,
  align = 'end',
}: {
  /** A button element (rendered as the trigger). */
  trigger: ReactNode
  children: ReactNode
  align?: 'start' | 'end'
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align={align} sideOffset={6}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

export function MenuItem({
  children,
  onSelect,
  asChild,
  tone,
}: {
  children: ReactNode
  onSelect?: () => void
  /** Renders the child (e.g. a router Link) as the item. */
  asChild?: boolean
  tone?: 'danger'
}) {
  return (
    <DropdownMenu.Item
      className={[styles.item, tone === 'danger' && styles.danger].filter(Boolean).join(' ')}
      onSelect={onSelect}
      asChild={asChild}
    >
      {children}
    </DropdownMenu.Item>
  )
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className={styles.label}>{children}</DropdownMenu.Label>
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className={styles.separator} />
}
