import { queryOptions } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import {
  billingByCategoryQuerySchema,
  billingByCategorySchema,
  type BillingByCategory,
} from '@/schemas/report'
import { api } from '@/services/api'
import { panelKeys } from './keys'

/** GET /reports/billing-by-category?companyId&period: bank transactions summed by tax category. */
export const billingByCategoryInputSchema = billingByCategoryQuerySchema

export async function getBillingByCategory(
  companyId: string,
  period: string,
  signal?: AbortSignal,
): Promise<BillingByCategory> {
  const query = billingByCategoryInputSchema.parse({ companyId, period })
  const { data } = await api.get('/reports/billing-by-category', {
    query,
    schema: recordOf(billingByCategorySchema),
    signal,
  })
  return data
}

export const billingByCategoryQueryOptions = (companyId: string, period: string) =>
  queryOptions({
    queryKey: panelKeys.byCategory(companyId, period),
    queryFn: ({ signal }) => getBillingByCategory(companyId, period, signal),
  })
