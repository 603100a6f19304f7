import type { BankAccount, BankPayment, BankTransaction } from '../../../../src/schemas/bank'
import { noonInBrazil } from '../../../../src/kernel/dates'
import type { CompanyDocument } from '../../../../src/schemas/document'
import type { NfsRequest } from '../../../../src/schemas/invoice'
import type {
  ReconciliationMatch,
  ReconciliationRecord,
} from '../../../../src/schemas/reconciliation'
import type { Store } from '../../../store/database'
import type { DomainEvent, Raise } from '../../events'
import type { Change, RecordContent } from './job'
import { isOpenGuide, isOpenInvoice } from './inputs'

// What a reconciliation writes besides its own record, always inside the caller's store.write():
// a matched invoice is received (`receivedAt`, `receivedBy`), a matched guide is paid (`status`
// paid, `paidAt`, `paidBy`); undoing a match puts both back as they were. A guide paid or unpaid
// is raised (`guide-paid`, `guide-unpaid`): what follows from it is a reaction's
// (mock-server/domain/reactions.ts), once the write has committed.

/** The line that paid something, as the invoice or the guide keeps it. */
export function bankPaymentOf(
  store: Store,
  transaction: Pick<BankTransaction, 'id' | 'accountId' | 'date'>,
  accounts?: Map<string, BankAccount | undefined>,
): BankPayment {
  let account = accounts?.get(transaction.accountId)
  if (!account && !accounts?.has(transaction.accountId)) {
    account = store.bankAccounts.get(transaction.accountId)
    accounts?.set(transaction.accountId, account)
  }
  return {
    transactionId: transaction.id,
    accountId: transaction.accountId,
    bankName: account?.bankName ?? 'Conta bancária',
    accountNumber: account?.accountNumber ?? '',
    date: transaction.date,
  }
}

/** A statement gives a day, not a time: noon in São Paulo, the same day in every Brazilian zone. */
export const paidAtOf = (day: string) => noonInBrazil(day).toISOString()

type Target =
  { kind: 'invoice'; invoices: NfsRequest[] } | { kind: 'guide'; guide: CompanyDocument }

/**
 * The invoices or the guide a match names, read now, if every one of them can still be matched
 * to this line: open, or already this line's (a match being written again).
 */
export function openTargets(
  store: Store,
  companyId: string,
  lineId: string,
  match: Pick<ReconciliationMatch, 'kind'> & { invoiceIds?: string[]; documentId?: string },
): Target | null {
  if (match.kind === 'invoice') {
    const invoices: NfsRequest[] = []
    for (const id of match.invoiceIds ?? []) {
      const request = store.nfsRequests.get(id)
      if (!request || request.companyId !== companyId) return null
      const mine = request.receivedBy?.transactionId === lineId && request.status === 'issued'
      if (!mine && !isOpenInvoice(request)) return null
      invoices.push(request)
    }
    return invoices.length > 0 ? { kind: 'invoice', invoices } : null
  }
  const guide = match.documentId ? store.documents.get(match.documentId) : undefined
  if (!guide || guide.companyId !== companyId) return null
  if (guide.paidBy?.transactionId !== lineId && !isOpenGuide(guide)) return null
  return { kind: 'guide', guide }
}

/**
 * An invoice received through a statement line (a record changed in place). A run's batch writes
 * the same fields in SQL (RECEIPT_PATCH): a change here changes it there.
 */
export function markReceived(request: NfsRequest, payment: BankPayment, at: string) {
  request.receivedAt = payment.date
  request.receivedBy = payment
  request.updatedAt = at
}

/** A guide paid through a statement line (changed in place); answers it as it was, for an undo. */
export function markPaid(
  guide: CompanyDocument,
  payment: BankPayment,
  at: string,
): NonNullable<ReconciliationRecord['guideBefore']> {
  const before = {
    status: guide.status === 'paid' ? ('paid' as const) : ('pending' as const),
    paidAt: guide.paidAt,
  }
  guide.status = 'paid'
  // Paid by hand before: the day the person said stays.
  guide.paidAt ??= paidAtOf(payment.date)
  guide.paidBy = payment
  guide.updatedAt = at
  return before
}

