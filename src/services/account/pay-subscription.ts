import { useMutation } from '@tanstack/react-query'
import { checkoutLinkSchema, type CheckoutLink } from '@/schemas/billing'
import { idSchema, recordOf } from '@/schemas/common'
import { api } from '@/services/api'

/**
 * POST /subscriptions/{id} (docs/product.md §7): the open charge of the subscription (created when
 * there is none) and the checkout URL to pay it. The caller sends the browser there
 * (`navigateTo(url, { allowExternal: true })`); the checkout comes back to the app by itself.
 */
export const paySubscriptionInputSchema = idSchema

export async function paySubscription(subscriptionId: string): Promise<CheckoutLink> {
  const id = paySubscriptionInputSchema.parse(subscriptionId)
  const { data } = await api.post(`/subscriptions/${encodeURIComponent(id)}`, {
    schema: recordOf(checkoutLinkSchema),
  })
  return data
}

/** Nothing in the cache changes until the checkout is paid, so nothing is invalidated here. */
export const usePaySubscription = () => useMutation({ mutationFn: paySubscription })
