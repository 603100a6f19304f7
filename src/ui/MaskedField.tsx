import { IMaskInput } from 'react-imask'
import { useCallback, useLayoutEffect, useRef, type Ref } from 'react'
import { FieldShell, controlClass } from './Field'
import { maskDefinitions, masks, type MaskName } from './masks'

export type MaskedFieldProps = {
  label: string
  mask: MaskName
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  error?: string | undefined
  hint?: string
  required?: boolean
  placeholder?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'tel' | 'text'
  disabled?: boolean
  inputRef?: Ref<HTMLInputElement>
}

const upperCase = (char: string) => char.toUpperCase()

/** A text field with an imask mask; the value handed back is the formatted text. */
export function MaskedField({
  label,
  mask,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  inputRef,
  inputMode,
  ...input
}: MaskedFieldProps) {
  // A page painted before the app runs (the sign-up form, src/entries/app/login-page.tsx) is
  // hydrated with its own fields: what the visitor typed there before that is in the element
  // when the mask takes it, and the mask sets it back to the form's empty value. Read before the
  // mask attaches (a ref is set before its parent mounts), it is typed again once the commit is
  // over: a form library subscribes to its field in its own layout effect, which runs after this
  // child's, so a value handed over during the commit would reach the form and not the field.
  const typedBeforeMount = useRef<string | null>(null)
  const element = useRef<HTMLInputElement | null>(null)
  const prepareChar = mask === 'cnpj' ? upperCase : undefined
  const attach = useCallback(
    (node: HTMLInputElement | null) => {
      if (node && typedBeforeMount.current === null) typedBeforeMount.current = node.value
      element.current = node
      if (typeof inputRef === 'function') inputRef(node)
      else if (inputRef) inputRef.current = node
    },
    [inputRef],
  )
  useLayoutEffect(() => {
    const typed = typedBeforeMount.current
    if (!typed || value) return
    queueMicrotask(() => {
      const input = element.current
      if (!input || !input.isConnected || input.value) return
      // As typed: the mask formats it and hands it to the form through its own change.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, typed)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    // Once, on mount: later values are the mask's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <IMaskInput
          id={id}
          mask={masks[mask]}
          definitions={maskDefinitions}
          prepareChar={prepareChar}
          value={value}
          unmask={false}
          onAccept={(next: string) => onChange(next)}
          onBlur={onBlur}
          inputRef={attach}
          className={controlClass}
          inputMode={
            inputMode ?? (mask === 'cnpj' ? 'text' : mask === 'mobile' ? 'tel' : 'numeric')
          }
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </FieldShell>
  )
}
