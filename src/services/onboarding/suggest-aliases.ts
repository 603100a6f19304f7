import { useMutation } from '@tanstack/react-query'
import {
  aliasSuggestionSchema,
  intentBodySchema,
  type AliasSuggestion,
  type IntentBody,
} from '@/schemas/assistant'
import { listOf } from '@/schemas/common'
import { api } from '@/services/api'

export const suggestAliasesInputSchema = intentBodySchema

/** POST /luca/companies/alias-suggest (docs/product.md §7): trade-name ideas from a description. */
export async function suggestAliases(input: IntentBody): Promise<AliasSuggestion[]> {
  const body = suggestAliasesInputSchema.parse(input)
  const { data } = await api.post('/luca/companies/alias-suggest', {
    body,
    schema: listOf(aliasSuggestionSchema),
  })
  return data
}

export const useSuggestAliases = () => useMutation({ mutationFn: suggestAliases })
