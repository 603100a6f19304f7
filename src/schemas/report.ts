import { z } from 'zod'
import { idSchema } from './common'
import { reportPeriodSchema } from './finance-common'
import { taxCategorySchema } from './bank'
import { activityTaxSchema } from './cnae'

// Reports (PRODUCT.md "Reports").

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

export const simplesSummaryQuerySchema = z.object({ companyId: idSchema })

/**
 * `GET /reports/simples-nacional?companyId`: what the Simples Nacional rates of the current month
 * (and a MEI's DAS) are computed from (src/schemas/tax.ts does the computing, in the browser).
 */
export const simplesSummarySchema = z.object({
  companyId: z.string(),
  /** The month being calculated, `YYYY-MM`. */
  month: z.string(),
  /** The 12 months before it, as days. */
  from: z.string(),
  to: z.string(),
  /** Issued invoices in those months. */
  revenue: z.number(),
  /** Months of those 12 the company was already operating (0 in its opening month). */
  monthsOfActivity: z.number().int().min(0).max(12),
  /** Issued invoices of the month being calculated (the RBT12 of an opening month). */
  currentMonthRevenue: z.number(),
  /** RBT12: `revenue`, scaled to 12 months while the company is younger than a year. */
  rbt12: z.number(),
  /** Payroll of the 12 months (fator R): pró-labore, salaries, INSS and FGTS paid. */
  payroll: z.number(),
  payrollByCategory: z.array(z.object({ taxCategory: taxCategorySchema, total: z.number() })),
  /**
   * The company's activities, main first, with what the tax rules need: the Simples annexes of
   * each and, for a MEI, what its occupations pay (src/schemas/tax.ts `companyAnnexes`,
   * `dasMeiOf`).
   */
  activities: z.array(activityTaxSchema),
})
export type SimplesSummary = z.infer<typeof simplesSummarySchema>
