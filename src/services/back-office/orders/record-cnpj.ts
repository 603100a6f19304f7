import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { cnpjSchema } from '@/schemas/brazil'
import { idSchema, recordOf } from '@/schemas/common'
import { companySchema, type Company } from '@/schemas/company'
import { api } from '@/services/api'
import { invalidateOrder } from './invalidate-order'

export const recordCnpjInputSchema = z.object({ companyId: idSchema, cnpj: cnpjSchema })
export type RecordCnpjInput = z.input<typeof recordCnpjInputSchema>

/**
 * PUT /companies/{id}/cnpj: the CNPJ the Receita issued for a company we are opening (status
 * "Em abertura"); the registry stand-in answers for it from then on. 409 outside that moment.
 */
export async function recordCnpj(input: RecordCnpjInput): Promise<Company> {
  const { companyId, cnpj } = recordCnpjInputSchema.parse(input)
  const { data } = await api.put(`/companies/${encodeURIComponent(companyId)}/cnpj`, {
    body: { cnpj },
    schema: recordOf(companySchema),
  })
  return data
}

export const useRecordCnpj = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordCnpj,
    onSuccess: (_company, { companyId }) => invalidateOrder(queryClient, companyId),
  })
}
