import type { BankTransaction } from '../../../../src/schemas/bank'
import { fromCents, toCents } from '../../../../src/schemas/finance-common'
import { nfsRequestStatusLabels, type NfsRequest } from '../../../../src/schemas/invoice'
import {
  amountDueOf,
  reconciliationMessages as messages,
  type ReconciliationConfirm,
  type ReconciliationMatch,
  type ReconciliationRecord,
} from '../../../../src/schemas/reconciliation'
import { ownedBy } from '../../../access'
import { badRequest, conflict } from '../../../http'
import type { Store } from '../../../store/database'
import { bankPaymentOf, claimTargets, releaseMatch } from './writes'
import { readMemo } from './memo'

// What a person does on the reconciliation screen, each inside the caller's store.write(): match a
// transaction to invoices or to a guide (POST), or undo a match (DELETE). The automatic run that
// follows (reconciler.ts) never overwrites either: it reads the record's `rev`.

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const money = (cents: number) => brl.format(fromCents(cents)).replace(/\s/g, ' ')

const invoiceLabel = (request: NfsRequest) =>
  request.number !== null ? `NFS-e nº ${request.number}` : 'nota solicitada em ' + request.date

/** The keys a match names, as `dismissed` keeps them. */
const targetKeys = (match: ReconciliationMatch) =>
  match.kind === 'invoice'
    ? match.invoiceIds.map((id) => `invoice:${id}`)
    : [`guide:${match.documentId}`]

/**
 * The amounts (signed cents) of what a match names: lines of those amounts may have it among
 * their suggestions, and are looked at again when it is taken or freed.
 */
export function matchAmounts(store: Store, match: ReconciliationMatch | null): number[] {
  if (!match) return []
  if (match.kind === 'guide') {
    const amount = store.documents.get(match.documentId)?.guia?.amount
    return amount === undefined ? [] : [-toCents(amount)]
  }
  return match.invoiceIds.flatMap((id) => {
    const request = store.nfsRequests.get(id)
    return request ? [amountDueOf(request).min] : []
  })
}

/** The CPF or CNPJ a memo names (not the company's own), for "Receita sem nota". */
export function memoDocumentOf(store: Store, transaction: BankTransaction) {
  const own = store.companies.get(transaction.companyId)?.cnpj
  return readMemo(transaction.description).documents.find((d) => d !== own) ?? null
}

/**
 * `POST /bank-statements/reconciliation`: a person matches a credit to invoices (one, or several
 * of one taker adding up to it) or a debit to a guide. 409 when either side is matched already or
 * an invoice is not issued; 400 when the amounts do not add up (what a taker pays is the value
 * less what it withholds; with the ISS withheld at an unknown rate, 2 % to 5 % of the value).
 */
