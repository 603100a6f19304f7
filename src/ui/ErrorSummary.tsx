import { useEffect, useRef } from 'react'
import styles from './ErrorSummary.module.css'

export type ErrorSummaryItem = {
  /** The field's path, e.g. `address.zipCode`. */
  key: string
  /** The field's label as the form shows it. */
  label: string
  message: string
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * A line of the summary: the message alone when it already names its field (the field's label or
 * the label's first word: 'Informe o CPF ou CNPJ do tomador', 'Valor precisa ser maior ou igual a
 * 1 real.' for "Valor total"), else the label first ('Descrição do serviço: Descreva o serviço
 * prestado'). A field is never named twice on one line.
 */
export function summaryLine({ label, message }: Pick<ErrorSummaryItem, 'label' | 'message'>) {
  const said = plain(message)
  const first = plain(label).split(/[^\p{L}\p{N}]+/u)[0] ?? ''
  const names = said.includes(plain(label)) || (first.length >= 3 && said.includes(first))
  return names ? message : `${label}: ${message}`
}

/**
 * What is wrong with a long form, above it: takes focus after a failed submit (`attempt` changes)
 * so the person hears it, and each line (one per field) moves the focus to its field.
 */
export function ErrorSummary({
  items,
  attempt,
  onSelect,
  title = 'Confira os campos marcados',
}: {
  items: readonly ErrorSummaryItem[]
  /** Changes on every submit that failed (react-hook-form's `submitCount`). */
  attempt: number
  onSelect: (key: string) => void
  title?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const focusedAttempt = useRef(0)
  const shown = items.length > 0
  useEffect(() => {
    // Only a new attempt moves the focus, not every keystroke that changes the list; the list may
    // arrive a render after the attempt's count (validation is asynchronous).
    if (!shown || focusedAttempt.current === attempt) return
    focusedAttempt.current = attempt
    box.current?.focus()
  }, [attempt, shown])
  if (!shown) return null
  return (
    <div ref={box} className={styles.summary} tabIndex={-1} role="alert">
      <strong>{title}</strong>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <button type="button" className={styles.link} onClick={() => onSelect(item.key)}>
              {summaryLine(item)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
