import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import { paymentListQuerySchema, paymentSchema, type Payment } from '@/schemas/billing'
import { listOf, type List } from '@/schemas/common'
import { api } from '@/services/api'
import { accountKeys } from './keys'

/** GET /v1/ecommerce/payments?companyId (docs/product.md §7): the company's charges, newest first. */
export const listPaymentsInputSchema = paymentListQuerySchema
export type ListPaymentsInput = z.input<typeof paymentListQuerySchema>

export async function listPayments(
  input: ListPaymentsInput,
  signal?: AbortSignal,
): Promise<List<Payment>> {
  const query = listPaymentsInputSchema.parse(input)
  return api.get('/v1/ecommerce/payments', { query, schema: listOf(paymentSchema), signal })
}

export const paymentsQueryOptions = (companyId: string, page = { limit: 10, offset: 0 }) =>
  queryOptions({
    queryKey: accountKeys.paymentList(companyId, page),
    queryFn: ({ signal }) => listPayments({ companyId, ...page }, signal),
  })

/** A charge that can still be paid. */
export const isPayable = (payment: Pick<Payment, 'status'>) =>
  payment.status === 'pending' || payment.status === 'overdue'

/**
 * The oldest charge (by due date) that `matches`: a subscription's checkout always takes its
 * oldest open month (POST /subscriptions/{id} takes no payment), so that is the one to name.
 */
export function oldestCharge<P extends Pick<Payment, 'dueDate'>>(
  payments: readonly P[],
  matches: (payment: P) => boolean,
): P | undefined {
  let oldest: P | undefined
  for (const payment of payments)
    if (matches(payment) && (!oldest || payment.dueDate < oldest.dueDate)) oldest = payment
  return oldest
}
