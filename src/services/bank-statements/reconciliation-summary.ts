import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { recordOf } from '@/schemas/common'
import {
  reconciliationSummaryQuerySchema,
  reconciliationSummarySchema,
  type ReconciliationSummary,
} from '@/schemas/reconciliation'
import { api } from '@/services/api'
import { bankKeys } from './keys'

/** GET /bank-statements/reconciliation/summary (companyId, period `YYYY-MM`: this month if left out). */
export type ReconciliationSummaryInput = z.input<typeof reconciliationSummaryQuerySchema>

export async function getReconciliationSummary(
  input: ReconciliationSummaryInput,
  signal?: AbortSignal,
): Promise<ReconciliationSummary> {
  const query = reconciliationSummaryQuerySchema.parse(input)
  const { data } = await api.get('/bank-statements/reconciliation/summary', {
    query,
    schema: recordOf(reconciliationSummarySchema),
    signal,
  })
  return data
}

export const reconciliationSummaryQueryOptions = (input: ReconciliationSummaryInput) =>
  queryOptions({
    queryKey: bankKeys.reconciliationSummary(input.companyId, input.period),
    queryFn: ({ signal }) => getReconciliationSummary(input, signal),
  })

export const useReconciliationSummary = (input: ReconciliationSummaryInput) =>
  useQuery(reconciliationSummaryQueryOptions(input))
