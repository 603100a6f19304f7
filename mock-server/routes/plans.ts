import { z } from 'zod'
import { planSchema, plansFor } from '../../src/schemas/billing'
import { listOf } from '../../src/schemas/common'
import { companySizeSchema } from '../../src/schemas/company'
import { endpoint, type Call } from '../api'

const planQuerySchema = z.strictObject({ size: companySizeSchema.optional() })

/** The active plans with prices, those for a company size when it is given. */
function listPlans({ store, query }: Call<{ query: z.output<typeof planQuerySchema> }>) {
  const data = plansFor(store.plans.all(), query.size ?? null)
  return { data, total: data.length }
}

export const planEndpoints = [
  endpoint({
    method: 'GET',
    path: '/plans',
    summary: 'Plans with prices (those for a company size).',
    access: 'public',
    query: planQuerySchema,
    answers: { 200: listOf(planSchema) },
    handler: listPlans,
  }),
]
