import { useId, type ReactNode } from 'react'
import styles from './RadioCards.module.css'

export type RadioCardOption<Value extends string> = {
  value: Value
  label: ReactNode
  description?: ReactNode
}

/** A choice between a few options, shown as cards (native radios: arrow keys, one tab stop). */
export function RadioCards<Value extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  error,
  required,
  stacked = false,
}: {
  legend: ReactNode
  name: string
  value: Value | undefined
  onChange: (value: Value) => void
  options: readonly RadioCardOption<Value>[]
  error?: string | undefined
  required?: boolean
  /**
   * One option a line: for options with long descriptions in a narrow place (a dialog), where
   * side by side cards break their words.
   */
  stacked?: boolean
}) {
  const id = useId()
  const errorId = error ? `${id}-error` : undefined
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={errorId}
      aria-invalid={Boolean(error) || undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className={stacked ? `${styles.options} ${styles.stacked}` : styles.options}>
        {options.map((option) => (
          <label key={option.value} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              required={required}
            />
            <span className={styles.text}>
              <strong>{option.label}</strong>
              {option.description && (
                <span className={styles.description}>{option.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  )
}
