import { useEffect, useRef, type ReactNode } from 'react'
import { Alert } from '@/ui/Feedback'
import { ErrorSummary, type ErrorSummaryItem } from '@/ui/ErrorSummary'
import { Card } from '@/ui/Layout'
import type { FieldValues } from 'react-hook-form'
import { Button } from '@/ui/Button'
import type { DraftState, StepForm } from './step-form'
import { stepHeading } from './step-labels'
import type { StepContext } from './steps/step-context'
import styles from './StepFrame.module.css'

const draftText: Record<DraftState, string> = {
  idle: '',
  local: 'Rascunho guardado neste aparelho.',
  saving: 'Salvando rascunho…',
  saved: 'Rascunho salvo: continue de qualquer aparelho.',
  failed: 'Rascunho guardado só neste aparelho por enquanto.',
}

/**
 * A step's card: its heading (focused when the wizard moves to it, so keyboard and screen-reader
 * users start there), what it asks, the error summary, the server's message, the form and the
 * actions.
 */
export function StepFrame({
  title,
  description,
  focusOnMount,
  summary,
  attempt,
  onSelectError,
  serverError,
  actions,
  draftState,
  children,
}: {
  title: string
  description?: ReactNode
  focusOnMount: boolean
  summary?: ErrorSummaryItem[]
  attempt?: number
  onSelectError?: (key: string) => void
  serverError?: string | null
  actions?: ReactNode
  draftState?: DraftState
  children: ReactNode
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusOnMount) heading.current?.focus()
    // Only when the step appears: a later change of the flag is not a move to this step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <Card className={styles.frame}>
      <header className={styles.header}>
        <h2 ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {description && <p>{description}</p>}
      </header>
      {summary && onSelectError && (
        <ErrorSummary items={summary} attempt={attempt ?? 0} onSelect={onSelectError} />
      )}
      {serverError && (
        <Alert tone="danger" title="Não foi possível salvar">
          {serverError}
        </Alert>
      )}
      {children}
      {actions && (
        <div className={styles.actions}>
          <p className={styles.draft} role="status">
            {draftState ? draftText[draftState] : ''}
          </p>
          <div className="row">{actions}</div>
        </div>
      )}
    </Card>
  )
}

/** A titled part of a step's form (a fieldset, so its controls are grouped for assistive tech). */
export function StepSection({
  title,
  anchorId,
  children,
}: {
  title: string
  /** Lets the error summary focus this part (a rule about the whole list, say). */
  anchorId?: string
  children: ReactNode
}) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle} id={anchorId} tabIndex={anchorId ? -1 : undefined}>
        {title}
      </legend>
      {children}
    </fieldset>
  )
}

export const frameStyles = styles

/**
 * A step that is a form, headed with the step's name and what it asks: "Continuar" saves it (or
 * "Salvar alterações" when revising it).
 */
export function StepFormFrame<Values extends FieldValues>({
  stepForm,
  context,
  children,
}: {
  stepForm: StepForm<Values>
  context: Pick<StepContext, 'focusOnMount' | 'revising' | 'step'>
  children: ReactNode
}) {
  const { title, description } = stepHeading(context.step.stepId)
  return (
    <form onSubmit={stepForm.submit} noValidate aria-label={title}>
      <StepFrame
        title={title}
        description={description}
        focusOnMount={context.focusOnMount}
        summary={stepForm.summary}
        attempt={stepForm.form.formState.submitCount}
        onSelectError={stepForm.focusField}
        serverError={stepForm.serverError}
        draftState={stepForm.draftState}
        actions={
          <Button type="submit" size="lg" loading={stepForm.saving}>
            {context.revising ? 'Salvar alterações' : 'Continuar'}
          </Button>
        }
      >
        {children}
      </StepFrame>
    </form>
  )
}
