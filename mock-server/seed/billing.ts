import { z } from 'zod'
import { paymentSchema, planSchema, subscriptionRecordSchema } from '../../src/schemas/billing'
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
