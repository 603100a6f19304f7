import type { z } from 'zod'
import { paymentListQuerySchema, paymentSchema } from '../../src/schemas/billing'
import { listOf } from '../../src/schemas/common'
import { endpoint, type Call } from '../api'
import { paymentsOfCompany } from '../domain/billing/subscriptions'
import { paginate } from '../http'

/** The company's payments, the latest due date first. */
function listPayments({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof paymentListQuerySchema> }>) {
  const list = paymentsOfCompany(store, companyId)
    .filter((payment) => !q.status || payment.status === q.status)
    .sort((a, b) => b.dueDate.localeCompare(a.dueDate) || b.createdAt.localeCompare(a.createdAt))
  return paginate(list, q)
}

export const paymentEndpoints = [
  endpoint({
    method: 'GET',
    path: '/v1/ecommerce/payments',
    summary: "The company's payments, the latest due date first.",
    access: 'company',
    query: paymentListQuerySchema,
    answers: { 200: listOf(paymentSchema) },
    errors: [404],
    handler: listPayments,
  }),
]
