import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { coraConnectionSchema, type CoraConnection } from '@/schemas/bank'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'
import { bankKeys } from './keys'

/** POST /bank-statements/connections/oauth/cora?code&companyId: finishes the Cora OAuth. */
export const connectCoraInputSchema = z.object({
  code: z.string().trim().min(1).max(512),
  companyId: idSchema,
})
export type ConnectCoraInput = z.input<typeof connectCoraInputSchema>

const connectCoraAnswerSchema = recordOf(coraConnectionSchema)
export type ConnectCoraResult = CoraConnection

export async function connectCora(input: ConnectCoraInput): Promise<ConnectCoraResult> {
  const query = connectCoraInputSchema.parse(input)
  const { data } = await api.post('/bank-statements/connections/oauth/cora', {
    query,
    schema: connectCoraAnswerSchema,
  })
  return data
}

/** Connects the account; the company's accounts refetch so the new one is listed. */
export function useConnectCora() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: [...bankKeys.all, 'connect-cora'],
    mutationFn: connectCora,
    onSuccess: (_result, { companyId }) =>
      queryClient.invalidateQueries({ queryKey: bankKeys.accounts(companyId) }),
  })
}
