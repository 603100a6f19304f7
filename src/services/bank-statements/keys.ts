import type { z } from 'zod'
import type { bankAccountListQuerySchema, transactionListQuerySchema } from '@/schemas/bank'
import type { ReconciliationListQuery } from '@/schemas/reconciliation'

// The inputs of the feature's lists live beside their keys (each list's fetcher imports them
// from here), so the factory depends on schemas only and no list file imports back into it.
export type ListBankAccountsInput = z.input<typeof bankAccountListQuerySchema>
/** One account's transactions: the list's query with its account. */
export type ListTransactionsInput = z.input<typeof transactionListQuerySchema> & {
  accountId: string
}
/** GET /bank-statements/reconciliation (companyId, accountId, status, side, limit, offset). */
export type ListReconciliationInput = ReconciliationListQuery

/**
 * Query keys of bank statements (CONTRIBUTING.md "Data through the router"). A company's keys
 * start with its id; an account's list and its record sit under `accounts`, so a change to an
 * account (an import, a deletion, a categorisation that changes its counts) refreshes both, and
 * its transactions under `transactions`, by account.
 */
export const bankKeys = {
  all: ['bank-statements'] as const,
  company: (companyId: string) => [...bankKeys.all, companyId] as const,
  accounts: (companyId: string) => [...bankKeys.company(companyId), 'accounts'] as const,
  accountList: (input: ListBankAccountsInput) =>
    [...bankKeys.accounts(input.companyId), 'list', input] as const,
  account: (companyId: string, accountId: string) =>
    [...bankKeys.accounts(companyId), 'detail', accountId] as const,
  transactions: (companyId: string, accountId: string) =>
    [...bankKeys.company(companyId), 'transactions', accountId] as const,
  transactionList: (input: ListTransactionsInput) =>
    [...bankKeys.transactions(input.companyId, input.accountId), input] as const,
  /**
   * Reconciliation: its tabs' pages and its month summaries, one branch a confirmation, an undo
   * or an import refreshes whole.
   */
  reconciliation: (companyId: string) =>
    [...bankKeys.company(companyId), 'reconciliation'] as const,
  reconciliationList: (input: ListReconciliationInput) =>
    [...bankKeys.reconciliation(input.companyId), 'list', input] as const,
  reconciliationSummary: (companyId: string, period: string | undefined) =>
    [...bankKeys.reconciliation(companyId), 'summary', period ?? 'this-month'] as const,
  /** The chart of accounts is the same for every company. */
  taxCategories: () => [...bankKeys.all, 'tax-categories'] as const,
}
