import { Router } from 'express'
import { intentBodySchema } from '../../src/schemas/assistant'
import { callerOf } from '../auth'
import type { RouteModule } from '../deps'
import { handle, parse } from '../http'
import { suggestAliases } from '../assistant/alias-suggest'
import { loadAssistant, matchCnaes } from '../assistant/cnae-matcher'

/** The assistant "Luca" (SPEC section 7 "Leads and assistant"): for signed-in users (wizard). */
export const assistantRoutes: RouteModule = {
  contract: [
    {
      method: 'POST',
      route: '/luca/cnaes/match',
      example: '/luca/cnaes/match',
      access: 'signed-in',
      takesInput: true,
      body: { intent: 'vendo bolos e doces pela internet' },
      okStatus: 200,
    },
    {
      method: 'POST',
      route: '/luca/companies/alias-suggest',
      example: '/luca/companies/alias-suggest',
      access: 'signed-in',
      takesInput: true,
      body: { intent: 'conserto celulares' },
      okStatus: 200,
    },
  ],

  create: ({ store, auth }) => {
    const router = Router()
    // Build the CNAE index at start, not on the first request.
    loadAssistant()

    router.post(
      '/luca/cnaes/match',
      auth.authenticate,
      handle((req) => {
        const input = parse(intentBodySchema, req.body)
        const matches = matchCnaes(input.intent)
        return { data: matches.slice(0, input.limit), total: matches.length }
      }),
    )

    router.post(
      '/luca/companies/alias-suggest',
      auth.authenticate,
      handle((req) => {
        const caller = callerOf(req)
        const input = parse(intentBodySchema, req.body)
        const user = store.data.users.find((u) => u.id === caller.uid)
        const taken = store.data.companies.flatMap((c) => (c.alias ? [c.name, c.alias] : [c.name]))
        const data = suggestAliases(input.intent, input.limit, { ownerName: user?.name, taken })
        return { data, total: data.length }
      }),
    )

    return router
  },
}
