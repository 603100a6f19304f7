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
const accessKeyOf = (request: NfsRequest) => {
  const key = request.accessKey
  return key && ACCESS_KEY_PATTERN.test(key) ? key : null
}

export function engineInvoiceOf(request: NfsRequest): EngineInvoice {
  const due = amountDueOf(request)
  const total = toCents(request.totalValue)
  return {
    id: request.id,
    number: request.number,
    accessKey: accessKeyOf(request),
    takerDocument: request.taker?.document ?? null,
    date: request.date,
    issuedOn: request.issuedAt ? todayInBrazil(new Date(request.issuedAt)) : request.date,
    total,
    due,
    withheld: due.max !== total,
  }
}

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

export function engineLineOf(
  transaction: BankTransaction,
  record: Pick<ReconciliationRecord, 'dismissed'> | undefined,
): EngineLine {
  return {
    id: transaction.id,
    date: transaction.date,
    cents: toCents(transaction.amount),
    type: transaction.type,
    memo: transaction.description,
    categoryId: transaction.taxCategoryId,
    dismissed: record?.dismissed ?? [],
  }
}

export const categoryKindsOf = (categories: readonly TaxCategory[]) =>
  new Map<string, CategoryKind>(categories.map((c) => [c.id, c.kind]))

/**
 * What the rules (rules.ts `reconcile`) take, from the records a run read (job.ts) or the seed
 * holds: the lines to look at with what a person undid on each, the open invoices, the company's
 * documents (its open guides are taken) and the chart of accounts.
 */
export function engineInputOf(records: {
  company: Pick<Company, 'cnpj' | 'name'>
  lines: readonly {
    transaction: BankTransaction
    record: Pick<ReconciliationRecord, 'dismissed'> | undefined
  }[]
  invoices: readonly NfsRequest[]
  documents: readonly CompanyDocument[]
  categories: readonly TaxCategory[]
}): EngineInput {
  return {
    company: { document: records.company.cnpj, name: records.company.name },
    lines: records.lines.map(({ transaction, record }) => engineLineOf(transaction, record)),
    invoices: records.invoices.map(engineInvoiceOf),
    guides: records.documents.flatMap((document) =>
      isOpenGuide(document) ? (engineGuideOf(document) ?? []) : [],
    ),
    categoryKinds: categoryKindsOf(records.categories),
  }
}
