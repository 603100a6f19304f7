import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { competenceSchema } from '@/schemas/document'
import {
  declaredRevenueInputSchema,
  simplesMonthSchema,
  type SimplesMonthView,
} from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

export const declareRevenueInputSchema = z.object({
  companyId: idSchema,
  period: competenceSchema,
  revenue: declaredRevenueInputSchema,
})
export type DeclareRevenueInput = z.input<typeof declareRevenueInputSchema>

/** PUT /companies/{id}/simples/{period}/revenue: revenue without an invoice, by activity. */
export async function declareRevenue(input: DeclareRevenueInput): Promise<SimplesMonthView> {
  const { companyId, period, revenue } = declareRevenueInputSchema.parse(input)
  const { data } = await api.put(
    `/companies/${encodeURIComponent(companyId)}/simples/${period}/revenue`,
    { body: revenue, schema: recordOf(simplesMonthSchema) },
  )
  return data
}

export function useDeclareRevenue() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declareRevenue,
    onSuccess: (month, { companyId, period }) => {
      queryClient.setQueryData(simplesKeys.month(companyId, period), month)
      return queryClient.invalidateQueries({ queryKey: simplesKeys.company(companyId) })
    },
  })
}
