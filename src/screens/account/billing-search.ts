import { z } from 'zod'

export const BILLING_PAGE_SIZE = 10

export const checkoutOutcomes = ['confirmado', 'cancelado'] as const
export type CheckoutOutcome = (typeof checkoutOutcomes)[number]

/** /app/user/my-billing search params: the history page, and how the checkout ended. */
export const billingSearchSchema = z.object({
  pagina: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
  pagamento: z.enum(checkoutOutcomes).optional().catch(undefined),
})
