import { useMutation } from '@tanstack/react-query'
import {
  cnaeMatchSchema,
  intentBodySchema,
  type CnaeMatch,
  type IntentBody,
} from '@/schemas/assistant'
import { listOf } from '@/schemas/common'
import { api } from '@/services/api'

export const matchCnaesInputSchema = intentBodySchema

/**
 * POST /luca/cnaes/match (docs/product.md §7, the assistant "Luca"): CNAE subclasses for what the
 * company does, in a person's words, best first.
 */
export async function matchCnaes(input: IntentBody): Promise<CnaeMatch[]> {
  const body = matchCnaesInputSchema.parse(input)
  const { data } = await api.post('/luca/cnaes/match', { body, schema: listOf(cnaeMatchSchema) })
  return data
}

/** Asked on a click: nothing to cache, nothing changes on the server. */
export const useMatchCnaes = () => useMutation({ mutationFn: matchCnaes })
