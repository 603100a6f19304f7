import type { BankTransaction } from '../../../../src/schemas/bank'
import { formatCents } from '../../../../src/kernel/money'
import { monthOf, periodRange, toCents } from '../../../../src/schemas/finance-common'
import { nfsRequestStatusLabels, type NfsRequest } from '../../../../src/schemas/invoice'
import {
  amountDueOf,
  creditExplanationLabels,
  reconciliationMessages as messages,
  type ReconciliationConfirm,
  type ReconciliationExplain,
  type ReconciliationMatch,
  type ReconciliationRecord,
} from '../../../../src/schemas/reconciliation'
import { conflict, invalid, ownedBy } from '../../errors'
import type { Store } from '../../../store/database'
import type { Raise } from '../../events'
import { bankPaymentOf, claimTargets, releaseMatch } from './writes'
import { readMemo } from './memo'

// What a person does on the reconciliation screen, each inside the caller's store.write(): match a
// transaction to invoices or to a guide (POST), or undo a match (DELETE). The automatic run that
// follows (reconciler.ts) never overwrites either: it reads the record's `rev`.

const money = formatCents

const invoiceLabel = (request: NfsRequest) =>
  request.number !== null ? `NFS-e nº ${request.number}` : 'nota solicitada em ' + request.date

/** The keys a match names, as `dismissed` keeps them. */
const targetKeys = (match: ReconciliationMatch) =>
  match.kind === 'invoice'
    ? match.invoiceIds.map((id) => `invoice:${id}`)
    : match.kind === 'guide'
      ? [`guide:${match.documentId}`]
      : []

/**
 * The amounts (signed cents) of what a match names: lines of those amounts may have it among
 * their suggestions, and are looked at again when it is taken or freed.
 */
