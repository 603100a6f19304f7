import { useState, type FormEvent } from 'react'
import { formatDate, formatMoney } from '@/lib/format'
import type { CompanyDocument } from '@/schemas/document'
import { toCents } from '@/schemas/finance-common'
import type { NfsRequest } from '@/schemas/invoice'
import { amountDueOf, type ReconciliationRow } from '@/schemas/reconciliation'
import { useConfirmReconciliation } from '@/services/bank-statements'
import { useDocuments } from '@/services/documents'
import { useInvoiceRequests } from '@/services/invoices'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert, Loading } from '@/ui/Feedback'
import { TextField } from '@/ui/Field'
import { notify } from '@/ui/notify'
import type { FocusTarget } from '@/ui/return-focus'
import { signedMoney } from './bank-format'
import { formatTakerDocument } from './reconciliation-format'
import styles from './Reconciliation.module.css'

/** Open invoices or guides a dialog lists at once. */
const CHOICES = 50

/**
 * "Escolher outra": a person matches a line by hand — a credit to one or more issued invoices not
 * received yet (of one taker, adding up to it: the server says so if they do not), a debit to a
 * guide not paid by another line.
 */
export function ChooseMatchDialog({
  companyId,
  row,
  onOpenChange,
  finalFocus,
}: {
  companyId: string
  row: ReconciliationRow | null
  onOpenChange: (open: boolean) => void
  finalFocus?: FocusTarget
}) {
  return (
    <Dialog
      open={row !== null}
      onOpenChange={onOpenChange}
      finalFocus={finalFocus}
      title={row?.side === 'debit' ? 'Escolher a guia' : 'Escolher as notas'}
      description={
        row
          ? `${row.transaction.description} · ${formatDate(row.transaction.date)} · ${signedMoney(row.transaction.amount)}`
          : undefined
      }
    >
      {row &&
        (row.side === 'credit' ? (
          <ChooseInvoices
            key={row.transaction.id}
            companyId={companyId}
            row={row}
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <ChooseGuide
            key={row.transaction.id}
            companyId={companyId}
            row={row}
            onDone={() => onOpenChange(false)}
          />
        ))}
    </Dialog>
  )
}

const dueOf = (request: NfsRequest) => amountDueOf(request).max / 100

function ChooseInvoices({
  companyId,
  row,
  onDone,
}: {
  companyId: string
  row: ReconciliationRow
  onDone: () => void
}) {
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState<string | undefined>(undefined)
  const [chosen, setChosen] = useState<ReadonlyMap<string, NfsRequest>>(new Map())
  const invoices = useInvoiceRequests({ companyId, received: 'false', query, limit: CHOICES })
  const confirm = useConfirmReconciliation()
  const total = [...chosen.values()].reduce((sum, r) => sum + toCents(dueOf(r)), 0) / 100

  function toggle(request: NfsRequest, on: boolean) {
    const next = new Map(chosen)
    if (on) next.set(request.id, request)
    else next.delete(request.id)
    setChosen(next)
  }
  function search(event: FormEvent) {
    event.preventDefault()
    setQuery(typed.trim() || undefined)
  }
  function submit() {
    confirm.mutate(
      { companyId, transactionId: row.transaction.id, invoiceIds: [...chosen.keys()] },
      {
        onSuccess: () => {
          notify.success('Conciliação confirmada.')
          onDone()
        },
      },
    )
  }

  return (
    <div className={styles.choose}>
      <form
        role="search"
        aria-label="Buscar notas"
        onSubmit={search}
        className={styles.chooseSearch}
      >
        <TextField
          label="Tomador ou número"
          type="search"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
      </form>
      {invoices.isPending ? (
        <Loading label="Carregando as notas a receber…" />
      ) : invoices.isError ? (
        <Alert tone="danger" title={invoices.error.message} />
      ) : invoices.data.data.length === 0 ? (
        <p className="muted">
          {query
            ? 'Nenhuma nota a receber com essa busca.'
            : 'Nenhuma nota emitida está a receber.'}
        </p>
      ) : (
        <fieldset className={styles.choices}>
          <legend>Notas emitidas a receber</legend>
          {invoices.data.data.map((request) => (
            <label key={request.id} className={styles.choice}>
              <input
                type="checkbox"
                checked={chosen.has(request.id)}
                onChange={(event) => toggle(request, event.target.checked)}
              />
              <span>
                <strong>
                  {request.number === null ? 'Nota' : `NFS-e nº ${request.number}`} ·{' '}
                  {formatMoney(dueOf(request))}
                </strong>
                <span className={styles.meta}>
                  {request.taker
                    ? `${request.taker.name} (${formatTakerDocument(request.taker.document)})`
                    : 'Sem tomador'}{' '}
                  · serviço de {formatDate(request.date)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p aria-live="polite" className={styles.meta}>
        {chosen.size === 0
          ? 'Escolha uma nota, ou várias do mesmo tomador que somem o valor da entrada.'
          : `Escolhidas: ${formatMoney(total)} de ${formatMoney(row.transaction.amount)}.`}
      </p>
      {confirm.isError && <Alert tone="danger" title={confirm.error.message} />}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={confirm.isPending}>
          Cancelar
        </Button>
        <Button onClick={submit} disabled={chosen.size === 0} loading={confirm.isPending}>
          Conciliar
        </Button>
      </div>
    </div>
  )
}

function ChooseGuide({
  companyId,
  row,
  onDone,
}: {
  companyId: string
  row: ReconciliationRow
  onDone: () => void
}) {
  const [chosen, setChosen] = useState<string | null>(null)
  const documents = useDocuments({ companyId, type: ['guia'], limit: CHOICES })
  const confirm = useConfirmReconciliation()
  const open = (documents.data?.data ?? []).filter(
    (document: CompanyDocument) => document.guia && !document.paidBy,
  )
  return (
    <div className={styles.choose}>
      {documents.isPending ? (
        <Loading label="Carregando as guias…" />
      ) : documents.isError ? (
        <Alert tone="danger" title={documents.error.message} />
      ) : open.length === 0 ? (
        <p className="muted">Nenhuma guia está à espera de um pagamento no extrato.</p>
      ) : (
        <fieldset className={styles.choices}>
          <legend>Guias sem pagamento conciliado</legend>
          {open.map((document) => (
            <label key={document.id} className={styles.choice}>
              <input
                type="radio"
                name="guia"
                checked={chosen === document.id}
                onChange={() => setChosen(document.id)}
              />
              <span>
                <strong>
                  {document.name} · {formatMoney(document.guia!.amount)}
                </strong>
                <span className={styles.meta}>vencimento {formatDate(document.guia!.dueDate)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {confirm.isError && <Alert tone="danger" title={confirm.error.message} />}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={confirm.isPending}>
          Cancelar
        </Button>
        <Button
          disabled={chosen === null}
          loading={confirm.isPending}
          onClick={() =>
            chosen &&
            confirm.mutate(
              { companyId, transactionId: row.transaction.id, documentId: chosen },
              {
                onSuccess: () => {
                  notify.success('Conciliação confirmada.')
                  onDone()
                },
              },
            )
          }
        >
          Conciliar
        </Button>
      </div>
    </div>
  )
}
