import { useState, type ReactNode } from 'react'
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
  /**
   * What the panel shows (the record's id) when its owner closes it by navigating: the panel
   * closes at once on dismissal, not when the new address reaches `open`, so a click or typing
   * that follows lands on the page, not in a panel about to go. A new key opens it again.
   */
  openKey?: string
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
  openKey,
}: SidePanelProps) {
  // The key that was dismissed; the panel stays closed for it until `open` turns false or another
  // key comes (reset while rendering, as React's "adjusting state when a prop changes" does).
  const [dismissed, setDismissed] = useState<string | undefined>(undefined)
  if (dismissed !== undefined && (!open || dismissed !== openKey)) setDismissed(undefined)
  const shown = open && (openKey === undefined || dismissed !== openKey)
  const returnFocus = useReturnFocus(shown, finalFocus)
  const change = (next: boolean) => {
    if (!next && openKey !== undefined) setDismissed(openKey)
    onOpenChange(next)
  }
  return (
    <RadixDialog.Root open={shown} onOpenChange={change}>
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
