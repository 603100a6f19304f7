import type { ReactNode } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { Button } from './Button'
import { useReturnFocus, type FocusTarget } from './return-focus'
import styles from './SidePanel.module.css'

export type SidePanelProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Wider for forms. */
  size?: 'md' | 'lg'
  /** Where focus goes on closing when the opener is gone (src/ui/return-focus.ts). */
  finalFocus?: FocusTarget
}

/**
 * A panel that slides over the page's right side (the whole screen on a phone) for a record's
 * details or a long form: modal (Radix: focus kept inside, Esc closes, labelled by its title),
 * the page stays where it was underneath.
 */
export function SidePanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  finalFocus,
}: SidePanelProps) {
  const returnFocus = useReturnFocus(open, finalFocus)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={`${styles.panel} ${styles[size]}`}
          onCloseAutoFocus={returnFocus}
        >
          <header className={styles.header}>
            <div>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className={styles.description}>
                  {description}
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="visually-hidden">
                  {title}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Fechar">
                ✕
              </Button>
            </RadixDialog.Close>
          </header>
          <div className={styles.body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
