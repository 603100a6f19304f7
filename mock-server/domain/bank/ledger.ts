import { randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import type { BankAccount, BankAccountView, BankTransaction } from '../../../src/schemas/bank'
import type { Store } from '../../store/database'
import { bankNameOf, type Statement, type StatementEntry } from './ofx'
import type { Raise } from '../events'
import { releaseAccount } from './reconciliation/writes'

/** Bank and account numbers compare without masks or leading zeros (`0341` = `341`). */
const canonical = (value: string) =>
  value
    .replace(/[^0-9A-Za-z]/g, '')
    .replace(/^0+(?=.)/, '')
    .toUpperCase()

export const sameAccount = (account: BankAccount, bankId: string, accountNumber: string) =>
  canonical(account.bankId) === canonical(bankId) &&
  canonical(account.accountNumber) === canonical(accountNumber)

/** What a statement says of one entry: the bank's id, the day, the signed amount, the texts. */
export type BankEntry = Omit<StatementEntry, 'matchByContent'>

/**
 * A statement entry booked in a company's account: a new bank transaction, uncategorized unless
 * said. The one place a transaction record is built (an import, the seed's statements, the
 * benches' data sets); `id` only for those data sets' fixed ids.
 */
export const newBankTransaction = (
  entry: BankEntry,
  where: { companyId: string; accountId: string },
  importedAt: string,
  given: { id?: string; taxCategoryId?: string | null } = {},
): BankTransaction => ({
  id: given.id ?? `txn-${randomUUID()}`,
  companyId: where.companyId,
  accountId: where.accountId,
  fitId: entry.fitId,
  date: entry.date,
  amount: entry.amount,
  type: entry.type,
  description: entry.description,
  checkNumber: entry.checkNumber,
  taxCategoryId: given.taxCategoryId ?? null,
  importedAt,
})

export type ImportOutcome = {
  account: BankAccount
  created: boolean
  /** Entries that became transactions. */
  imported: number
  /** Entries already there: in the account before, or repeated inside the file. */
  duplicates: number
  /** Entries dated after the statement's end (DTEND), or that had no date or amount. */
  dropped: number
  /** The ids of the new transactions (what bank reconciliation looks at next). */
  transactionIds: string[]
}

export type Origin = { source: BankAccount['source']; connectionId: string | null }

/** The chart of accounts (tax categories) by id. */
export const taxCategoriesById = (store: Store) =>
  new Map(store.taxCategories.all().map((category) => [category.id, category]))

/** A company's bank accounts, the newest first. */
export const accountsOfCompany = (store: Store, companyId: string) =>
  store.bankAccounts.find({ where: { companyId }, order: 'createdAt DESC, id DESC' })

/** The company's account that a statement is about (same bank and account number), if any. */
export const accountOfStatement = (store: Store, companyId: string, statement: Statement) =>
  accountsOfCompany(store, companyId).find((a) =>
    sameAccount(a, statement.bankId, statement.accountNumber),
  )

/** What an entry says, for entries matched by content (no FITID, or one the file repeats). */
const contentKey = (entry: { date: string; amount: number; description: string }) =>
  `${entry.date}|${entry.amount}|${entry.description}`

/** The company's account for a statement, by bank and account number, created if missing. */
function accountFor(
  store: Store,
  companyId: string,
  statement: Statement,
  origin: Origin,
  at: string,
) {
  const existing = accountOfStatement(store, companyId, statement)
  if (existing) return { account: existing, created: false }
  const used = accountsOfCompany(store, companyId).map((a) => Number(a.ledgerCode.split('.').pop()))
  const ledger = String(Math.max(0, ...used) + 1).padStart(3, '0')
  const fresh: BankAccount = {
    id: `acc-${randomUUID()}`,
    companyId,
    source: origin.source,
    connectionId: origin.connectionId,
    bankId: statement.bankId,
    bankName: statement.bankName ?? bankNameOf(statement.bankId),
    branch: statement.branch,
    accountNumber: statement.accountNumber,
    accountType: statement.accountType,
    currency: statement.currency,
    balance: null,
    balanceDate: null,
    ledgerCode: `1.1.1.02.${ledger}`,
    createdAt: at,
    updatedAt: at,
  }
  return { account: store.bankAccounts.insert(fresh), created: true }
}

/**
 * What a statement adds to an account, entry by entry (`take` a slice at a time): entries dated
 * after the statement's end are dropped; entries already there are duplicates — same FITID, or,
 * for an entry without its own FITID (missing, or repeated inside the file), the same date,
 * amount and description (each existing transaction answers for one entry, so two equal payments
 * in a day stay two); the rest become new transactions. Existing transactions are looked up by
 * the account's FITID index, and by day for content matches: nothing reads the whole account.
 */
function importerOf(
  store: Store,
  companyId: string,
  account: BankAccount,
  statement: Statement,
  at: string,
) {
  const seenIds = new Set<string>()
  // Existing transactions by what they say, loaded a day at a time when an entry needs it.
  const knownContent = new Map<string, number>()
  const loadedDays = new Set<string>()
  const counts = { duplicates: statement.duplicatesInFile, dropped: statement.invalid }
  const take = (entries: readonly StatementEntry[]) => {
    const fresh: BankTransaction[] = []
    for (const { matchByContent, ...entry } of entries) {
      if (statement.end && entry.date > statement.end) {
        counts.dropped++
        continue
      }
      if (matchByContent) {
        if (!loadedDays.has(entry.date)) {
          loadedDays.add(entry.date)
          for (const t of store.bankTransactions.find({
            where: { accountId: account.id, date: entry.date },
          }))
            knownContent.set(contentKey(t), (knownContent.get(contentKey(t)) ?? 0) + 1)
        }
        const key = contentKey(entry)
        const left = knownContent.get(key) ?? 0
        if (left > 0) {
          knownContent.set(key, left - 1)
          counts.duplicates++
          continue
        }
      } else if (
        seenIds.has(entry.fitId) ||
        store.bankTransactions.exists({ accountId: account.id, fitId: entry.fitId })
      ) {
        counts.duplicates++
        continue
      }
      seenIds.add(entry.fitId)
      fresh.push(newBankTransaction(entry, { companyId, accountId: account.id }, at))
    }
    return fresh
  }
  return { take, counts }
}

/** The statement's closing balance, when newer than the account's; the connection, if new. */
function settleAccount(
  store: Store,
  account: BankAccount,
  statement: Statement,
  origin: Origin,
  at: string,
) {
  const balance = statement.balance
  if (balance && (!account.balanceDate || balance.date >= account.balanceDate)) {
    account.balance = balance.amount
    account.balanceDate = balance.date
  }
  if (origin.connectionId && !account.connectionId) account.connectionId = origin.connectionId
  account.updatedAt = at
  store.bankAccounts.update(account)
}

/**
 * Puts a statement in the books of a company (a Cora sync: a few hundred entries at most): the
 * account is found by bank and account number (or created), then see importerOf. Inside the
 * caller's store.write().
 */
export function bookStatement(
  store: Store,
  companyId: string,
  statement: Statement,
  origin: Origin,
  now = new Date(),
): ImportOutcome {
  const at = now.toISOString()
  const { account, created } = accountFor(store, companyId, statement, origin, at)
  const importer = importerOf(store, companyId, account, statement, at)
  const fresh = importer.take(statement.entries)
  store.bankTransactions.insertMany(fresh)
  settleAccount(store, account, statement, origin, at)
  return {
    account,
    created,
    imported: fresh.length,
    ...importer.counts,
    transactionIds: fresh.map((t) => t.id),
  }
}

/** Entries put in the books per transaction by importStatementInBatches. */
const IMPORT_BATCH = 250
const importsOf = new WeakMap<Store, Promise<unknown>>()

/**
 * bookStatement for a file of any size (an OFX upload): the new transactions go in a batch at
 * a time, each its own transaction, yielding between them, so the event loop is never held for
 * long and other users' requests keep flowing. Imports into one store run one after the other,
 * so an import's duplicate check never races another's batches. Answers with the account's view
 * as the import left it (`view`: what the upload answers).
 */
export function importStatementInBatches(
  store: Store,
  companyId: string,
  statement: Statement,
  origin: Origin,
  now = new Date(),
): Promise<ImportOutcome & { view: BankAccountView }> {
  const before = importsOf.get(store)
  const run = (async () => {
    // Behind the store's previous import, if any (its failure is its own request's).
    if (before) await before.catch(() => undefined)
    const at = now.toISOString()
    const { account, created } = store.write(() =>
      accountFor(store, companyId, statement, origin, at),
    )
    const importer = importerOf(store, companyId, account, statement, at)
    const transactionIds: string[] = []
    for (let start = 0; start < statement.entries.length; start += IMPORT_BATCH) {
      const batch = statement.entries.slice(start, start + IMPORT_BATCH)
      store.write(() => {
        const fresh = importer.take(batch)
        store.bankTransactions.insertMany(fresh)
        for (const transaction of fresh) transactionIds.push(transaction.id)
      })
      await setImmediate()
    }
    // The account as it is now (another request may have changed it meanwhile).
    const settled = store.write(() => {
      const current = store.bankAccounts.get(account.id) ?? account
      settleAccount(store, current, statement, origin, at)
      return current
    })
    return {
      account: settled,
      view: accountView(store, settled),
      created,
      imported: transactionIds.length,
      ...importer.counts,
      transactionIds,
    }
  })()
  importsOf.set(store, run)
  return run
}

/** An account with its transaction counts (kept by the store: nothing is counted). */
export function accountView(store: Store, account: BankAccount): BankAccountView {
  return {
    ...account,
    transactionCount: store.bankTransactions.count({ accountId: account.id }),
    uncategorizedCount: store.bankTransactions.count({ accountId: account.id, uncategorized: 1 }),
  }
}

/**
 * Removes an account, its transactions, and its place in a connection; what its transactions
 * paid (bank reconciliation) is unpaid again. Inside store.write().
 */
export function removeAccount(store: Store, account: BankAccount, raise: Raise) {
  releaseAccount(store, account.id, raise)
  const removed = store.bankTransactions.removeWhere({ accountId: account.id })
  store.bankAccounts.remove(account.id)
  for (const connection of store.bankConnections.find({
    where: { companyId: account.companyId },
  })) {
    if (!connection.accountIds.includes(account.id)) continue
    connection.accountIds = connection.accountIds.filter((id) => id !== account.id)
    if (connection.accountIds.length === 0) connection.status = 'revoked'
    store.bankConnections.update(connection)
  }
  return removed
}
