import type { BankAccount, BankTransaction } from '../../src/schemas/bank'
import type { Company } from '../../src/schemas/company'
import type { CompanyDocument } from '../../src/schemas/document'
import { nfsRequestStatuses, type NfsRequest } from '../../src/schemas/invoice'
import { assertCompanyAccess, type Caller } from '../auth'
import { badRequest, notFound } from '../http'
import type { Database, Store } from '../store/database'
import { GroupedIndex, newestFirst } from './grouped-index'

/** Group keys of the indexes. */
export const companyKey = (companyId: string) => `company:${companyId}`
export const accountKey = (accountId: string) => `account:${accountId}`
export const ALL = '*'

const byDate = newestFirst<{ id: string; date: string }>((item) => item.date)
const byCreatedAt = newestFirst<{ id: string; createdAt: string }>((item) => item.createdAt)

/** A finance collection as an index reads it: raw records, written through the store. */
type FinanceCollection = 'nfsRequests' | 'documents' | 'bankAccounts' | 'bankTransactions'
function sourceOf<K extends FinanceCollection>(store: Store, collection: K) {
  type Row = Database[K][number]
  return {
    raw: () => store.raw[collection] as Row[],
    tracked: () => store.data[collection] as Row[],
    view: (record: Row) => (store.byId(collection, record.id) ?? record) as Row,
  }
}

function createIndexes(store: Store) {
  return {
    /** Invoice requests by company and all together (admin search), each split by status. */
    requests: new GroupedIndex<NfsRequest>(
      sourceOf(store, 'nfsRequests'),
      (request) => [companyKey(request.companyId), ALL],
      byDate,
      Object.fromEntries(
        nfsRequestStatuses.map((status) => [status, (r: NfsRequest) => r.status === status]),
      ),
    ),
    documents: new GroupedIndex<CompanyDocument>(
      sourceOf(store, 'documents'),
      (document) => [companyKey(document.companyId)],
      byCreatedAt,
    ),
    accounts: new GroupedIndex<BankAccount>(
      sourceOf(store, 'bankAccounts'),
      (account) => [companyKey(account.companyId)],
      byCreatedAt,
    ),
    /** Transactions by account and by company, newest first, with the uncategorised apart. */
    transactions: new GroupedIndex<BankTransaction>(
      sourceOf(store, 'bankTransactions'),
      (transaction) => [accountKey(transaction.accountId), companyKey(transaction.companyId)],
      byDate,
      { uncategorized: (transaction) => transaction.taxCategoryId === null },
    ),
  }
}

export type FinanceIndexes = ReturnType<typeof createIndexes>

const indexes = new WeakMap<Store, FinanceIndexes>()

/** The finance indexes of a store, shared by every finance router. */
export function financeOf(store: Store): FinanceIndexes {
  let found = indexes.get(store)
  if (!found) {
    found = createIndexes(store)
    indexes.set(store, found)
  }
  return found
}

/** The company a request targets: the caller must reach it (403) and it must exist (404). */
export function companyFor(store: Store, caller: Caller, companyId: unknown): Company {
  if (companyId !== undefined && (typeof companyId !== 'string' || companyId.length > 128))
    throw badRequest('companyId inválido.', [
      { path: ['companyId'], message: 'companyId inválido.' },
    ])
  const id = assertCompanyAccess(caller, companyId)
  const company = store.raw.companies.find((c) => c.id === id)
  if (!company) throw notFound('Empresa não encontrada.')
  return company
}

/** A record of the company, or 404 (also when it belongs to another company). */
export function ownedBy<T extends { companyId: string }>(
  record: T | undefined,
  companyId: string,
  message: string,
): T {
  if (!record || record.companyId !== companyId) throw notFound(message)
  return record
}
