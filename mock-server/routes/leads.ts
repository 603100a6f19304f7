import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { recordOf } from '../../src/schemas/common'
import { leadCreateSchema, leadSchema, type Lead } from '../../src/schemas/lead'
import { endpoint, type Call } from '../api'
import { badRequest } from '../http'

// Leads from the public site's forms (docs/product.md §7 `POST /leads`, section 5 messages).

function createLead({ store, body: input }: Call<{ body: z.output<typeof leadCreateSchema> }>) {
  // A lead's plan is a subscription plan the product sells (the billing plans).
  const planId = input.planId || null
  if (planId && !store.plans.get(planId)?.active)
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
  store.write(() => store.leads.insert(lead))
  return { data: lead }
}

export const leadEndpoints = [
  endpoint({
    method: 'POST',
    path: '/leads',
    summary: "A lead from the public site's forms.",
    access: 'public',
    body: leadCreateSchema,
    answers: { 201: recordOf(leadSchema) },
    handler: createLead,
  }),
]
