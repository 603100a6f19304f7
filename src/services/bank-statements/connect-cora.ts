import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { coraConnectionSchema, coraExchangeQuerySchema, type CoraConnection } from '@/schemas/bank'
import { recordOf } from '@/schemas/common'
import { api } from '@/services/api'
import { invalidateAfter } from '@/services/invalidation'
import { bankKeys } from './keys'

/**
 * POST /bank-statements/connections/oauth/cora?code&state&companyId: finishes the Cora OAuth with
 * the code and the state the callback handed back (the server checks both belong to an
 * authorization this person started for this company).
 */
export const connectCoraInputSchema = coraExchangeQuerySchema
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
      invalidateAfter(queryClient, 'statement-imported', companyId),
  })
}
