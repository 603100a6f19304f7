import { z } from 'zod'
import { isoDateSchema, isoDateTimeSchema, pageQuerySchema } from './common'
import { companySizeSchema, subscriptionSchema } from './company'
import { fieldError } from './limit-messages'
import { paymentStatusLabels } from './glossary'

// Plans, subscriptions and payments (docs/product.md §10 "Billing").

/** A plan with its monthly price in BRL. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number().positive(),
  /** Company sizes the plan is for. */
  sizes: z.array(companySizeSchema).min(1),
  /** What is included, one line each, for the plan cards. */
  features: z.array(z.string()).min(1),
  active: z.boolean(),
})
export type Plan = z.infer<typeof planSchema>

/** A subscription as the store keeps it; `company.currentSubscription` is its summary. */
export const subscriptionRecordSchema = subscriptionSchema.extend({
  companyId: z.string(),
  /** Day of the month the monthly payment falls due (1..28). */
  billingDay: z.number().int().min(1).max(28),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  canceledAt: isoDateTimeSchema.nullable(),
  /** A plan change asked for: it takes effect on the charge of month `from` (the next cycle). */
  scheduledChange: z
    .object({
      planId: z.string(),
      from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
      requestedAt: isoDateTimeSchema,
    })
    .nullable()
    .default(null),
})
export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>

/** `PUT /subscriptions/{id}/plan`: the plan of the next cycles. */
export const planChangeSchema = z.strictObject({
  planId: z
    .string({ error: fieldError('Escolha um plano') })
    .trim()
    .min(1, { error: 'Escolha um plano' })
    .max(128),
})
export type PlanChange = z.input<typeof planChangeSchema>

export const planChangeMessages = {
  samePlan: 'Este já é o plano da empresa.',
  notStarted:
    'A assinatura ainda não começou: o plano é escolhido na etapa de assinatura do cadastro.',
} as const

export const paymentStatuses = ['pending', 'paid', 'overdue'] as const
export const paymentStatusSchema = z.enum(paymentStatuses)
export type PaymentStatus = z.infer<typeof paymentStatusSchema>

export const paymentMethods = ['pix', 'card', 'boleto'] as const
export const paymentMethodSchema = z.enum(paymentMethods, { error: 'Forma de pagamento inválida' })
export type PaymentMethod = z.infer<typeof paymentMethodSchema>
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  pix: 'Pix',
  card: 'Cartão de crédito',
  boleto: 'Boleto',
}

/** One monthly charge of a subscription. */
export const paymentSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  subscriptionId: z.string(),
  planId: z.string(),
  /** Month the charge refers to (competência), `YYYY-MM`. */
  reference: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  description: z.string(),
  /** Plan price for the month. */
  grossAmount: z.number().positive(),
  /** Referral credit applied (see referrals). */
  discount: z.number().nonnegative(),
  /** What is charged: gross minus discount. */
  amount: z.number().positive(),
  dueDate: isoDateSchema,
  status: paymentStatusSchema,
  method: paymentMethodSchema.nullable(),
  paidAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
})
export type Payment = z.infer<typeof paymentSchema>

/** `GET /v1/ecommerce/payments?companyId` (newest due date first). */
export const paymentListQuerySchema = pageQuerySchema(10).extend({
  companyId: z.string().trim().min(1).max(128),
  status: paymentStatusSchema.optional(),
})

/** `GET /subscriptions?companyId`. */
export const subscriptionListQuerySchema = z.strictObject({
  companyId: z.string().trim().min(1).max(128),
})

/** `POST /subscriptions/{id}` answers where to pay. */
export const checkoutLinkSchema = z.object({
  paymentId: z.string(),
  url: z.url(),
  amount: z.number().positive(),
  dueDate: isoDateSchema,
  status: paymentStatusSchema,
})
export type CheckoutLink = z.infer<typeof checkoutLinkSchema>

/** The checkout page's form. */
export const checkoutPaySchema = z.strictObject({ method: paymentMethodSchema })

/**
 * A charge as the payment checkout keeps it (its gateway's record, apart from the product's
 * payment: mock-server/stand-ins/checkout/contract.ts): what the payer is shown and whether it
 * was paid. Amounts in cents; the return and cancel paths are on the web app's address.
 */
export const checkoutChargeSchema = z.object({
  /** The merchant's id for the charge (the product's payment id). */
  id: z.string(),
  amountCents: z.number().int().positive(),
  description: z.string(),
  payer: z.object({ name: z.string(), document: z.string().nullable() }),
  dueDate: isoDateSchema,
  /** What the page lists between the payer and the due date (the plan, the month). */
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  /** The amount's parts when it has more than one (the fee, a credit taken off: negative). */
  breakdown: z.array(z.object({ label: z.string(), amountCents: z.number().int() })),
  /** Where the payer goes back to once paid, and without paying. */
  returnPath: z.string(),
  cancelPath: z.string(),
  status: z.enum(['open', 'paid']),
  method: paymentMethodSchema.nullable(),
  paidAt: isoDateTimeSchema.nullable(),
})
export type CheckoutCharge = z.infer<typeof checkoutChargeSchema>

/** Days a payment may stay overdue before the company itself becomes `overdue`. */
export const OVERDUE_GRACE_DAYS = 15

/** The active plans that suit a company size (the subscription step offers these). */
export const plansFor = (plans: readonly Plan[], size: Plan['sizes'][number] | null) =>
  plans.filter((plan) => plan.active && (size === null || plan.sizes.includes(size)))

// Their words are the glossary's (one name for each status, on every screen).
export { paymentStatusLabels }
