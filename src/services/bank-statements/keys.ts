import type { z } from 'zod'
import type { bankAccountListQuerySchema, transactionListQuerySchema } from '@/schemas/bank'

// The inputs of the feature's lists live beside their keys (each list's fetcher imports them
// from here), so the factory depends on schemas only and no list file imports back into it.
export type ListBankAccountsInput = z.input<typeof bankAccountListQuerySchema>
/** One account's transactions: the list's query with its account. */
export type ListTransactionsInput = z.input<typeof transactionListQuerySchema> & {
  accountId: string
}

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
  /** The chart of accounts is the same for every company. */
  taxCategories: () => [...bankKeys.all, 'tax-categories'] as const,
}
