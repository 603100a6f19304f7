import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { bankPaymentPlace } from '@/schemas/bank'
import {
  creditExplanationLabels,
  type ReconciliationInvoice,
  type ReconciliationRow,
  type ReconciliationSuggestion,
} from '@/schemas/reconciliation'
import { useConfirmReconciliation, useUndoReconciliation } from '@/services/bank-statements'
import { Button, buttonClass } from '@/ui/Button'
import { Badge } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { signedMoney } from './bank-format'
import { formatTakerDocument, invoiceLabel, guideLabel } from './reconciliation-format'
import styles from './Reconciliation.module.css'

/**
 * One statement line of the reconciliation: its day, account, amount and memo, and beside it
 * what it pays — the match (with "Desfazer"), the suggestions (each with "Confirmar", and
 * "Escolher outra"), or, for a credit no invoice explains, "Receita sem nota" with a way to ask
 * for the invoice.
 */
export function ReconciliationLine({
  companyId,
  row,
  onChoose,
  onExplain,
  onDone,
  audience = 'client',
}: {
  companyId: string
  row: ReconciliationRow
  onChoose: () => void
  /** "Explicar sem nota" for a credit no invoice explains. */
  onExplain: () => void
  /** After an action that takes the line out of its list: where focus goes. */
  onDone?: () => void
  /** The accountant asks for no invoice here (that is the client's request). */
  audience?: 'client' | 'accountant'
}) {
  const titleId = useId()
  const { transaction } = row
  const where = row.account ? bankPaymentPlace(row.account) : 'Conta removida'
  return (
    <li className={styles.line}>
      <article aria-labelledby={titleId}>
        <header className={styles.lineHead}>
          <div className={styles.lineWhat}>
            <h3 id={titleId} className={styles.memo}>
              {transaction.description || 'Sem descrição'}
            </h3>
            <p className={styles.meta}>
              {formatDate(transaction.date)} · {where} ·{' '}
              {row.side === 'credit' ? 'Entrada' : 'Saída'}
            </p>
          </div>
          <span className={transaction.amount < 0 ? styles.out : styles.in}>
            {signedMoney(transaction.amount)}
          </span>
        </header>
        {row.status === 'matched' && row.match ? (
          <Matched companyId={companyId} row={row} onDone={onDone} />
        ) : row.status === 'suggested' && row.suggestions.length > 0 ? (
          <Suggested companyId={companyId} row={row} onChoose={onChoose} onDone={onDone} />
        ) : (
          <Unmatched row={row} onChoose={onChoose} onExplain={onExplain} audience={audience} />
        )}
      </article>
    </li>
  )
}

const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]))

/** What a match or a suggestion names, as people read it. */
function Target({
  kind,
  ids,
  row,
}: {
  kind: 'invoice' | 'guide'
  ids: readonly string[]
  row: ReconciliationRow
}) {
  if (kind === 'guide') {
    const guide = byId(row.guides).get(ids[0]!)
    return <p className={styles.target}>{guide ? guideLabel(guide) : 'Guia removida'}</p>
  }
  const invoices = byId(row.invoices)
  const found = ids.flatMap((id) => invoices.get(id) ?? [])
  return (
    <div className={styles.target}>
      {found.length === 1 ? (
        <p>{invoiceLabel(found[0]!)}</p>
      ) : (
        <ul className={styles.group}>
          {found.map((invoice: ReconciliationInvoice) => (
            <li key={invoice.id}>{invoiceLabel(invoice)}</li>
          ))}
        </ul>
      )}
      {found[0]?.takerDocument && (
        <p className={styles.meta}>Tomador: {formatTakerDocument(found[0].takerDocument)}</p>
      )}
    </div>
  )
}

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null
  return (
    <ul className={styles.reasons} aria-label="Por quê">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  )
}

/** "Conciliada por Ana Paula Ribeiro", "Explicada pela contabilidade (Helena Admin)". */
function matchedBy(row: ReconciliationRow) {
  const match = row.match!
  const verb = match.kind === 'explained' ? 'Explicada' : 'Conciliada'
  if (match.auto) return `${verb} automaticamente`
  const who = row.confirmer
  if (!who) return `${verb} por uma pessoa que já não tem acesso`
  return who.accountant ? `${verb} pela contabilidade (${who.name})` : `${verb} por ${who.name}`
}

function Matched({
  companyId,
  row,
  onDone,
}: {
  companyId: string
  row: ReconciliationRow
  onDone?: () => void
}) {
  const undo = useUndoReconciliation()
  const match = row.match!
  return (
    <div className={styles.body}>
      <div className={styles.matchHead}>
        <Badge tone="success">{matchedBy(row)}</Badge>
        <span className={styles.meta}>{formatDateTime(match.confirmedAt)}</span>
      </div>
      {match.kind === 'explained' ? (
        <p className={styles.target}>{creditExplanationLabels[match.explanation]}</p>
      ) : (
        <Target
          kind={match.kind}
          ids={match.kind === 'invoice' ? match.invoiceIds : [match.documentId]}
          row={row}
        />
      )}
      <Reasons reasons={match.reasons} />
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          loading={undo.isPending}
          aria-label={`Desfazer a conciliação de ${row.transaction.description} de ${formatDate(row.transaction.date)}`}
          onClick={() =>
            undo.mutate(
              { companyId, transactionId: row.transaction.id },
              {
                onSuccess: (after) => {
                  notify.success(
                    after.status === 'suggested'
                      ? 'Conciliação desfeita: a movimentação voltou para as sugestões.'
                      : 'Conciliação desfeita: a movimentação voltou para "A conciliar".',
                  )
                  onDone?.()
                },
                onError: (error) => notify.error(error.message),
              },
            )
          }
        >
          Desfazer
        </Button>
      </div>
    </div>
  )
}

