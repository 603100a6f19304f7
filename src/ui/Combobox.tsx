import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { FieldShell, controlClass } from './Field'
import styles from './Combobox.module.css'

export type ComboboxOption = { value: string; label: string; description?: string }

export type ComboboxProps = {
  label: ReactNode
  /** The text in the box (what is being searched). */
  inputValue: string
  onInputChange: (text: string) => void
  /** Options for the text; the caller fetches them. */
  options: readonly ComboboxOption[]
  onSelect: (option: ComboboxOption) => void
  loading?: boolean
  /** What the list says when the text finds nothing. */
  emptyText?: string
  /** Shown while the text is too short to search. */
  idleText?: string
  /** Whether the text is long enough to search (the list opens only then). */
  searching: boolean
  hint?: ReactNode
  error?: string | undefined
  placeholder?: string
  name?: string
  disabled?: boolean
  inputRef?: Ref<HTMLInputElement>
  onBlur?: () => void
}

/**
 * A text box with a list of suggestions (WAI-ARIA combobox with a listbox popup): typing
 * searches, ↓/↑ move through the options, Enter picks, Esc closes; the options are the caller's.
 */
export function Combobox({
  label,
  inputValue,
  onInputChange,
  options,
  onSelect,
  loading = false,
  emptyText = 'Nada encontrado.',
  idleText,
  searching,
  hint,
  error,
  placeholder,
  name,
  disabled,
  inputRef,
  onBlur,
}: ComboboxProps) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const expanded = open && searching
  // The list shows only with options in it (an empty listbox is not a list).
  const listed = expanded && options.length > 0
  const optionId = (index: number) => `${listId}-option-${index}`

  function pick(option: ComboboxOption) {
    onSelect(option)
    setOpen(false)
    setActive(-1)
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (options.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + options.length) % options.length)
    } else if (event.key === 'Enter' && listed && options[active]) {
      event.preventDefault()
      pick(options[active])
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <div className={styles.box}>
          <input
            ref={inputRef}
            id={id}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            className={controlClass}
            value={inputValue}
            placeholder={placeholder}
            disabled={disabled}
            aria-autocomplete="list"
            aria-expanded={listed}
            aria-controls={listId}
            aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              onInputChange(event.target.value)
              setOpen(true)
              setActive(-1)
            }}
            onKeyDown={keyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false)
              onBlur?.()
            }}
          />
          <ul id={listId} role="listbox" className={styles.list} hidden={!listed}>
            {options.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault()
                  pick(option)
                }}
              >
                <span>{option.label}</span>
                {option.description && (
                  <span className={styles.description}>{option.description}</span>
                )}
              </li>
            ))}
          </ul>
          {expanded && options.length === 0 && (
            <p className={styles.note} role="status">
              {loading ? 'Buscando…' : emptyText}
            </p>
          )}
          {open && !searching && idleText && (
            <p className={styles.note} role="status">
              {idleText}
            </p>
          )}
        </div>
      )}
    </FieldShell>
  )
}
