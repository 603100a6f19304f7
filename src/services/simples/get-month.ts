import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { competenceSchema } from '@/schemas/document'
import { simplesMonthSchema, type SimplesMonthView } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { simplesKeys } from './keys'

export const getMonthInputSchema = z.object({ companyId: idSchema, period: competenceSchema })
export type GetMonthInput = z.input<typeof getMonthInputSchema>

/**
 * GET /companies/{id}/simples/{period}: the month as the PGDAS-D calculates it (live while open,
 * frozen once closed), its DAS and guide, what keeps it from closing, and the basis it was
 * calculated from (the invoice form's estimate runs the same calculation on it).
 */
export async function getMonth(
  input: GetMonthInput,
  signal?: AbortSignal,
): Promise<SimplesMonthView> {
  const { companyId, period } = getMonthInputSchema.parse(input)
  const { data } = await api.get(`/companies/${encodeURIComponent(companyId)}/simples/${period}`, {
    schema: recordOf(simplesMonthSchema),
    signal,
  })
  return data
}

export const monthQueryOptions = (companyId: string, period: string) =>
  queryOptions({
    queryKey: simplesKeys.month(companyId, period),
    queryFn: ({ signal }) => getMonth({ companyId, period }, signal),
  })

/** The month, for a part of a form that may show its own loading and error (the estimate). */
export const useMonth = (companyId: string, period: string) =>
  useQuery(monthQueryOptions(companyId, period))
