import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { bankAccountListQuerySchema, bankAccountSummarySchema } from '@/schemas/bank'
import { listOf, type List } from '@/schemas/common'
import type { BankAccountSummary } from '@/schemas/bank'
import { api } from '@/services/api'
import { bankKeys, type ListBankAccountsInput } from './keys'

/** GET /bank-statements/accounts (docs/product.md §7: companyId, limit 10, offset). */
export const listBankAccountsInputSchema = bankAccountListQuerySchema
export type { ListBankAccountsInput } from './keys'

export async function listBankAccounts(
  input: ListBankAccountsInput,
  signal?: AbortSignal,
): Promise<List<BankAccountSummary>> {
  const query = listBankAccountsInputSchema.parse(input)
  return api.get('/bank-statements/accounts', {
    query,
    schema: listOf(bankAccountSummarySchema),
    signal,
  })
}

export const bankAccountsQueryOptions = (input: ListBankAccountsInput) =>
  queryOptions({
    queryKey: bankKeys.accountList(input),
    queryFn: ({ signal }) => listBankAccounts(input, signal),
    placeholderData: keepPreviousData,
  })

export const useBankAccounts = (input: ListBankAccountsInput) =>
  useQuery(bankAccountsQueryOptions(input))
