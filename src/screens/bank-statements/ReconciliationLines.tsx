import { useRef, useState } from 'react'
import type { ReconciliationRow } from '@/schemas/reconciliation'
import { ChooseMatchDialog } from './ChooseMatchDialog'
import { ExplainCreditDialog } from './ExplainCreditDialog'
import { ReconciliationLine } from './ReconciliationLine'
import styles from './Reconciliation.module.css'

/**
 * A page of reconciliation lines with what a person does to them — confirm a suggestion, choose
 * the invoices or the guide, explain a credit without an invoice, undo — the same for the owner
 * (Conciliação) and the accountant (the company's Conciliação tab). An action that takes a line
 * out of the list moves focus to the list, where the next line now is.
 */
export function ReconciliationLines({
  companyId,
  rows,
  label,
  audience = 'client',
}: {
  companyId: string
  rows: readonly ReconciliationRow[]
  label: string
  audience?: 'client' | 'accountant'
}) {
  const list = useRef<HTMLUListElement>(null)
  const [choosing, setChoosing] = useState<ReconciliationRow | null>(null)
  const [explaining, setExplaining] = useState<ReconciliationRow | null>(null)
  const focusList = () => list.current
  // The page's other credits without an invoice with the same memo in the same month: explained
  // together. A month's explanations count against that month's declared revenue, and the owner's
  // list runs across months (a page may end one month and start the next).
  const similar = explaining
    ? rows.filter(
        (row) =>
          row.transaction.id !== explaining.transaction.id &&
          row.side === 'credit' &&
          row.status === 'unmatched' &&
          row.transaction.description === explaining.transaction.description &&
          row.transaction.date.slice(0, 7) === explaining.transaction.date.slice(0, 7),
      )
    : []
  return (
    <>
      <ul className={styles.lines} aria-label={label} ref={list} tabIndex={-1}>
        {rows.map((row) => (
          <ReconciliationLine
            key={row.transaction.id}
            companyId={companyId}
            row={row}
            audience={audience}
            onChoose={() => setChoosing(row)}
            onExplain={() => setExplaining(row)}
            onDone={() => list.current?.focus()}
          />
        ))}
      </ul>
      <ChooseMatchDialog
        companyId={companyId}
        row={choosing}
        onOpenChange={(open) => !open && setChoosing(null)}
        finalFocus={focusList}
      />
      <ExplainCreditDialog
        companyId={companyId}
        row={explaining}
        similar={similar}
        audience={audience}
        onOpenChange={(open) => !open && setExplaining(null)}
        finalFocus={focusList}
      />
    </>
  )
}
