import { randomUUID } from 'node:crypto'
import type { BankAccount, BankAccountView, BankTransaction } from '../../src/schemas/bank'
import type { Store } from '../store/database'
import { bankNameOf, type Statement } from './ofx'
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
  imported: number
  duplicates: number
  dropped: number
}

/**
 * Puts a statement in the books of a company: the account is found by bank and account number
 * (or created), entries already there (same account and FITID, also twice in one file) are
 * duplicates, entries dated after the statement's end date are dropped (as are entries the file
 * could not date or value), the rest become transactions. The caller commits.
 */
export function importStatement(
  store: Store,
  companyId: string,
  statement: Statement,
  origin: { source: BankAccount['source']; connectionId: string | null },
  now = new Date(),
): ImportOutcome {
  const finance = financeOf(store)
  const at = now.toISOString()
  let account = finance.accounts
    .list(companyKey(companyId))
    .find((a) => sameAccount(a, statement.bankId, statement.accountNumber))
  const created = !account
  if (!account) {
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
    account = finance.accounts.get(fresh.id) as BankAccount
  }

  const known = new Set(finance.transactions.list(accountKey(account.id)).map((t) => t.fitId))
  const fresh: BankTransaction[] = []
  let duplicates = 0
  let dropped = statement.invalid
  for (const entry of statement.entries) {
    if (statement.end && entry.date > statement.end) {
      dropped++
      continue
    }
    if (known.has(entry.fitId)) {
      duplicates++
      continue
    }
    known.add(entry.fitId)
    fresh.push({
      id: `txn-${randomUUID()}`,
      companyId,
      accountId: account.id,
      ...entry,
      taxCategoryId: null,
      importedAt: at,
    })
  }
  if (fresh.length > 0) finance.transactions.add(fresh)

  const balance = statement.balance
  const target = account
  finance.accounts.update(target, (a) => {
    if (balance && (!a.balanceDate || balance.date >= a.balanceDate)) {
      a.balance = balance.amount
      a.balanceDate = balance.date
    }
    if (origin.connectionId && !a.connectionId) a.connectionId = origin.connectionId
    a.updatedAt = at
  })
  return { account: target, created, imported: fresh.length, duplicates, dropped }
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
