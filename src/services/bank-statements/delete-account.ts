import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { deletedBankAccountSchema } from '@/schemas/bank'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { bankKeys } from './keys'

export const deleteBankAccountInputSchema = z.object({ companyId: idSchema, accountId: idSchema })
export type DeleteBankAccountInput = z.input<typeof deleteBankAccountInputSchema>

const deletedAccountSchema = recordOf(deletedBankAccountSchema)

/** DELETE /bank-statements/accounts/{id}?companyId: the account and all its transactions. */
export async function deleteBankAccount(input: DeleteBankAccountInput) {
  const { companyId, accountId } = deleteBankAccountInputSchema.parse(input)
  const { data } = await api.delete(`/bank-statements/accounts/${encodeURIComponent(accountId)}`, {
    query: { companyId },
    schema: deletedAccountSchema,
  })
  return data
}

export function useDeleteBankAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBankAccount,
    onSuccess: (_deleted, { companyId, accountId }) => {
      queryClient.removeQueries({ queryKey: bankKeys.transactions(companyId, accountId) })
      queryClient.removeQueries({ queryKey: bankKeys.account(companyId, accountId) })
      return invalidateAfter(queryClient, 'bank-account-removed', companyId)
    },
  })
}
