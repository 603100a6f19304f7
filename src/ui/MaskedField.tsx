import { IMaskInput } from 'react-imask'
import type { Ref } from 'react'
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
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <IMaskInput
          id={id}
          mask={masks[mask]}
          definitions={maskDefinitions}
          prepareChar={mask === 'cnpj' ? (char: string) => char.toUpperCase() : undefined}
          value={value}
          unmask={false}
          onAccept={(next: string) => onChange(next)}
          onBlur={onBlur}
          inputRef={inputRef}
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
