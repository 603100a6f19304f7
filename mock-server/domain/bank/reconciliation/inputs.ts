import type { BankTransaction, TaxCategory } from '../../../../src/schemas/bank'
import type { Company } from '../../../../src/schemas/company'
import type { CompanyDocument } from '../../../../src/schemas/document'
import { todayInBrazil, toCents } from '../../../../src/schemas/finance-common'
import type { NfsRequest } from '../../../../src/schemas/invoice'
import { ACCESS_KEY_PATTERN } from '../../../../src/schemas/nfse'
import { amountDueOf, type ReconciliationRecord } from '../../../../src/schemas/reconciliation'
import type { CategoryKind, EngineGuide, EngineInput, EngineInvoice, EngineLine } from './rules'

// The store's records as the matching rules read them (engine.ts): what an invoice's taker pays,
// whether an invoice or a guide is still open, a statement line with what a person undid.

/**
 * An invoice is open for reconciliation while it is issued and no transaction has paid it. Any
 * other status (pending, processing, rejected, or cancelled once invoices can be cancelled) is not.
 */
export const isOpenInvoice = (request: NfsRequest) =>
  request.status === 'issued' && !request.receivedBy

/** A guide is open while no transaction has paid it (paid by hand, it still waits for its debit). */
export const isOpenGuide = (document: CompanyDocument) =>
  document.type === 'guia' && document.guia !== null && !document.paidBy

/** The NFS-e access key, once the national issuance records one (ACCESS_KEY_PATTERN). */
const accessKeyOf = (request: Pick<NfsRequest, 'accessKey'>) => {
  const key = request.accessKey
  return key && ACCESS_KEY_PATTERN.test(key) ? key : null
}

/**
 * The facts of an invoice the rules read: from the request (engineInvoiceOf), or from the store's
 * columns of it and two fields of its document (job.ts, a run over every line).
 */
export type InvoiceFacts = Pick<NfsRequest, 'id' | 'number' | 'date' | 'accessKey' | 'issuedAt'> & {
  takerDocument: string | null
  /** The value, in cents. */
  total: number
  due: { min: number; max: number }
}

/** The day (São Paulo) of a moment an invoice was issued. */
export const issuedDayOf = (issuedAt: string) => todayInBrazil(new Date(issuedAt))

/** `issuedOn`: issuedDayOf, or the same kept per moment (job.ts: 200,000 invoices, a few days). */
export function engineInvoiceOfFacts(
  facts: InvoiceFacts,
  issuedOn: (issuedAt: string) => string = issuedDayOf,
): EngineInvoice {
  const { due, total } = facts
  return {
    id: facts.id,
    number: facts.number,
    accessKey: accessKeyOf(facts),
    takerDocument: facts.takerDocument,
    date: facts.date,
    issuedOn: facts.issuedAt ? issuedOn(facts.issuedAt) : facts.date,
    total,
    due,
    withheld: due.max !== total,
  }
}

export const engineInvoiceOf = (request: NfsRequest): EngineInvoice =>
  engineInvoiceOfFacts({
    id: request.id,
    number: request.number,
    date: request.date,
    accessKey: request.accessKey,
    issuedAt: request.issuedAt,
    takerDocument: request.taker?.document ?? null,
    total: toCents(request.totalValue),
    due: amountDueOf(request),
  })

export function engineGuideOf(document: CompanyDocument): EngineGuide | null {
  if (!document.guia) return null
  return {
    id: document.id,
    kind: document.guia.kind,
    dueDate: document.guia.dueDate,
    cents: toCents(document.guia.amount),
    line: document.guia.digitableLine?.replace(/\D/g, '') ?? null,
  }
}

/** One empty list for every line nothing was undone on (the rules only read it). */
const NONE_DISMISSED: readonly string[] = Object.freeze([])

export function engineLineOf(
  transaction: Pick<
    BankTransaction,
    'id' | 'date' | 'amount' | 'type' | 'description' | 'taxCategoryId'
  >,
  record: Pick<ReconciliationRecord, 'dismissed'> | undefined,
): EngineLine {
  return {
    id: transaction.id,
    date: transaction.date,
    cents: toCents(transaction.amount),
    type: transaction.type,
    memo: transaction.description,
    categoryId: transaction.taxCategoryId,
    dismissed: record?.dismissed ?? NONE_DISMISSED,
  }
}

export const categoryKindsOf = (categories: readonly TaxCategory[]) =>
  new Map<string, CategoryKind>(categories.map((c) => [c.id, c.kind]))

/**
 * What the rules (rules.ts `reconcile`) take, from the records a run read (job.ts) or the seed
 * holds: the lines to look at with what a person undid on each, the open invoices, the company's
 * documents (its open guides are taken) and the chart of accounts.
 */
export const engineInputOf = (records: {
  company: Pick<Company, 'cnpj' | 'name'>
  lines: readonly {
    transaction: BankTransaction
    record: Pick<ReconciliationRecord, 'dismissed'> | undefined
  }[]
  invoices: readonly NfsRequest[]
  documents: readonly CompanyDocument[]
  categories: readonly TaxCategory[]
}): EngineInput =>
  engineInputFrom({
    ...records,
    lines: records.lines.map(({ transaction, record }) => engineLineOf(transaction, record)),
    invoices: records.invoices.map(engineInvoiceOf),
    guides: openGuidesOf(records.documents),
  })

/** The company's open guides, as the rules read them. */
export const openGuidesOf = (documents: readonly CompanyDocument[]) =>
  documents.flatMap((document) => (isOpenGuide(document) ? (engineGuideOf(document) ?? []) : []))

/** The same, from lines, invoices and guides already as the rules read them (job.ts). */
export function engineInputFrom(records: {
  company: Pick<Company, 'cnpj' | 'name'>
  lines: EngineInput['lines']
  invoices: readonly EngineInvoice[]
  guides: readonly EngineGuide[]
  categories: readonly TaxCategory[]
  memoOf?: EngineInput['memoOf']
  onOutcome?: EngineInput['onOutcome']
}): EngineInput {
  return {
    company: { document: records.company.cnpj, name: records.company.name },
    lines: records.lines,
    invoices: records.invoices,
    guides: records.guides,
    categoryKinds: categoryKindsOf(records.categories),
    memoOf: records.memoOf,
    onOutcome: records.onOutcome,
  }
}
