import { useState, type Ref } from 'react'
import { IMaskInput } from 'react-imask'
import { FieldShell, controlClass } from './Field'
import { formatCents, toCents } from '@/kernel/money'

/** `R$ 1.234,56` as the mask writes it (empty for no value): the kernel's text of money. */
export const moneyText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? ''
    : formatCents(toCents(value))

/** The number in a `R$ 1.234,56` text; null when there is none. */
export function parseMoneyText(text: string): number | null {
  const digits = text.replace(/[^\d,-]/g, '').replace(',', '.')
  if (digits === '' || digits === '-' || digits === '.') return null
  const value = Number(digits)
  return Number.isFinite(value) ? value : null
}

// imask's options for reais: thousands with a dot, two decimals after a comma, no negatives. A
// "." typed or pasted is the thousands separator, as pt-BR writes it ("1.234,56"), never the
// decimal comma.
const maskOptions = {
  mask: 'R$ num',
  lazy: true,
  blocks: {
    num: {
      mask: Number,
      scale: 2,
      thousandsSeparator: '.',
      radix: ',',
      // imask's default maps "." to the radix; in pt-BR it separates thousands.
      mapToRadix: [],
      padFractionalZeros: true,
      normalizeZeros: true,
      min: 0,
      max: 999_999_999.99,
    },
  },
}

export type MoneyFieldProps = {
  label: string
  /** The amount in reais; null when the field is empty. */
  value: number | null | undefined
  onChange: (value: number | null) => void
  onBlur?: () => void
  name?: string
  error?: string | undefined
  hint?: string
  required?: boolean
  disabled?: boolean
  placeholder?: string
  inputRef?: Ref<HTMLInputElement>
}

/** An amount in reais typed as `R$ 1.234,56`; the value handed back is a number. */
export function MoneyField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  inputRef,
  placeholder = 'R$ 0,00',
  ...input
}: MoneyFieldProps) {
  // The text being typed is kept here, so "1.234,5" is not rewritten to "1.234,50" mid-typing;
  // a value set from outside (a reset, an edit form) replaces it.
  const [text, setText] = useState(() => moneyText(value))
  const [shown, setShown] = useState(value ?? null)
  if ((value ?? null) !== shown) {
    setShown(value ?? null)
    if (parseMoneyText(text) !== (value ?? null)) setText(moneyText(value))
  }
  return (
    <FieldShell label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <IMaskInput
          {...maskOptions}
          id={id}
          value={text}
          unmask={false}
          onAccept={(next: string) => {
            setText(next)
            const amount = parseMoneyText(next)
            setShown(amount)
            onChange(amount)
          }}
          onBlur={onBlur}
          inputRef={inputRef}
          className={controlClass}
          inputMode="decimal"
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </FieldShell>
  )
}