/** Marks what a match names as paid by the line; answers the guide as it was (for an undo). */
export function claimTargets(
  store: Store,
  target: Target,
  payment: BankPayment,
  at: string,
  raise: Raise,
): ReconciliationRecord['guideBefore'] {
  if (target.kind === 'invoice') {
    for (const request of target.invoices) {
      markReceived(request, payment, at)
      store.nfsRequests.update(request)
    }
    return null
  }
  const before = markPaid(target.guide, payment, at)
  store.documents.update(target.guide)
  if (before.status !== 'paid')
    raise({ type: 'guide-paid', companyId: target.guide.companyId, documentId: target.guide.id })
  return before
}

/** Undoes what a record's match marked: its invoices unreceived, its guide as it was. */
export function releaseMatch(store: Store, record: ReconciliationRecord, at: string, raise: Raise) {
  const match = record.match
  // An explanation marked nothing besides its own record.
  if (!match || match.kind === 'explained') return
  if (match.kind === 'invoice') {
    for (const id of match.invoiceIds) {
      const request = store.nfsRequests.get(id)
      if (request?.receivedBy?.transactionId !== record.transactionId) continue
      request.receivedAt = null
      request.receivedBy = null
      request.updatedAt = at
      store.nfsRequests.update(request)
    }
    return
  }
  const guide = store.documents.get(match.documentId)
  if (guide?.paidBy?.transactionId !== record.transactionId) return
  const paidAt = guide.paidAt
  guide.paidBy = null
  guide.status = record.guideBefore?.status ?? 'pending'
  guide.paidAt = record.guideBefore ? record.guideBefore.paidAt : null
  guide.updatedAt = at
  store.documents.update(guide)
  if (guide.status !== 'paid')
    raise({ type: 'guide-unpaid', companyId: guide.companyId, documentId: guide.id, paidAt })
}

export type Applied = 'applied' | 'stale'

/** What the changes of one transaction share: the time, the accounts read, the new records. */
export type ApplyBatch = {
  at: string
  accounts: Map<string, BankAccount | undefined>
  /** Records of lines that had none: inserted together at the end of the batch. */
  inserts: ReconciliationRecord[]
  /** What the batch raised (guides paid or unpaid), published once it has committed. */
  events: DomainEvent[]
}

export const applyBatch = (at = new Date().toISOString()): ApplyBatch => ({
  at,
  accounts: new Map(),
  inserts: [],
  events: [],
})

/**
 * Writes one change an automatic run proposed, if it still holds: the record is as the run read
 * it (a person's confirmation or undo since wins), the transaction is there, and what an
 * automatic match names is still open. Inside store.write(); `finishBatch` after the last one.
 */
export function applyChange(store: Store, change: Change, batch: ApplyBatch): Applied {
  const { at } = batch
  const raise: Raise = (event) => batch.events.push(event)
  const id = change.transactionId
  const fresh = change.baseRev === 0 ? undefined : store.reconciliations.get(id)
  if ((fresh?.rev ?? 0) !== change.baseRev) return 'stale'
  if (change.baseRev === 0 && store.reconciliations.exists({ id })) return 'stale'
  const next = change.next
  if (!next || !store.bankTransactions.exists({ id })) {
    if (fresh) {
      if (change.release) releaseMatch(store, fresh, at, raise)
      store.reconciliations.remove(id)
    }
    return 'applied'
  }
  const target = next.match ? openTargets(store, next.companyId, id, next.match) : null
  if (next.match && !target) return 'stale'
  if (change.release && fresh) releaseMatch(store, fresh, at, raise)
  const payment = { id, accountId: next.accountId, date: next.date }
  const guideBefore = target
    ? claimTargets(store, target, bankPaymentOf(store, payment, batch.accounts), at, raise)
    : null
  const record = storedRecord(id, next, at, fresh, guideBefore)
  if (fresh) store.reconciliations.put(record)
  else batch.inserts.push(record)
  return 'applied'
}

/** Ends a batch of changes: the new records go in at once. */
export function finishBatch(store: Store, batch: ApplyBatch) {
  store.reconciliations.insertMany(batch.inserts)
  batch.inserts = []
}

/** What a run's changes made, by the status each record has now (removed: no record). */
export type RunCounts = { matched: number; suggested: number; unmatched: number; removed: number }

