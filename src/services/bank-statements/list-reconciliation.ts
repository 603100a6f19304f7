import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import {
  reconciliationListQuerySchema,
  reconciliationRowSchema,
  type ReconciliationRow,
} from '@/schemas/reconciliation'
import { api } from '@/services/api'
import { bankKeys, type ListReconciliationInput } from './keys'

export type { ListReconciliationInput } from './keys'

export async function listReconciliation(
  input: ListReconciliationInput,
  signal?: AbortSignal,
): Promise<List<ReconciliationRow>> {
  const query = reconciliationListQuerySchema.parse(input)
  return api.get('/bank-statements/reconciliation', {
    query,
    schema: listOf(reconciliationRowSchema),
    signal,
  })
}

export const reconciliationQueryOptions = (input: ListReconciliationInput) =>
  queryOptions({
    queryKey: bankKeys.reconciliationList(input),
    queryFn: ({ signal }) => listReconciliation(input, signal),
    placeholderData: keepPreviousData,
  })

export const useReconciliation = (input: ListReconciliationInput) =>
  useQuery(reconciliationQueryOptions(input))
