import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { ApiError } from '@/services/api'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import type { FocusTarget } from '@/ui/return-focus'
import { Alert } from '@/ui/Feedback'
import { TextAreaField } from '@/ui/Field'
import styles from './BackOffice.module.css'

type ReasonValues = { reason: string }

/**
 * A refusal that someone else reads (disabling a company, refusing a document, rejecting an NFS-e
 * request): the reason, checked by the action's own schema, then the action. The server's message
 * about the reason lands on it; anything else stays in the dialog, with what was typed.
 */
export function ReasonDialog({
  title,
  description,
  label,
  confirmLabel,
  schema,
  onCancel,
  onConfirm,
  finalFocus,
}: {
  title: string
  description: string
  /** The field's label, e.g. "Motivo da recusa". */
  label: string
  confirmLabel: string
  schema: z.ZodType<ReasonValues, ReasonValues>
  onCancel: () => void
  /** Runs the action; resolves when done (or handled), rejects to show the error here. */
  onConfirm: (reason: string) => Promise<void>
  /** Where focus goes when the action removed what opened the dialog (src/ui/Dialog.tsx). */
  finalFocus?: FocusTarget
}) {
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<ReasonValues>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  })
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null)
    try {
      await onConfirm(reason)
    } catch (error) {
      const issue =
        error instanceof ApiError
          ? error.issues.find((candidate) => candidate.path[0] === 'reason')
          : undefined
      if (issue) form.setError('reason', { message: issue.message }, { shouldFocus: true })
      else setFailure(error instanceof Error ? error.message : String(error))
    }
  })
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onCancel()
      }}
      title={title}
      description={description}
      finalFocus={finalFocus}
    >
      <form className="stack" onSubmit={submit} noValidate aria-label={title}>
        {failure && <Alert tone="danger" title={failure} />}
        <TextAreaField
          label={label}
          required
          hint="Quem recebe lê este motivo. Pelo menos 10 caracteres."
          maxLength={500}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
