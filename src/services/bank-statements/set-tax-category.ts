import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  bankTransactionSchema,
  taxCategoryBulkUpdateSchema,
  taxCategoryUpdateSchema,
  type BankTransaction,
} from '@/schemas/bank'
import { idSchema, recordOf, type List } from '@/schemas/common'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { bankKeys } from './keys'

export const setTaxCategoryInputSchema = z.object({
  companyId: idSchema,
  transactionId: idSchema,
  taxCategoryId: taxCategoryUpdateSchema.shape.taxCategoryId,
})
export type SetTaxCategoryInput = z.input<typeof setTaxCategoryInputSchema>

/** PUT /bank-statements/transactions/{id}/tax-category?companyId (docs/product.md §7). */
export async function setTaxCategory(input: SetTaxCategoryInput): Promise<BankTransaction> {
  const { companyId, transactionId, taxCategoryId } = setTaxCategoryInputSchema.parse(input)
  const { data } = await api.put(
    `/bank-statements/transactions/${encodeURIComponent(transactionId)}/tax-category`,
    { query: { companyId }, body: { taxCategoryId }, schema: recordOf(bankTransactionSchema) },
  )
  return data
}

export const setTaxCategoriesInputSchema = taxCategoryBulkUpdateSchema.extend({
  companyId: idSchema,
})
export type SetTaxCategoriesInput = z.input<typeof setTaxCategoriesInputSchema>

/** PUT /bank-statements/transactions/tax-category?companyId: several at once, all or nothing. */
export async function setTaxCategories(input: SetTaxCategoriesInput) {
  const { companyId, ...body } = setTaxCategoriesInputSchema.parse(input)
  const { data } = await api.put('/bank-statements/transactions/tax-category', {
    query: { companyId },
    body,
    schema: recordOf(z.object({ updated: z.number().int(), taxCategoryId: z.string().nullable() })),
  })
  return data
}

type Change = {
  companyId: string
  accountId: string
  ids: readonly string[]
  taxCategoryId: string | null
}
type Snapshot = [readonly unknown[], List<BankTransaction> | undefined][]

/**
 * The optimistic side of a categorisation: every cached page of the account's transactions shows
 * the new category at once; the snapshot taken first puts them back if the server refuses.
 */
async function applyOptimistically(queryClient: QueryClient, change: Change): Promise<Snapshot> {
  const key = bankKeys.transactions(change.companyId, change.accountId)
  await queryClient.cancelQueries({ queryKey: key })
  const snapshot = queryClient.getQueriesData<List<BankTransaction>>({ queryKey: key })
  const ids = new Set(change.ids)
  queryClient.setQueriesData<List<BankTransaction>>(
    { queryKey: key },
    (page) =>
      page && {
        ...page,
        data: page.data.map((t) =>
          ids.has(t.id) ? { ...t, taxCategoryId: change.taxCategoryId } : t,
        ),
      },
  )
  return snapshot
}

const rollBack = (queryClient: QueryClient, snapshot: Snapshot | undefined) =>
  snapshot?.forEach(([key, page]) => queryClient.setQueryData(key, page))

/** The lists, the "Sem categoria" counts of the account and of the accounts list refetch. */
const refresh = (queryClient: QueryClient, { companyId, accountId }: Change) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: bankKeys.transactions(companyId, accountId) }),
    invalidateAfter(queryClient, 'transactions-categorized', companyId),
  ])

/** One transaction's category, set inline: shown at once, rolled back if the server refuses. */
export function useSetTaxCategory(accountId: string) {
  const queryClient = useQueryClient()
  const changeOf = (input: SetTaxCategoryInput): Change => ({
    companyId: input.companyId,
    accountId,
    ids: [input.transactionId],
    taxCategoryId: input.taxCategoryId,
  })
  return useMutation({
    mutationFn: setTaxCategory,
    onMutate: (input) => applyOptimistically(queryClient, changeOf(input)),
    onError: (_error, _input, snapshot) => rollBack(queryClient, snapshot),
    onSettled: (_data, _error, input) => refresh(queryClient, changeOf(input)),
  })
}

/** Several selected transactions at once, the same way. */
export function useSetTaxCategories(accountId: string) {
  const queryClient = useQueryClient()
  const changeOf = (input: SetTaxCategoriesInput): Change => ({
    companyId: input.companyId,
    accountId,
    ids: input.transactionIds,
    taxCategoryId: input.taxCategoryId,
  })
  return useMutation({
    mutationFn: setTaxCategories,
    onMutate: (input) => applyOptimistically(queryClient, changeOf(input)),
    onError: (_error, _input, snapshot) => rollBack(queryClient, snapshot),
    onSettled: (_data, _error, input) => refresh(queryClient, changeOf(input)),
  })
}