export function confirmMatch(
  store: Store,
  companyId: string,
  input: ReconciliationConfirm,
  uid: string,
  at: string,
): ReconciliationRecord {
  const transaction = ownedBy(
    store.bankTransactions.get(input.transactionId),
    companyId,
    messages.transactionNotFound,
  )
  const fresh = store.reconciliations.get(transaction.id)
  if (fresh?.status === 'matched') throw conflict(messages.alreadyMatched)
  const cents = toCents(transaction.amount)
  const payment = bankPaymentOf(store, transaction)
  let match: ReconciliationMatch
  let guideBefore: ReconciliationRecord['guideBefore'] = null
  if ('invoiceIds' in input) {
    const issue = (message: string) => badRequest(message, [{ path: ['invoiceIds'], message }])
    if (cents <= 0) throw issue(messages.creditOnly)
    if (new Set(input.invoiceIds).size !== input.invoiceIds.length) throw issue(messages.repeated)
    const invoices = input.invoiceIds.map((id) =>
      ownedBy(store.nfsRequests.get(id), companyId, messages.invoiceNotFound),
    )
    for (const request of invoices) {
      if (request.status !== 'issued')
        throw conflict(
          messages.notIssued(invoiceLabel(request), nfsRequestStatusLabels[request.status]),
        )
      if (request.receivedBy) throw conflict(messages.invoiceTaken(invoiceLabel(request)))
    }
    if (new Set(invoices.map((r) => r.taker?.document ?? null)).size > 1)
      throw issue(messages.sameTaker)
    const due = invoices
      .map(amountDueOf)
      .reduce((sum, range) => ({ min: sum.min + range.min, max: sum.max + range.max }), {
        min: 0,
        max: 0,
      })
    if (cents < due.min || cents > due.max) {
      const them = invoices.length === 1 ? 'a nota pede' : 'as notas somam'
      const expected =
        due.min === due.max
          ? `${them} ${money(due.min)} (o que o tomador paga, descontadas as retenções)`
          : `${them} de ${money(due.min)} a ${money(due.max)} (com o ISS retido de 2 % a 5 %)`
      throw issue(messages.amountsDiffer(money(cents), expected))
    }
    claimTargets(store, { kind: 'invoice', invoices }, payment, at)
    match = {
      kind: 'invoice',
      invoiceIds: invoices.map((r) => r.id),
      auto: false,
      confirmedBy: uid,
      confirmedAt: at,
      reasons: [],
    }
  } else {
    const issue = (message: string) => badRequest(message, [{ path: ['documentId'], message }])
    if (cents >= 0) throw issue(messages.debitOnly)
    const guide = ownedBy(store.documents.get(input.documentId), companyId, messages.guideNotFound)
    if (guide.type !== 'guia' || !guide.guia) throw issue(messages.notGuide)
    if (guide.paidBy) throw conflict(messages.guideTaken)
    if (toCents(guide.guia.amount) !== -cents)
      throw issue(
        messages.amountsDiffer(money(-cents), `a guia é de ${money(toCents(guide.guia.amount))}`),
      )
    guideBefore = claimTargets(store, { kind: 'guide', guide }, payment, at)
    match = {
      kind: 'guide',
      documentId: guide.id,
      auto: false,
      confirmedBy: uid,
      confirmedAt: at,
      reasons: [],
    }
  }
  // The reasons of the suggestion the person took, if it was one.
  const keys = targetKeys(match).sort().join(' ')
  const taken = fresh?.suggestions.find(
    (s) =>
      (s.kind === 'invoice' ? s.invoiceIds.map((id) => `invoice:${id}`) : [`guide:${s.id}`])
        .sort()
        .join(' ') === keys,
  )
  match.reasons = taken?.reasons ?? ['escolhida por uma pessoa']
  const record: ReconciliationRecord = {
    transactionId: transaction.id,
    companyId,
    accountId: transaction.accountId,
    date: transaction.date,
    amountCents: cents,
    side: cents > 0 ? 'credit' : 'debit',
    status: 'matched',
    match,
    suggestions: [],
    memoDocument: fresh ? fresh.memoDocument : memoDocumentOf(store, transaction),
    // Confirmed now: no longer something the person turned down.
    dismissed: (fresh?.dismissed ?? []).filter((key) => !keys.split(' ').includes(key)),
    guideBefore,
    rev: (fresh?.rev ?? 0) + 1,
    updatedAt: at,
  }
  store.reconciliations.put(record)
  return record
}

/**
 * `DELETE /bank-statements/reconciliation/{transactionId}`: the match is undone — the invoices
 * are not received any more, the guide is as it was — and what it named is never matched to this
 * line automatically again (it stays a suggestion). 409 when the line is not matched. Answers
 * the match undone.
 */
export function undoMatch(
  store: Store,
  companyId: string,
  transactionId: string,
  at: string,
): ReconciliationMatch {
  ownedBy(store.bankTransactions.get(transactionId), companyId, messages.transactionNotFound)
  const record = store.reconciliations.get(transactionId)
  if (!record || record.status !== 'matched' || !record.match) throw conflict(messages.notMatched)
  releaseMatch(store, record, at)
  const undone: ReconciliationRecord = {
    ...record,
    status: 'unmatched',
    match: null,
    suggestions: [],
    dismissed: [...new Set([...record.dismissed, ...targetKeys(record.match)])],
    guideBefore: null,
    rev: record.rev + 1,
    updatedAt: at,
  }
  store.reconciliations.put(undone)
  return record.match
}