/**
 * Writes one batch of a run's changes in one transaction: counts what each change made in
 * `counts` and adds to `stale` the lines whose change no longer held. Answers what the batch
 * raised, to publish now that it has committed.
 *
 * The changes that only write their own record and receive open invoices (every one of a run
 * but a released match, a guide's, or a match written again) are checked against what a few
 * statements read of the whole batch, and their invoices received in one statement (writeQuick);
 * the first other change, and those after it, go one by one through applyChange, which reads and
 * writes each as a person's action does. Either way, the same checks and the same writes: a full
 * reconciliation of scripts/bench-scale.ts spent most of its time reading and rewriting 140,000
 * invoices' documents and checking each record and line one statement at a time.
 */
export function writeRunBatch(
  store: Store,
  changes: readonly Change[],
  counts: RunCounts,
  stale: string[],
): DomainEvent[] {
  const written = applyBatch()
  const count = (change: Change, applied: Applied) => {
    if (applied === 'stale') stale.push(change.transactionId)
    else if (!change.next) counts.removed++
    else counts[change.next.status]++
  }
  store.write(() => {
    const quick = writeQuick(store, changes, written, count)
    for (const change of changes.slice(quick)) count(change, applyChange(store, change, written))
    finishBatch(store, written)
  })
  return written.events
}

/**
 * The patch that receives an invoice, as markReceived does (its values: the payment's date, the
 * payment, the time), and the column that follows (`received`, mock-server/store/layout.ts).
 */
export const RECEIPT_PATCH = {
  fields: ['receivedAt', 'receivedBy', 'updatedAt'],
  columns: ['received'],
}

/** Whether a change can be written by writeQuick, by what it is (its reads say the rest). */
const quickKind = (change: Change) =>
  !change.release && (!change.next?.match || change.next.match.kind === 'invoice')

/**
 * The leading changes of a batch that receive only open invoices (or none) and release nothing,
 * written as applyChange would write them: each record as the run read it (its `rev`), its line
 * still there, every invoice of its match issued, not received and the company's. Their
 * invoices are received in one statement at the end, in the same transaction. Answers how many
 * changes it wrote (or found stale); it stops before the first it cannot tell from its reads.
 */
function writeQuick(
  store: Store,
  changes: readonly Change[],
  batch: ApplyBatch,
  count: (change: Change, applied: Applied) => void,
): number {
  let end = 0
  const seen = new Set<string>()
  while (end < changes.length && quickKind(changes[end]!) && !seen.has(changes[end]!.transactionId))
    seen.add(changes[end++]!.transactionId)
  if (end === 0) return 0
  const ids = [...seen]
  const records = new Map<string, ReconciliationRecord>()
  for (const doc of store.reconciliations.docsOfKeys(ids)) {
    const record = JSON.parse(doc) as ReconciliationRecord
    records.set(record.transactionId, record)
  }
  const lines = store.bankTransactions.columnsOfKeys(ids, [])
  const invoiceIds = changes
    .slice(0, end)
    .flatMap((change) =>
      change.next?.match?.kind === 'invoice' ? change.next.match.invoiceIds : [],
    )
  const invoices = store.nfsRequests.columnsOfKeys(invoiceIds, ['companyId', 'status', 'received'])
  /** The invoices received, patched at the end (and before any change applyChange writes). */
  const receipts: { key: string; fields: unknown[]; columns: number[] }[] = []
  for (let i = 0; i < end; i++) {
    const change = changes[i]!
    const id = change.transactionId
    const fresh = records.get(id)
    if ((fresh?.rev ?? 0) !== change.baseRev) {
      count(change, 'stale')
      continue
    }
    const next = change.next
    if (!next || !lines.has(id)) {
      if (fresh) store.reconciliations.remove(id)
      count(change, 'applied')
      continue
    }
    const named = next.match?.kind === 'invoice' ? next.match.invoiceIds : []
    const open = named.map((invoiceId) => invoices.get(invoiceId))
    if (
      next.match &&
      (named.length === 0 ||
        open.some(
          (invoice) =>
            !invoice ||
            invoice.companyId !== next.companyId ||
            invoice.status !== 'issued' ||
            invoice.received !== 0,
        ))
    ) {
      // Taken, or this line's already (a match written again): applyChange tells which.
      if (open.every((invoice) => invoice?.received !== 1)) {
        count(change, 'stale')
        continue
      }
      store.nfsRequests.patchMany(RECEIPT_PATCH, receipts)
      return i
    }
    if (named.length > 0) {
      const payment = bankPaymentOf(
        store,
        { id, accountId: next.accountId, date: next.date },
        batch.accounts,
      )
      for (const [n, invoiceId] of named.entries()) {
        // Received now: another change of the batch naming it finds it taken.
        open[n]!.received = 1
        receipts.push({ key: invoiceId, fields: [payment.date, payment, batch.at], columns: [1] })
      }
    }
    const record = storedRecord(id, next, batch.at, fresh, null)
    if (fresh) store.reconciliations.put(record)
    else batch.inserts.push(record)
    count(change, 'applied')
  }
  store.nfsRequests.patchMany(RECEIPT_PATCH, receipts)
  return end
}

