import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  bankTransactionSchema,
  transactionListQuerySchema,
  type BankTransaction,
} from '@/schemas/bank'
import { idSchema, listOf, type List } from '@/schemas/common'
import { api } from '@/services/api'
import { bankKeys, type ListTransactionsInput } from './keys'

/** GET /bank-statements/transactions of one account: period, text, "Sem categoria", paged. */
export const listTransactionsInputSchema = transactionListQuerySchema.and(
  z.object({ accountId: idSchema }),
)
export type { ListTransactionsInput } from './keys'

export async function listTransactions(
  input: ListTransactionsInput,
  signal?: AbortSignal,
): Promise<List<BankTransaction>> {
  const query = listTransactionsInputSchema.parse(input)
  return api.get('/bank-statements/transactions', {
    query,
    schema: listOf(bankTransactionSchema),
    signal,
  })
}

export const transactionsQueryOptions = (input: ListTransactionsInput) =>
  queryOptions({
    queryKey: bankKeys.transactionList(input),
    queryFn: ({ signal }) => listTransactions(input, signal),
    placeholderData: keepPreviousData,
  })

export const useTransactions = (input: ListTransactionsInput) =>
  useQuery(transactionsQueryOptions(input))
