import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema, recordOf } from '@/schemas/common'
import { companySchema, companyUpdateSchema, type Company } from '@/schemas/company'
import { api } from '@/services/api'
import { companyKeys } from '@/services/companies'
import { backOfficeKeys } from './keys'

export const updateCompanyInputSchema = z.object({
  companyId: idSchema,
  update: companyUpdateSchema,
})
export type UpdateCompanyInput = z.input<typeof updateCompanyInputSchema>

/** PUT /companies/{id} (docs/product.md §7, admin): registration data; 400 names each bad field. */
export async function updateCompany(input: UpdateCompanyInput): Promise<Company> {
  const { companyId, update } = updateCompanyInputSchema.parse(input)
  const { data } = await api.put(`/companies/${encodeURIComponent(companyId)}`, {
    body: update,
    schema: recordOf(companySchema),
  })
  return data
}

/**
 * The company and every screen that shows its name or CNPJ follow the change: company lists,
 * order queues and pages, user screens and the NFS-e queue.
 */
export const useUpdateCompany = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (_company, { companyId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.users() }),
        queryClient.invalidateQueries({ queryKey: backOfficeKeys.nfsRequests() }),
      ]),
  })
}