/** The record the rules' content makes (a match they make is automatic), after `previous`. */
export function storedRecord(
  transactionId: string,
  content: RecordContent,
  at: string,
  previous: Pick<ReconciliationRecord, 'dismissed' | 'rev'> | undefined,
  guideBefore: ReconciliationRecord['guideBefore'],
): ReconciliationRecord {
  return {
    transactionId,
    ...content,
    match: content.match
      ? { ...content.match, auto: true, confirmedBy: null, confirmedAt: at }
      : null,
    dismissed: previous?.dismissed ?? [],
    guideBefore,
    rev: (previous?.rev ?? 0) + 1,
    updatedAt: at,
  }
}

/** Before an account and its transactions go: what they paid is unpaid again, their records go. */
export function releaseAccount(
  store: Store,
  accountId: string,
  raise: Raise,
  at = new Date().toISOString(),
) {
  for (const record of store.reconciliations.find({ where: { accountId, status: 'matched' } }))
    releaseMatch(store, record, at, raise)
  return store.reconciliations.removeWhere({ accountId })
}

/**
 * A guide that goes away (a document deleted) leaves the line it was matched to: the line is
 * unmatched until the next run looks at it again. Answers the line's company and id, if any.
 */
export function releaseGuide(store: Store, guide: CompanyDocument, at = new Date().toISOString()) {
  const lineId = guide.paidBy?.transactionId
  const record = lineId ? store.reconciliations.get(lineId) : undefined
  if (!record || record.match?.kind !== 'guide' || record.match.documentId !== guide.id)
    return undefined
  store.reconciliations.put({
    ...record,
    status: 'unmatched',
    match: null,
    suggestions: [],
    rev: record.rev + 1,
    updatedAt: at,
  })
  return record
}

/**
 * Makes the reconciliation records agree with the rest of the data, at start (a data folder from
 * before reconciliation got its records from the seed, for transactions and invoices it may not
 * have): a record whose transaction is gone goes; a match whose invoices or guide do not name the
 * line back is written on them if they are still open, else undone. Answers the companies whose
 * records changed (their lines are worth a run). Inside store.write().
 */
export function settleRecords(
  store: Store,
  raise: Raise,
  at = new Date().toISOString(),
): Set<string> {
  const changed = new Set<string>()
  for (const record of store.reconciliations.all()) {
    const transaction = store.bankTransactions.get(record.transactionId)
    if (!transaction) {
      store.reconciliations.remove(record.transactionId)
      changed.add(record.companyId)
      continue
    }
    if (!record.match || record.match.kind === 'explained') continue
    const names =
      record.match.kind === 'invoice'
        ? record.match.invoiceIds.every(
            (id) => store.nfsRequests.get(id)?.receivedBy?.transactionId === transaction.id,
          )
        : store.documents.get(record.match.documentId)?.paidBy?.transactionId === transaction.id
    if (names) continue
    changed.add(record.companyId)
    const target = openTargets(store, record.companyId, transaction.id, record.match)
    if (target) {
      const guideBefore = claimTargets(store, target, bankPaymentOf(store, transaction), at, raise)
      store.reconciliations.put({ ...record, guideBefore, rev: record.rev + 1, updatedAt: at })
    } else
      store.reconciliations.put({
        ...record,
        status: 'unmatched',
        match: null,
        suggestions: [],
        guideBefore: null,
        rev: record.rev + 1,
        updatedAt: at,
      })
  }
  return changed
}
