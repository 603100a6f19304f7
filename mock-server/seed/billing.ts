import { z } from 'zod'
import {
  paymentSchema,
  planSchema,
  subscriptionRecordSchema,
  type CheckoutCharge,
} from '../../src/schemas/billing'
import type { Company } from '../../src/schemas/company'
import { chargeOfPayment } from '../domain/billing/checkout'
import { loadFixture } from '../fixtures'
import type { Model } from '../model'

/** Plans, subscriptions and payments. */
export type BillingData = Pick<Model, 'plans' | 'subscriptions' | 'payments'>

export function seedBilling(): BillingData {
  const plans = loadFixture('plans.json', z.array(planSchema))
  const subscriptions = loadFixture('subscriptions.json', z.array(subscriptionRecordSchema))
  const payments = loadFixture('payments.json', z.array(paymentSchema))
  const planIds = new Set(plans.map((plan) => plan.id))
  const subscriptionIds = new Set(subscriptions.map((subscription) => subscription.id))
  for (const subscription of subscriptions)
    if (!planIds.has(subscription.planId))
      throw new Error(`fixtures/subscriptions.json: unknown plan ${subscription.planId}`)
  for (const payment of payments)
    if (!subscriptionIds.has(payment.subscriptionId))
      throw new Error(`fixtures/payments.json: unknown subscription ${payment.subscriptionId}`)
  return { plans, subscriptions, payments }
}

/**
 * The payment checkout's record of the seeded charges (stand-ins/checkout/gateway.ts): each
 * payment opened there, paid when it was (domain/billing/checkout.ts `chargeOfPayment`).
 */
export function seedCheckoutCharges(
  companies: readonly Company[],
  billing: BillingData,
): CheckoutCharge[] {
  const byId = new Map(companies.map((company) => [company.id, company]))
  const plans = new Map(billing.plans.map((plan) => [plan.id, plan.name]))
  return billing.payments.flatMap((payment) => {
    const company = byId.get(payment.companyId)
    return company
      ? [chargeOfPayment(company, payment, plans.get(payment.planId) ?? payment.planId)]
      : []
  })
}
