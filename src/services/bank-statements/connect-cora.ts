import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { coraExchangeQuerySchema } from '@/schemas/bank'
import { api } from '@/services/api'
import { bankKeys } from './keys'

/**
 * POST /bank-statements/connections/oauth/cora?code&state&companyId: finishes the Cora OAuth with
 * the code and the state the callback handed back (the server checks both belong to an
 * authorization this person started for this company).
 */
export const connectCoraInputSchema = coraExchangeQuerySchema
export type ConnectCoraInput = z.input<typeof connectCoraInputSchema>

// Only what the callback screen shows; the accounts screen reads the full account.
const connectCoraAnswerSchema = z.object({
  data: z.object({
    account: z.object({
      id: z.string(),
      bankName: z.string(),
      branch: z.string().nullable(),
      accountNumber: z.string(),
    }),
    imported: z.number().int().nonnegative(),
    duplicates: z.number().int().nonnegative(),
  }),
})
export type ConnectCoraResult = z.infer<typeof connectCoraAnswerSchema>['data']

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
