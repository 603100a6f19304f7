import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import {
  companyDisableSchema,
  companySchema,
  companyStatusSchema,
  statusChangeBodySchema,
  type Company,
} from '@/schemas/company'
import { api } from '@/services/api'
import { companyKeys } from '@/services/companies'
import { backOfficeKeys } from './keys'

export const changeCompanyStatusInputSchema = z.object({
  companyId: idSchema,
  status: companyStatusSchema,
  /** Required to disable (at least 10 characters); a note otherwise. */
  reason: z.string().optional(),
})
export type ChangeCompanyStatusInput = z.input<typeof changeCompanyStatusInputSchema>

/**
 * PUT /companies/{id}/status/{status} (docs/product.md §7): the server runs the company-status
 * statechart; a change it does not allow (someone changed the company first) answers 409.
 */
export async function changeCompanyStatus(input: ChangeCompanyStatusInput): Promise<Company> {
  const { companyId, status, reason } = changeCompanyStatusInputSchema.parse(input)
  const body =
    status === 'disabled'
      ? companyDisableSchema.parse({ reason })
      : statusChangeBodySchema.parse(reason ? { reason } : {})
  const { data } = await api.put(
    `/companies/${encodeURIComponent(companyId)}/status/${encodeURIComponent(status)}`,
    { body, schema: recordOf(companySchema) },
  )
  return data
}

/**
 * The company, every company list, its status history, the order queues and pages (they show the
 * status) and the user screens (their companies' badges) follow the change.
 */
export const useChangeCompanyStatus = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeCompanyStatus,
    onSuccess: (_answer, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.statusHistory(companyId) }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.users() }),
      ]),
  })
}
