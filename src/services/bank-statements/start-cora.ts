import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { coraConsentSchema } from '@/schemas/bank'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'

export const startCoraInputSchema = z.object({ companyId: idSchema })

const startAnswerSchema = recordOf(coraConsentSchema)

/** GET /bank-statements/connections/oauth/cora (docs/product.md §7): Cora's authorization address. */
export async function startCora(input: z.input<typeof startCoraInputSchema>) {
  const { companyId } = startCoraInputSchema.parse(input)
  const { data } = await api.get('/bank-statements/connections/oauth/cora', {
    query: { companyId },
    schema: startAnswerSchema,
  })
  return data
}

export const useStartCora = () => useMutation({ mutationFn: startCora })
