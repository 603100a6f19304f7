import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { idSchema } from '@/schemas/common'
import { api } from '@/services/api'

/** POST /bank-statements/connections/oauth/cora?code&companyId: finishes the Cora OAuth. */
export const connectCoraInputSchema = z.object({
  code: z.string().trim().min(1).max(512),
  companyId: idSchema,
})
export type ConnectCoraInput = z.input<typeof connectCoraInputSchema>

// Only what the callback screen shows; the bank screens own the full account schema.
const connectCoraAnswerSchema = z.object({
  data: z.object({
    account: z.object({ id: z.string() }).loose(),
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

export const useConnectCora = () =>
  useMutation({ mutationKey: ['bank', 'connect-cora'], mutationFn: connectCora })
