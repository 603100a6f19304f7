import { useId, type FormEvent } from 'react'
import { Button } from '@/ui/Button'
import { controlClass } from '@/ui/Field'
import styles from './SearchForm.module.css'

/** A labelled search box with its button (the city search, the CNAE search). */
export function SearchForm({
  label,
  labelId,
  value,
  onChange,
  onSubmit,
  placeholder,
  name,
  buttonLabel,
  buttonDisabled,
  describedBy,
  ariaLabel,
  maxLength,
}: {
  label: string
  labelId?: string
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  placeholder?: string
  name?: string
  buttonLabel: string
  buttonDisabled?: boolean
  describedBy?: string
  ariaLabel?: string
  maxLength?: number
}) {
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form className={styles.form} role="search" aria-label={ariaLabel} onSubmit={submit}>
      <label htmlFor={`${id}-q`} id={labelId} className={styles.label}>
        {label}
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-q`}
          className={controlClass}
          type="search"
          name={name}
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
        <Button type="submit" disabled={buttonDisabled}>
          {buttonLabel}
        </Button>
      </div>
    </form>
  )
}
