import type { ReactNode } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { Button } from './Button'
import { useReturnFocus, type FocusTarget } from './return-focus'
import styles from './Dialog.module.css'

export type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /**
   * Where focus goes on closing when what opened the dialog is gone (the action replaced it):
   * its result, such as the new row. Otherwise focus returns to the opener.
   */
  finalFocus?: FocusTarget
}

/**
 * A modal dialog (Radix: focus trap, Esc to close, labelled by its title); closed, focus returns
 * to what opened it (src/ui/return-focus.ts).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  finalFocus,
}: DialogProps) {
  const returnFocus = useReturnFocus(open, finalFocus)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={styles.content} onCloseAutoFocus={returnFocus}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
          <RadixDialog.Close asChild>
            <Button variant="ghost" size="sm" className={styles.close} aria-label="Fechar">
              ✕
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

export type ConfirmDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  /** The button that closes without doing it; default "Cancelar". */
  cancelLabel?: string
  onConfirm: () => void
  busy?: boolean
  tone?: 'primary' | 'danger'
  finalFocus?: FocusTarget
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  onConfirm,
  busy,
  tone = 'primary',
  finalFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      finalFocus={finalFocus}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  )
}
