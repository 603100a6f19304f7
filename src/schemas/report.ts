import { z } from 'zod'
import { idSchema } from './common'
import { reportPeriodSchema } from './finance-common'
import { taxCategorySchema } from './bank'

// Reports (docs/product.md §10 "Reports").

// The MEI limit and every other tax fact live in ./tax.ts.

export const anualBillingQuerySchema = z.object({ companyId: idSchema })

export const anualBillingSchema = z.object({
  companyId: z.string(),
  /** The last 12 months, oldest first, each `YYYY-MM`. */
  months: z.array(z.object({ month: z.string(), total: z.number(), count: z.number().int() })),
  total: z.number(),
  mei: z
    .object({
      year: z.number().int(),
      limit: z.number(),
      used: z.number(),
      remaining: z.number(),
      percentUsed: z.number(),
      exceeded: z.boolean(),
    })
    .nullable(),
})
export type AnualBilling = z.infer<typeof anualBillingSchema>

export const billingByCategoryQuerySchema = z.object({
  companyId: idSchema,
  period: reportPeriodSchema,
})

export const billingByCategorySchema = z.object({
  companyId: z.string(),
  period: z.string(),
  from: z.string(),
  to: z.string(),
  categories: z.array(
    z.object({
      taxCategory: taxCategorySchema.nullable(),
      credits: z.number(),
      debits: z.number(),
      total: z.number(),
      count: z.number().int(),
    }),
  ),
  totals: z.object({
    credits: z.number(),
    debits: z.number(),
    balance: z.number(),
    count: z.number(),
  }),
})
export type BillingByCategory = z.infer<typeof billingByCategorySchema>
