import type { BankAccount, BankTransaction } from '../../../../src/schemas/bank'
import type { CompanyDocument } from '../../../../src/schemas/document'
import { fromCents, periodRange } from '../../../../src/schemas/finance-common'
import type { NfsRequest } from '../../../../src/schemas/invoice'
import {
  amountDueOf,
  type ReconciliationGuide,
  type ReconciliationInvoice,
  type ReconciliationRecord,
  type ReconciliationRow,
  type ReconciliationSummary,
  type Tally,
} from '../../../../src/schemas/reconciliation'
import type { Store } from '../../../store/database'
import { isOpenGuide, isOpenInvoice } from './inputs'
import { memoNameOf } from './memo'

// What the reconciliation API answers: a page of rows (each transaction with its match, its
// suggestions and the invoices or guides they name) and a month's summary.

const parsed = <T>(docs: string[]) => docs.map((doc) => JSON.parse(doc) as T)

function invoiceView(request: NfsRequest): ReconciliationInvoice {
  const due = amountDueOf(request)
  return {
    id: request.id,
    number: request.number,
    status: request.status,
    takerName: request.taker?.name ?? null,
    takerDocument: request.taker?.document ?? null,
    date: request.date,
    issuedAt: request.issuedAt,
    totalValue: request.totalValue,
    amountDue: due.min === due.max ? fromCents(due.min) : null,
    issWithheld: request.issWithheld,
  }
}

function guideView(document: CompanyDocument): ReconciliationGuide | null {
  if (!document.guia) return null
  return {
    id: document.id,
    name: document.name,
    kind: document.guia.kind,
    amount: document.guia.amount,
    dueDate: document.guia.dueDate,
    competence: document.guia.competence,
    status: document.status,
  }
}

/**
 * The rows of a page of records: each transaction as the transactions list gives it, its account,
 * its match and its suggestions — those whose invoices or guide were matched to another line
 * since are left out (the next run drops them too).
 */
export function rowsOf(
  store: Store,
  records: readonly ReconciliationRecord[],
): ReconciliationRow[] {
  const transactions = new Map(
    parsed<BankTransaction>(
      store.bankTransactions.docsOfKeys(records.map((r) => r.transactionId)),
    ).map((t) => [t.id, t]),
  )
  const invoiceIds = new Set<string>()
  const guideIds = new Set<string>()
  for (const record of records) {
    if (record.match?.kind === 'invoice')
      record.match.invoiceIds.forEach((id) => invoiceIds.add(id))
    if (record.match?.kind === 'guide') guideIds.add(record.match.documentId)
    for (const s of record.suggestions)
      if (s.kind === 'invoice') s.invoiceIds.forEach((id) => invoiceIds.add(id))
      else guideIds.add(s.id)
  }
  const invoices = new Map(
    parsed<NfsRequest>(store.nfsRequests.docsOfKeys([...invoiceIds])).map((r) => [r.id, r]),
  )
  const guides = new Map(
    parsed<CompanyDocument>(store.documents.docsOfKeys([...guideIds])).map((d) => [d.id, d]),
  )
  const accounts = new Map<string, BankAccount | undefined>()
  const people = new Map<string, ReconciliationRow['confirmer']>()
  /** Who confirmed a match, by name; the accountant said as such. */
  const confirmerOf = (uid: string | null | undefined) => {
    if (!uid) return null
    if (!people.has(uid)) {
      const user = store.users.get(uid)
      people.set(
        uid,
        user
          ? { name: user.name || user.email, accountant: user.roles.includes('system-admin') }
          : null,
      )
    }
    return people.get(uid) ?? null
  }
  const rows: ReconciliationRow[] = []
  for (const record of records) {
    const transaction = transactions.get(record.transactionId)
    if (!transaction) continue
    if (!accounts.has(record.accountId))
      accounts.set(record.accountId, store.bankAccounts.get(record.accountId))
    const account = accounts.get(record.accountId)
    const mine = (request: NfsRequest | undefined) =>
      request !== undefined &&
      (isOpenInvoice(request) || request.receivedBy?.transactionId === record.transactionId)
    const suggestions = record.suggestions.filter((s) =>
      s.kind === 'invoice'
        ? s.invoiceIds.every((id) => mine(invoices.get(id)))
        : (() => {
            const guide = guides.get(s.id)
            return guide !== undefined && isOpenGuide(guide)
          })(),
    )
    const named = new Set<string>()
    if (record.match?.kind === 'invoice') record.match.invoiceIds.forEach((id) => named.add(id))
    for (const s of suggestions)
      if (s.kind === 'invoice') s.invoiceIds.forEach((id) => named.add(id))
    const namedGuides = new Set<string>()
    if (record.match?.kind === 'guide') namedGuides.add(record.match.documentId)
    for (const s of suggestions) if (s.kind === 'guide') namedGuides.add(s.id)
    rows.push({
      transaction,
      account: account
        ? { id: account.id, bankName: account.bankName, accountNumber: account.accountNumber }
        : null,
      status: record.status,
      side: record.side,
      match: record.match,
      suggestions,
      memoDocument: record.memoDocument,
      memoName: record.side === 'credit' ? memoNameOf(transaction.description) : null,
      confirmer: confirmerOf(record.match?.confirmedBy),
      invoices: [...named].flatMap((id) => {
        const request = invoices.get(id)
        return request ? [invoiceView(request)] : []
      }),
      guides: [...namedGuides].flatMap((id) => {
        const guide = guides.get(id)
        const view = guide ? guideView(guide) : null
        return view ? [view] : []
      }),
    })
  }
  return rows
}

type Group = { count: number; total: number }
const tally = (groups: readonly Group[]): Tally => ({
  count: groups.reduce((count, group) => count + group.count, 0),
  amount: fromCents(Math.abs(Math.round(groups.reduce((sum, group) => sum + group.total, 0)))),
})

/**
 * The sums a month's summary reads (`summaryOf`), each as `groupSums` takes it: the month's lines
 * by side and status, and the company's invoices not received (tests read their plans).
 */
export const summarySums = (companyId: string, period: string) => ({
  lines: [['side', 'status'], 'amountCents', { companyId, date: periodRange(period) }] as const,
  invoicesNotReceived: [[], 'cents', { companyId, status: 'issued', received: 0 }] as const,
})

/**
 * A month of a company's reconciliation (`YYYY-MM`), and the counts of every tab: sums in SQL
 * over the indexes (a company with a million lines has some ten thousand records a month and tens
 * of thousands of invoices not received: none of them is read into a record), the tabs' counts as
 * the table keeps them.
 */
export function summaryOf(store: Store, companyId: string, period: string): ReconciliationSummary {
  const sums = summarySums(companyId, period)
  const groups = store.reconciliations.groupSums(...sums.lines)
  const of = (side: string, status?: string) =>
    groups.filter((g) => g.side === side && (status === undefined || g.status === status))
  const [open] = store.nfsRequests.groupSums(...sums.invoicesNotReceived)
  return {
    period,
    credits: tally(of('credit')),
    matchedCredits: tally(of('credit', 'matched')),
    suggestedCredits: tally(of('credit', 'suggested')),
    creditsWithoutInvoice: tally(of('credit', 'unmatched')),
    taxDebits: tally(of('debit')),
    matchedTaxDebits: tally(of('debit', 'matched')),
    invoicesNotReceived: tally(open ? [open] : []),
    tabs: {
      unmatched: store.reconciliations.count({ companyId, status: 'unmatched' }),
      suggested: store.reconciliations.count({ companyId, status: 'suggested' }),
      matched: store.reconciliations.count({ companyId, status: 'matched' }),
    },
  }
}
