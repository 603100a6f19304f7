import { useEffect, useRef, useState } from 'react'
import {
  useForm,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { z } from 'zod'
import { stepFields, stepInputSchemas } from '@/schemas/steps'
import type { StepId } from '@/schemas/track'
import { showServerIssues } from '@/services/api'
import { useSaveStep } from '@/services/onboarding'
import type { ErrorSummaryItem } from '@/ui/ErrorSummary'
import { clearDraft, draftKey, readDraft, writeDraft } from './drafts'
import type { StepContext } from './steps/step-context'

/** How long typing must pause before the server keeps a draft (another device resumes it). */
const SERVER_DRAFT_DELAY_MS = 1500

/** A step form's control (its values as typed, the payload as validated). */
export type StepControl<Values extends FieldValues> = Control<
  Values,
  unknown,
  Record<string, unknown>
>

export type DraftState = 'idle' | 'local' | 'saving' | 'saved' | 'failed'

export type StepFormOptions<Values extends FieldValues> = {
  context: Pick<StepContext, 'companyId' | 'uid' | 'step' | 'onSaved'>
  /** The form's values from a stored payload (a draft as typed, or a done step's payload). */
  valuesOf: (payload: Record<string, unknown> | null) => Values
  /** What the step's schema reads, from the form's values. */
  payloadOf: (values: Values) => Record<string, unknown>
  /** The field's name as the form shows it, for the error summary. */
  labelOf: (path: string) => string
}

export type StepForm<Values extends FieldValues> = {
  form: UseFormReturn<Values, unknown, Record<string, unknown>>
  submit: () => Promise<void>
  saving: boolean
  /** A message from the server that is not about one field (or a network failure). */
  serverError: string | null
  summary: ErrorSummaryItem[]
  focusField: (path: string) => void
  draftState: DraftState
}

/** Every message of a react-hook-form error tree, with its field's path. */
export function errorItems(
  errors: FieldErrors,
  labelOf: (path: string) => string,
  prefix = '',
): ErrorSummaryItem[] {
  const items: ErrorSummaryItem[] = []
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key
    const message = (value as { message?: unknown }).message
    if (typeof message === 'string' && message)
      items.push({ key: path, label: labelOf(path), message })
    else if (key !== 'root') items.push(...errorItems(value as FieldErrors, labelOf, path))
    if (typeof message === 'string' && 'root' in value)
      items.push(...errorItems({ root: (value as FieldErrors).root } as FieldErrors, labelOf, path))
  }
  return items
}

const pick = (values: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(
    fields.filter((field) => field in values).map((field) => [field, values[field]]),
  )

/**
 * A wizard step's form: react-hook-form validated by the step's own zod schema (the server's),
 * the draft kept locally on every change and on the server after a pause, a save that happens
 * once however often "Continuar" is pressed, and the server's messages put on their fields.
 */
export function useStepForm<Values extends FieldValues>({
  context,
  valuesOf,
  payloadOf,
  labelOf,
}: StepFormOptions<Values>): StepForm<Values> {
  const { companyId, uid, step, onSaved } = context
  const stepId: StepId = step.stepId
  // A done step being revised keeps its draft here only: the server keeps drafts of open steps.
  const serverDrafts = step.status !== 'done'
  const key = draftKey(uid, companyId, stepId)
  const save = useSaveStep()
  const [serverError, setServerError] = useState<string | null>(null)
  const [draftState, setDraftState] = useState<DraftState>('idle')
  const saving = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const lastSent = useRef<string | null>(null)

  // What this browser typed last wins over the server's copy when it is newer.
  const [defaults] = useState(() => {
    const local = readDraft(key)
    const serverAt = step.updatedAt ?? ''
    if (local && local.at >= serverAt) return valuesOf(local.values as Record<string, unknown>)
    return valuesOf(step.payload)
  })
  const [serverCopy] = useState(() => JSON.stringify(step.payload ?? null))

  const form = useForm<Values, unknown, Record<string, unknown>>({
    defaultValues: defaults as DefaultValues<Values>,
    // The form holds text as typed; the step's schema (the server's) reads the payload made of it.
    resolver: zodResolver(
      z.preprocess(
        (values) => payloadOf(values as Values),
        stepInputSchemas[stepId],
      ) as unknown as z.ZodType<FieldValues, FieldValues>,
    ) as unknown as Resolver<Values, unknown, Record<string, unknown>>,
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })

  useEffect(() => {
    const fields = stepFields(stepId)
    const subscription = form.watch((values) => {
      writeDraft(key, values)
      setDraftState('local')
      if (!serverDrafts) return
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        timer.current = null
        const payload = pick(values as Record<string, unknown>, fields)
        const json = JSON.stringify(payload)
        if (json === lastSent.current || json === serverCopy || saving.current) return
        lastSent.current = json
        setDraftState('saving')
        save.mutate(
          { companyId, stepId, payload, draft: true },
          {
            onSuccess: () => setDraftState('saved'),
            // The local draft still has it; the next pause tries again.
            onError: () => {
              lastSent.current = null
              setDraftState('failed')
            },
          },
        )
      }, SERVER_DRAFT_DELAY_MS)
    })
    return () => {
      subscription.unsubscribe()
      if (timer.current) clearTimeout(timer.current)
    }
    // One subscription for the form's life; `save` is stable enough (its mutate is).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, key, stepId, serverDrafts, companyId])

  const submit = form.handleSubmit(async (payload) => {
    // A second press while the first save runs does nothing.
    if (saving.current) return
    saving.current = true
    if (timer.current) clearTimeout(timer.current)
    setServerError(null)
    try {
      const track = await save.mutateAsync({ companyId, stepId, payload })
      clearDraft(key)
      onSaved(track)
      // Saved: the wizard moves on and this form goes; a late second press must not save again.
      return
    } catch (error) {
      // The step's fields are the payload's: 'payload.partners.0.cpf' is 'partners.0.cpf' here.
      const placed = showServerIssues(
        form.setError,
        error,
        (path) => (path.startsWith('payload.') ? path.slice('payload.'.length) : undefined),
        { focus: false },
      )
      if (!placed)
        setServerError(
          error instanceof Error && error.message
            ? error.message
            : 'Não foi possível salvar agora. O que você digitou continua aqui: tente de novo.',
        )
    }
    saving.current = false
  })

  const focusField = (path: string) => {
    const anchor = document.getElementById(fieldAnchorId(path))
    if (anchor) {
      anchor.focus()
      return
    }
    try {
      form.setFocus(path as Path<Values>, { shouldSelect: false })
    } catch {
      // A path with no input of its own (a list's rule): nothing to focus.
    }
  }

  return {
    form,
    submit,
    saving: save.isPending && !save.variables?.draft,
    serverError,
    summary: inPageOrder(errorItems(form.formState.errors, labelOf)),
    focusField,
    draftState,
  }
}

/** The summary in the order the fields appear on the page (the schema's order may differ). */
function inPageOrder(items: ErrorSummaryItem[]): ErrorSummaryItem[] {
  if (typeof document === 'undefined') return items
  const elementOf = (key: string) =>
    document.getElementById(fieldAnchorId(key)) ?? document.querySelector(`[name="${key}"]`)
  const placed = items.map((item, index) => ({ item, index, element: elementOf(item.key) }))
  return placed
    .sort((a, b) => {
      if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : a.index - b.index
      if (a.element === b.element) return a.index - b.index
      return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING
        ? -1
        : 1
    })
    .map(({ item }) => item)
}

/** The id of an element standing for a path with no input of its own (a list and its rules). */
export const fieldAnchorId = (path: string) => `campo-${path.replace(/\./g, '-')}`
