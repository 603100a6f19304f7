import type { z } from 'zod'
import {
  aliasSuggestionSchema,
  cnaeMatchSchema,
  intentBodySchema,
} from '../../src/schemas/assistant'
import { listOf } from '../../src/schemas/common'
import { suggestAliases } from '../domain/assistant/alias-suggest'
import { matchCnaes } from '../domain/assistant/cnae-matcher'
import { endpoint, type Call } from '../api'

// The assistant "Luca" (docs/product.md §7 "Leads and assistant"): CNAE activities and trade names
// for what the person says their business does.

type Intent = { body: z.output<typeof intentBodySchema> }

function matchActivities({ body }: Call<Intent>) {
  const matches = matchCnaes(body.intent)
  return { data: matches.slice(0, body.limit), total: matches.length }
}

/** Trade names for the intent, none already taken, with the owner's name where it fits. */
function suggestTradeNames({ store, caller, body }: Call<Intent>) {
  const user = store.users.get(caller.uid)
  const taken = store.companies.all().flatMap((c) => (c.alias ? [c.name, c.alias] : [c.name]))
  const data = suggestAliases(body.intent, body.limit, { ownerName: user?.name, taken })
  return { data, total: data.length }
}

export const lucaEndpoints = [
  endpoint({
    method: 'POST',
    path: '/luca/cnaes/match',
    summary: 'CNAE activities for what the business does (intent).',
    access: 'signed-in',
    body: intentBodySchema,
    answers: { 200: listOf(cnaeMatchSchema) },
    handler: matchActivities,
  }),
  endpoint({
    method: 'POST',
    path: '/luca/companies/alias-suggest',
    summary: 'Trade names for what the business does (intent).',
    access: 'signed-in',
    body: intentBodySchema,
    answers: { 200: listOf(aliasSuggestionSchema) },
    handler: suggestTradeNames,
  }),
]