export function matchAmounts(store: Store, match: ReconciliationMatch | null): number[] {
  if (!match || match.kind === 'explained') return []
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
export function writeMatch(
  store: Store,
  companyId: string,
  input: ReconciliationConfirm,
  uid: string,
  at: string,
  raise: Raise,
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
    const issue = (message: string) => invalid(message, [{ path: ['invoiceIds'], message }])
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
    claimTargets(store, { kind: 'invoice', invoices }, payment, at, raise)
    match = {
      kind: 'invoice',
      invoiceIds: invoices.map((r) => r.id),
      auto: false,
      confirmedBy: uid,
      confirmedAt: at,
      reasons: [],
    }
  } else {
    const issue = (message: string) => invalid(message, [{ path: ['documentId'], message }])
    if (cents >= 0) throw issue(messages.debitOnly)
    const guide = ownedBy(store.documents.get(input.documentId), companyId, messages.guideNotFound)
    if (guide.type !== 'guia' || !guide.guia) throw issue(messages.notGuide)
    if (guide.paidBy) throw conflict(messages.guideTaken)
    if (toCents(guide.guia.amount) !== -cents)
      throw issue(
        messages.amountsDiffer(money(-cents), `a guia é de ${money(toCents(guide.guia.amount))}`),
      )
    guideBefore = claimTargets(store, { kind: 'guide', guide }, payment, at, raise)
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
export function writeUndo(
  store: Store,
  companyId: string,
  transactionId: string,
  at: string,
  raise: Raise,
): ReconciliationMatch {
  ownedBy(store.bankTransactions.get(transactionId), companyId, messages.transactionNotFound)
  const record = store.reconciliations.get(transactionId)
  if (!record || record.status !== 'matched' || !record.match) throw conflict(messages.notMatched)
  releaseMatch(store, record, at, raise)
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

const competence = (period: string) => `${period.slice(5)}/${period.slice(0, 4)}`

/** The revenue without an invoice the company declared for a month, in cents. */
function declaredCents(store: Store, companyId: string, period: string) {
  const declared = store.declaredRevenues.get(`${companyId}:${period}`)
  return (declared?.items ?? []).reduce((sum, item) => sum + toCents(item.amount), 0)
}

/**
 * The credits of a month a person explained as sales declared without an invoice, in cents: they
 * are part of the month's declared revenue, which may not be lowered below them.
 */
export function declaredSalesExplained(store: Store, companyId: string, period: string) {
  return store.reconciliations
    .find({ where: { companyId, status: 'matched', side: 'credit', date: periodRange(period) } })
    .filter(
      (record) =>
        record.match?.kind === 'explained' &&
        record.match.explanation === 'declared-sale' &&
        record.match.period === period,
    )
    .reduce((sum, record) => sum + record.amountCents, 0)
}

/** 409 when a month's declared revenue would fall below the credits explained by it. */
export function assertDeclaredCoversExplained(
  store: Store,
  companyId: string,
  period: string,
  declaredCentsAfter: number,
) {
  const explained = declaredSalesExplained(store, companyId, period)
  if (declaredCentsAfter < explained)
    throw conflict(messages.belowExplained(competence(period), money(explained)))
}

/**
 * `POST /bank-statements/reconciliation/explanations`: a person explains credits no invoice
 * explains (inside the caller's store.write). A sale declared without an invoice counts in its
 * month's declared revenue, never beyond it (409 naming both amounts); the other kinds are money
 * in that is not revenue. 409 when a line is matched already; 400 for a debit. Answers the
 * records written. Nothing is half-saved: any refusal throws before the first write counts.
 */
export function explainCredits(
  store: Store,
  companyId: string,
  input: ReconciliationExplain,
  uid: string,
  at: string,
): ReconciliationRecord[] {
  const ids = [...new Set(input.transactionIds)]
  const lines = ids.map((id) => {
    const transaction = ownedBy(
      store.bankTransactions.get(id),
      companyId,
      messages.transactionNotFound,
    )
    const fresh = store.reconciliations.get(transaction.id)
    if (fresh?.status === 'matched') throw conflict(messages.alreadyMatched)
    const cents = toCents(transaction.amount)
    if (cents <= 0)
      throw invalid(messages.explainCreditOnly, [
        { path: ['transactionIds'], message: messages.explainCreditOnly },
      ])
    return { transaction, fresh, cents }
  })
  const sale = input.explanation === 'declared-sale'
  if (sale) {
    const byPeriod = new Map<string, number>()
    for (const { transaction, cents } of lines) {
      const period = monthOf(transaction.date)
      byPeriod.set(period, (byPeriod.get(period) ?? 0) + cents)
    }
    for (const [period, adding] of byPeriod) {
      const declared = declaredCents(store, companyId, period)
      if (declared <= 0) throw conflict(messages.noDeclaredRevenue(competence(period)))
      const explained = declaredSalesExplained(store, companyId, period) + adding
      if (explained > declared)
        throw conflict(
          messages.beyondDeclared(competence(period), money(declared), money(explained)),
        )
    }
  }
  return lines.map(({ transaction, fresh, cents }) => {
    const period = sale ? monthOf(transaction.date) : null
    const record: ReconciliationRecord = {
      transactionId: transaction.id,
      companyId,
      accountId: transaction.accountId,
      date: transaction.date,
      amountCents: cents,
      side: 'credit',
      status: 'matched',
      match: {
        kind: 'explained',
        explanation: input.explanation,
        period,
        auto: false,
        confirmedBy: uid,
        confirmedAt: at,
        reasons: [
          period
            ? `parte da receita sem nota declarada em ${competence(period)} (${money(declaredCents(store, companyId, period))})`
            : creditExplanationLabels[input.explanation],
        ],
      },
      suggestions: [],
      memoDocument: fresh ? fresh.memoDocument : memoDocumentOf(store, transaction),
      dismissed: fresh?.dismissed ?? [],
      guideBefore: null,
      rev: (fresh?.rev ?? 0) + 1,
      updatedAt: at,
    }
    store.reconciliations.put(record)
    return record
  })
}
