import { queryOptions } from '@tanstack/react-query'
import { recordOf } from '@/schemas/common'
import { anualBillingQuerySchema, anualBillingSchema, type AnualBilling } from '@/schemas/report'
import { api } from '@/services/api'
import { panelKeys } from './keys'

/** GET /reports/anual-billing-by-company?companyId: issued invoices per month, last 12 months. */
export const anualBillingInputSchema = anualBillingQuerySchema

export async function getAnualBilling(
  companyId: string,
  signal?: AbortSignal,
): Promise<AnualBilling> {
  const query = anualBillingInputSchema.parse({ companyId })
  const { data } = await api.get('/reports/anual-billing-by-company', {
    query,
    schema: recordOf(anualBillingSchema),
    signal,
  })
  return data
}

export const anualBillingQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: panelKeys.anualBilling(companyId),
    queryFn: ({ signal }) => getAnualBilling(companyId, signal),
  })
