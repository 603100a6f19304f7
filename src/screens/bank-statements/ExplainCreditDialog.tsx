import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { formatDate, formatMoney, formatMonthYear } from '@/lib/format'
import { pluralWord } from '@/kernel/dates'
import {
  creditExplanationLabels,
  creditExplanationNotes,
  creditExplanations,
  type CreditExplanation,
  type ReconciliationRow,
} from '@/schemas/reconciliation'
import { useExplainCredits } from '@/services/bank-statements'
import { monthQueryOptions } from '@/services/simples'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { RadioCards } from '@/ui/RadioCards'
import { notify } from '@/ui/notify'
import type { FocusTarget } from '@/ui/return-focus'
import { signedMoney } from './bank-format'
import styles from './Reconciliation.module.css'

/**
 * "Explicar sem nota": a credit no invoice explains is said to be a sale declared without an
 * invoice (counted in the month's declared revenue, which the DAS already includes) or money in
 * that is not revenue (a transfer, a redemption, a partner's money, a loan, financial income).
 * The same explanation may go to the other credits of the page with the same memo (a card
 * acquirer's daily payouts). The month closes once every credit has an invoice or an explanation.
 */
export function ExplainCreditDialog({
  companyId,
  row,
  similar,
  audience,
  onOpenChange,
  finalFocus,
}: {
  companyId: string
  row: ReconciliationRow | null
  /** The page's other credits without an invoice with the same memo. */
  similar: readonly ReconciliationRow[]
  audience: 'client' | 'accountant'
  onOpenChange: (open: boolean) => void
  finalFocus?: FocusTarget
}) {
  return (
    <Dialog
      open={row !== null}
      onOpenChange={onOpenChange}
      title="Explicar a entrada sem nota"
      description={
        row
          ? `${row.transaction.description} · ${formatDate(row.transaction.date)} · ${signedMoney(row.transaction.amount)}`
          : undefined
      }
      finalFocus={finalFocus}
    >
      {row && (
        <ExplainForm
          key={row.transaction.id}
          companyId={companyId}
          row={row}
          similar={similar}
          audience={audience}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  )
}

function ExplainForm({
  companyId,
  row,
  similar,
  audience,
  onDone,
}: {
  companyId: string
  row: ReconciliationRow
  similar: readonly ReconciliationRow[]
  audience: 'client' | 'accountant'
  onDone: () => void
}) {
  const period = row.transaction.date.slice(0, 7)
  const monthName = formatMonthYear(`${period}-15`)
  const [explanation, setExplanation] = useState<CreditExplanation | undefined>(undefined)
  const [withSimilar, setWithSimilar] = useState(similar.length > 0)
  const month = useQuery({ ...monthQueryOptions(companyId, period), retry: false })
  const declared = (month.data?.declared ?? []).reduce((sum, item) => sum + item.amount, 0)
  const explain = useExplainCredits()
  const rows = withSimilar ? [row, ...similar] : [row]
  const total = rows.reduce((sum, r) => sum + r.transaction.amount, 0)

  function submit() {
    if (!explanation) return
    explain.mutate(
      {
        companyId,
        transactionIds: rows.map((r) => r.transaction.id),
        explanation,
      },
      {
        onSuccess: (done) => {
          notify.success(
            `${done.length} ${pluralWord(done.length, { one: 'entrada explicada', other: 'entradas explicadas' })}: ${creditExplanationLabels[explanation].toLowerCase()}.`,
          )
          onDone()
        },
      },
    )
  }

  return (
    <div className={styles.choose}>
      <RadioCards
        legend="O que é esta entrada?"
        name="explicacao"
        stacked
        value={explanation}
        onChange={setExplanation}
        options={creditExplanations.map((value) => ({
          value,
          label: creditExplanationLabels[value],
          description:
            value === 'declared-sale'
              ? `${creditExplanationNotes[value]} ${
                  month.data
                    ? declared > 0
                      ? `Receita sem nota declarada em ${monthName}: ${formatMoney(declared)}.`
                      : `Nenhuma receita sem nota declarada em ${monthName} ainda.`
                    : ''
                }`
              : creditExplanationNotes[value],
        }))}
      />
      {explanation === 'declared-sale' && month.data && declared === 0 && (
        <Alert tone="warning" title={`Declare a receita sem nota de ${monthName} primeiro`}>
          {audience === 'client' ? (
            <>
              A venda sem nota entra no DAS pela receita declarada do mês.{' '}
              <Link to="/app/panel" search={{ competencia: period }}>
                Informar a receita sem nota de {monthName}
              </Link>
            </>
          ) : (
            'A venda sem nota entra no DAS pela receita declarada do mês: peça ao cliente que a informe no painel.'
          )}
        </Alert>
      )}
      {similar.length > 0 && (
        <label className={styles.together}>
          <input
            type="checkbox"
            checked={withSimilar}
            onChange={(event) => setWithSimilar(event.target.checked)}
          />{' '}
          Explicar do mesmo jeito as outras {similar.length}{' '}
          {pluralWord(similar.length, { one: 'entrada', other: 'entradas' })} &quot;
          {row.transaction.description}&quot; de {monthName} desta página
        </label>
      )}
      <p aria-live="polite" className={styles.meta}>
        {rows.length} {pluralWord(rows.length, { one: 'entrada', other: 'entradas' })},{' '}
        {formatMoney(total)}.
      </p>
      {explain.isError && <Alert tone="danger" title={explain.error.message} />}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={explain.isPending}>
          Cancelar
        </Button>
        <Button disabled={!explanation} loading={explain.isPending} onClick={submit}>
          Explicar
        </Button>
      </div>
    </div>
  )
}
