import { z } from 'zod'
import { isoDateTimeSchema, pageQuerySchema } from './common'
import { companyStatusSchema, subscriptionSchema, trackIdSchema } from './company'
import { stepIdSchema, stepStatusSchema } from './track'

/**
 * An opening or migration order (the admin screens /app/admin/companies/opening-orders and
 * migration-orders): a company on that track, with its track progress, subscription and owner.
 */
export const orderSchema = z.object({
  id: z.string(),
  company: z.object({
    id: z.string(),
    name: z.string(),
    alias: z.string().nullable(),
    cnpj: z.string().nullable(),
    status: companyStatusSchema,
    trackId: trackIdSchema,
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  }),
  owner: z
    .object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable() })
    .nullable(),
  track: z.object({
    status: stepStatusSchema,
    currentStep: stepIdSchema.nullable(),
    done: z.number().int().nonnegative(),
    total: z.number().int().positive(),
    steps: z.array(
      z.object({
        stepId: stepIdSchema,
        status: stepStatusSchema,
        updatedAt: isoDateTimeSchema.nullable(),
      }),
    ),
  }),
  subscription: subscriptionSchema.nullable(),
  planName: z.string().nullable(),
})
export type Order = z.infer<typeof orderSchema>

/** Order statuses: the company statuses an order passes through before it is finished. */
export const openOrderStatuses = {
  'create-company': ['pending', 'awaiting_opening', 'opening'],
  'migrate-company': ['pending', 'migrating'],
} as const

/** `GET /companies/orders/opening-requests` and `/migration-requests` (docs/product.md §7: 10 a page). */
export const orderListQuerySchema = pageQuerySchema(10).extend({
  query: z.string().trim().max(100).optional(),
  status: companyStatusSchema.optional(),
  /** Also list finished orders (track done and company active or disabled). */
  all: z.enum(['true', 'false']).optional(),
})