const suggestionIds = (suggestion: ReconciliationSuggestion) =>
  suggestion.kind === 'invoice' ? suggestion.invoiceIds : [suggestion.id]

function Suggested({
  companyId,
  row,
  onChoose,
  onDone,
}: {
  companyId: string
  row: ReconciliationRow
  onChoose: () => void
  onDone?: () => void
}) {
  const confirm = useConfirmReconciliation()
  const pending = confirm.isPending ? confirm.variables : undefined
  const take = (suggestion: ReconciliationSuggestion) =>
    confirm.mutate(
      suggestion.kind === 'invoice'
        ? { companyId, transactionId: row.transaction.id, invoiceIds: suggestion.invoiceIds }
        : { companyId, transactionId: row.transaction.id, documentId: suggestion.id },
      {
        onSuccess: () => {
          notify.success('Conciliação confirmada.')
          onDone?.()
        },
        onError: (error) => notify.error(error.message),
      },
    )
  return (
    <div className={styles.body}>
      <p className={styles.bodyTitle}>
        {row.suggestions.length === 1 ? 'Sugestão' : `${row.suggestions.length} sugestões`} para
        esta {row.side === 'credit' ? 'entrada' : 'saída'}:
      </p>
      <ol className={styles.suggestions}>
        {row.suggestions.map((suggestion) => {
          const ids = suggestionIds(suggestion)
          const number = row.invoices.find((i) => i.id === ids[0])?.number
          const label =
            suggestion.kind === 'guide'
              ? (row.guides.find((g) => g.id === suggestion.id)?.name ?? 'a guia')
              : ids.length > 1
                ? `as ${ids.length} notas`
                : `a NFS-e nº ${number ?? ''}`
          return (
            <li key={ids.join('+')} className={styles.suggestion}>
              <Target kind={suggestion.kind} ids={ids} row={row} />
              <Reasons reasons={suggestion.reasons} />
              <Button
                size="sm"
                loading={
                  pending?.transactionId === row.transaction.id &&
                  ('invoiceIds' in pending
                    ? pending.invoiceIds.join('+') === ids.join('+')
                    : pending.documentId === suggestion.id)
                }
                disabled={confirm.isPending}
                aria-label={`Confirmar: ${row.transaction.description} de ${formatDate(row.transaction.date)} paga ${label}`}
                onClick={() => take(suggestion)}
              >
                Confirmar
              </Button>
            </li>
          )
        })}
      </ol>
      <div className={styles.actions}>
        <Button size="sm" variant="ghost" onClick={onChoose}>
          Escolher outra
        </Button>
      </div>
    </div>
  )
}

function Unmatched({
  row,
  onChoose,
  onExplain,
  audience,
}: {
  row: ReconciliationRow
  onChoose: () => void
  onExplain: () => void
  audience: 'client' | 'accountant'
}) {
  const { transaction } = row
  if (row.side === 'debit')
    return (
      <div className={styles.body}>
        <p>
          Nenhuma guia em aberto tem o valor desta saída. Se ela pagou um imposto, escolha a guia.
        </p>
        <div className={styles.actions}>
          <Button size="sm" variant="secondary" onClick={onChoose}>
            Escolher a guia
          </Button>
        </div>
      </div>
    )
  const payer = row.memoDocument
    ? `${row.memoName ? `${row.memoName} (${formatTakerDocument(row.memoDocument)})` : `o documento ${formatTakerDocument(row.memoDocument)}`}`
    : null
  return (
    <div className={`${styles.body} ${styles.withoutInvoice}`}>
      <p className={styles.bodyTitle}>Receita sem nota</p>
      <p>
        Nenhuma nota emitida explica esta entrada de {formatMoney(transaction.amount)}.{' '}
        {audience === 'client'
          ? 'Se ela é o pagamento de um serviço, peça a nota: ela entra no faturamento do mês e no cálculo do DAS.'
          : 'Se ela é o pagamento de um serviço, o cliente pede a nota pelo app.'}{' '}
        Se é uma venda de mercadoria declarada sem nota, uma transferência, um aporte ou um
        rendimento, explique: o mês só fecha com cada entrada explicada.
        {payer &&
          audience === 'client' &&
          ` O histórico traz ${payer}, que já vai preenchido como tomador.`}
      </p>
      <div className={styles.actions}>
        {audience === 'client' && (
          <Link
            to="/app/invoices"
            search={{
              draft: true,
              value: transaction.amount,
              date: transaction.date,
              taker: row.memoDocument ?? undefined,
              takerName: row.memoName ?? undefined,
            }}
            className={buttonClass({ size: 'sm' })}
            aria-label={`Pedir a nota fiscal desta entrada de ${formatMoney(transaction.amount)} de ${formatDate(transaction.date)}`}
          >
            Pedir nota fiscal
          </Link>
        )}
        <Button size="sm" variant="secondary" onClick={onChoose}>
          Já tem nota: escolher
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={onExplain}
          aria-label={`Explicar sem nota a entrada de ${formatMoney(transaction.amount)} de ${formatDate(transaction.date)}`}
        >
          Explicar sem nota
        </Button>
      </div>
    </div>
  )
}
