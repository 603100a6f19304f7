import { queryOptions, useQuery } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import {
  simplesSummaryQuerySchema,
  simplesSummarySchema,
  type SimplesSummary,
} from '@/schemas/report'
import { api } from '@/services/api'
import { panelKeys } from './keys'

/**
 * GET /reports/simples-nacional?companyId: RBT12 and the fator R payroll of the 12 months before
 * the current month, and the company's activities with their tax data. The annexes and rates
 * come from `companyAnnexes` / `simplesRateFor` (a MEI's DAS from `dasMeiOf`) in
 * src/schemas/tax.ts; the invoice form estimates its tax from the same numbers.
 */
export const simplesSummaryInputSchema = simplesSummaryQuerySchema

export async function getSimplesSummary(
  companyId: string,
  signal?: AbortSignal,
): Promise<SimplesSummary> {
  const query = simplesSummaryInputSchema.parse({ companyId })
  const { data } = await api.get('/reports/simples-nacional', {
    query,
    schema: recordOf(simplesSummarySchema),
    signal,
  })
  return data
}

export const simplesSummaryQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: panelKeys.simples(companyId),
    queryFn: ({ signal }) => getSimplesSummary(companyId, signal),
  })

export const useSimplesSummary = (companyId: string) =>
  useQuery(simplesSummaryQueryOptions(companyId))
