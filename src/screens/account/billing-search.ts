import { z } from 'zod'
import { lazySearch } from '@/schemas/lazy-search'
import { checkoutOutcomes } from './checkout-return'

export { checkoutOutcomes, type CheckoutOutcome } from './checkout-return'

export const BILLING_PAGE_SIZE = 10

/** /app/user/my-billing search params: the history page, and how the checkout ended. */
export const billingSearchSchema = lazySearch(() =>
  z.object({
    pagina: z.coerce.number().int().min(1).max(1000).optional().catch(undefined),
    pagamento: z.enum(checkoutOutcomes).optional().catch(undefined),
  }),
)
