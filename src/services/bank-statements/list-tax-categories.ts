import { queryOptions, useQuery } from '@tanstack/react-query'
import { listOf } from '@/schemas/common'
import { taxCategorySchema, type TaxCategory } from '@/schemas/bank'
import { api } from '@/services/api'
import { bankKeys } from './keys'

/** GET /bank-statements/tax-categories: the chart of accounts, by ledger code. */
export async function listTaxCategories(signal?: AbortSignal): Promise<TaxCategory[]> {
  const { data } = await api.get('/bank-statements/tax-categories', {
    schema: listOf(taxCategorySchema),
    signal,
  })
  return data
}

export const taxCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: bankKeys.taxCategories(),
    queryFn: ({ signal }) => listTaxCategories(signal),
    // The chart changes with the law, not during a session.
    staleTime: 60 * 60 * 1000,
  })

export const useTaxCategories = () => useQuery(taxCategoriesQueryOptions())
