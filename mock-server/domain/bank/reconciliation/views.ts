import type { BankAccount, BankTransaction } from '../../../../src/schemas/bank'
import type { CompanyDocument } from '../../../../src/schemas/document'
import { fromCents, periodRange, toCents } from '../../../../src/schemas/finance-common'
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

const tally = (records: readonly ReconciliationRecord[]): Tally => ({
  count: records.length,
  amount: fromCents(Math.abs(records.reduce((sum, r) => sum + r.amountCents, 0))),
})

/** A month of a company's reconciliation (`YYYY-MM`), and the counts of every tab. */
export function summaryOf(store: Store, companyId: string, period: string): ReconciliationSummary {
  const records = store.reconciliations.find({ where: { companyId, date: periodRange(period) } })
  const credits = records.filter((r) => r.side === 'credit')
  const debits = records.filter((r) => r.side === 'debit')
  const open = store.nfsRequests.find({ where: { companyId, status: 'issued', received: 0 } })
  return {
    period,
    credits: tally(credits),
    matchedCredits: tally(credits.filter((r) => r.status === 'matched')),
    suggestedCredits: tally(credits.filter((r) => r.status === 'suggested')),
    creditsWithoutInvoice: tally(credits.filter((r) => r.status === 'unmatched')),
    taxDebits: tally(debits),
    matchedTaxDebits: tally(debits.filter((r) => r.status === 'matched')),
    invoicesNotReceived: {
      count: open.length,
      amount: fromCents(open.reduce((sum, r) => sum + toCents(r.totalValue), 0)),
    },
    tabs: {
      unmatched: store.reconciliations.count({ companyId, status: 'unmatched' }),
      suggested: store.reconciliations.count({ companyId, status: 'suggested' }),
      matched: store.reconciliations.count({ companyId, status: 'matched' }),
    },
  }
}
