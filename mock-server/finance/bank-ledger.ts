import { randomUUID } from 'node:crypto'
import { setImmediate } from 'node:timers/promises'
import type { BankAccount, BankAccountView, BankTransaction } from '../../src/schemas/bank'
import type { Store } from '../store/database'
import { bankNameOf, type Statement, type StatementEntry } from './ofx'
import { accountKey, companyKey, financeOf } from './state'

/** Bank and account numbers compare without masks or leading zeros (`0341` = `341`). */
const canonical = (value: string) =>
  value
    .replace(/[^0-9A-Za-z]/g, '')
    .replace(/^0+(?=.)/, '')
    .toUpperCase()

export const sameAccount = (account: BankAccount, bankId: string, accountNumber: string) =>
  canonical(account.bankId) === canonical(bankId) &&
  canonical(account.accountNumber) === canonical(accountNumber)

export type ImportOutcome = {
  account: BankAccount
  created: boolean
  /** Entries that became transactions. */
  imported: number
  /** Entries already there: in the account before, or repeated inside the file. */
  duplicates: number
  /** Entries dated after the statement's end (DTEND), or that had no date or amount. */
  dropped: number
}

type Origin = { source: BankAccount['source']; connectionId: string | null }

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
  const finance = financeOf(store)
  const existing = finance.accounts
    .list(companyKey(companyId))
    .find((a) => sameAccount(a, statement.bankId, statement.accountNumber))
  if (existing) return { account: existing, created: false }
  const used = finance.accounts
    .list(companyKey(companyId))
    .map((a) => Number(a.ledgerCode.split('.').pop()))
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
  finance.accounts.add([fresh])
  return { account: finance.accounts.get(fresh.id) as BankAccount, created: true }
}

/**
 * What a statement adds to an account, entry by entry (`take` a slice at a time): entries dated
 * after the statement's end are dropped; entries already there are duplicates — same FITID, or,
 * for an entry without its own FITID (missing, or repeated inside the file), the same date,
 * amount and description (each existing transaction answers for one entry, so two equal payments
 * in a day stay two); the rest become new transactions.
 */
function importerOf(
  store: Store,
  companyId: string,
  account: BankAccount,
  statement: Statement,
  at: string,
) {
  const existing = financeOf(store).transactions.list(accountKey(account.id))
  const knownIds = new Set(existing.map((t) => t.fitId))
  let knownContent: Map<string, number> | undefined
  const counts = { duplicates: statement.duplicatesInFile, dropped: statement.invalid }
  const take = (entries: readonly StatementEntry[]) => {
    const fresh: BankTransaction[] = []
    for (const { matchByContent, ...entry } of entries) {
      if (statement.end && entry.date > statement.end) {
        counts.dropped++
        continue
      }
      if (matchByContent) {
        if (!knownContent) {
          knownContent = new Map()
          for (const t of existing)
            knownContent.set(contentKey(t), (knownContent.get(contentKey(t)) ?? 0) + 1)
        }
        const key = contentKey(entry)
        const left = knownContent.get(key) ?? 0
        if (left > 0) {
          knownContent.set(key, left - 1)
          counts.duplicates++
          continue
        }
      } else if (knownIds.has(entry.fitId)) {
        counts.duplicates++
        continue
      }
      knownIds.add(entry.fitId)
      fresh.push({
        id: `txn-${randomUUID()}`,
        companyId,
        accountId: account.id,
        ...entry,
        taxCategoryId: null,
        importedAt: at,
      })
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
  financeOf(store).accounts.update(account, (a) => {
    if (balance && (!a.balanceDate || balance.date >= a.balanceDate)) {
      a.balance = balance.amount
      a.balanceDate = balance.date
    }
    if (origin.connectionId && !a.connectionId) a.connectionId = origin.connectionId
    a.updatedAt = at
  })
}

/**
 * Puts a statement in the books of a company (a Cora sync: a few hundred entries at most): the
 * account is found by bank and account number (or created), then see planImport. The caller
 * commits.
 */
export function importStatement(
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
  if (fresh.length > 0) financeOf(store).transactions.add(fresh)
  settleAccount(store, account, statement, origin, at)
  return { account, created, imported: fresh.length, ...importer.counts }
}

/** Entries put in the books between two commits by importStatementInBatches. */
const IMPORT_BATCH = 500
const importsOf = new WeakMap<Store, Promise<unknown>>()

/**
 * importStatement for a file of any size (an OFX upload): the new transactions go in a batch at
 * a time with a commit after each, so the event loop is never held for long and other users'
 * requests keep flowing. Imports into one store run one after the other, so an import's
 * duplicate check never races another's batches. Commits by itself.
 */
export function importStatementInBatches(
  store: Store,
  companyId: string,
  statement: Statement,
  origin: Origin,
  now = new Date(),
): Promise<ImportOutcome> {
  const run = (importsOf.get(store) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const at = now.toISOString()
      const { account, created } = accountFor(store, companyId, statement, origin, at)
      const importer = importerOf(store, companyId, account, statement, at)
      let imported = 0
      for (let start = 0; start < statement.entries.length; start += IMPORT_BATCH) {
        const fresh = importer.take(statement.entries.slice(start, start + IMPORT_BATCH))
        if (fresh.length === 0) continue
        financeOf(store).transactions.add(fresh)
        imported += fresh.length
        await store.commit()
        await setImmediate()
      }
      settleAccount(store, account, statement, origin, at)
      await store.commit()
      return { account, created, imported, ...importer.counts }
    })
  importsOf.set(store, run)
  return run
}

/** An account with its transaction counts (read from the index, no scan). */
export function accountView(store: Store, account: BankAccount): BankAccountView {
  const transactions = financeOf(store).transactions
  return {
    ...account,
    transactionCount: transactions.list(accountKey(account.id)).length,
    uncategorizedCount: transactions.list(accountKey(account.id), 'uncategorized').length,
  }
}

/** Removes an account, its transactions, and its place in a connection. The caller commits. */
export function removeAccount(store: Store, account: BankAccount) {
  const finance = financeOf(store)
  const removed = finance.transactions.removeWhere((t) => t.accountId === account.id)
  finance.accounts.removeWhere((a) => a === account)
  for (const connection of store.data.bankConnections) {
    if (!connection.accountIds.includes(account.id)) continue
    connection.accountIds = connection.accountIds.filter((id) => id !== account.id)
    if (connection.accountIds.length === 0) connection.status = 'revoked'
  }
  return removed.length
}
