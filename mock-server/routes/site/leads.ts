import { randomUUID } from 'node:crypto'
import { Router } from 'express'
import { leadCreateSchema, type Lead } from '../../../src/schemas/lead'
import type { RouteModule } from '../../deps'
import { badRequest, handle, parse } from '../../http'

/** Leads from the public site's forms (SPEC section 7 `POST /leads`, section 5 messages). */
export const leadsRoutes: RouteModule = {
  create: ({ store }) => {
    const router = Router()

    router.post(
      '/leads',
      handle(async (req, res) => {
        const input = parse(leadCreateSchema, req.body)
        // A lead's plan is a subscription plan the product sells (the billing plans).
        const planId = input.planId || null
        if (planId && !store.data.plans.some((plan) => plan.id === planId && plan.active))
          throw badRequest('Plano inválido', [{ path: ['planId'], message: 'Plano inválido' }])
        const lead: Lead = {
          id: `lead-${randomUUID()}`,
          name: input.name,
          email: input.email,
          phone: input.phone ? input.phone : null,
          planId,
          source: input.source ?? null,
          track: input.track ?? null,
          createdAt: new Date().toISOString(),
        }
        store.data.leads.push(lead)
        await store.commit()
        res.status(201)
        return { data: lead }
      }),
    )

    return router
  },
}
