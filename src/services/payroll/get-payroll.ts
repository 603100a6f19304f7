import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { competenceSchema } from '@/schemas/document'
import { payrollSchema, type Payroll } from '@/schemas/simples/api'
import { api } from '@/services/api'
import { payrollKeys } from './keys'

export const getPayrollInputSchema = z.object({ companyId: idSchema, period: competenceSchema })
export type GetPayrollInput = z.input<typeof getPayrollInputSchema>

/**
 * GET /companies/{id}/payroll/{period}: every partner with the month's pró-labore, INSS, IRRF and
 * net (zeros before it is entered), the CPP and the DCTFWeb DARF.
 */
export async function getPayroll(input: GetPayrollInput, signal?: AbortSignal): Promise<Payroll> {
  const { companyId, period } = getPayrollInputSchema.parse(input)
  const { data } = await api.get(`/companies/${encodeURIComponent(companyId)}/payroll/${period}`, {
    schema: recordOf(payrollSchema),
    signal,
  })
  return data
}

export const payrollQueryOptions = (companyId: string, period: string) =>
  queryOptions({
    queryKey: payrollKeys.month(companyId, period),
    queryFn: ({ signal }) => getPayroll({ companyId, period }, signal),
  })
