import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { listOf, type List } from '@/schemas/common'
import {
  reconciliationListQuerySchema,
  reconciliationRowSchema,
  type ReconciliationListQuery,
  type ReconciliationRow,
} from '@/schemas/reconciliation'
import { api } from '@/services/api'
import { bankKeys } from './keys'

/** GET /bank-statements/reconciliation (companyId, accountId, status, side, limit, offset). */
export type ListReconciliationInput = ReconciliationListQuery

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
