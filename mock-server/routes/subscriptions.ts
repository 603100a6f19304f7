import { z } from 'zod'
import {
  checkoutLinkSchema,
  planChangeMessages,
  planChangeSchema,
  subscriptionListQuerySchema,
  subscriptionRecordSchema,
} from '../../src/schemas/billing'
import { idSchema, listOf, recordOf } from '../../src/schemas/common'
import { companyOfRecord } from '../access'
import { endpoint, type Call } from '../api'
import { openCheckout } from '../domain/billing/checkout'
import {
  billingMessages,
  findSubscription,
  schedulePlanChange,
  subscriptionsOfCompany,
} from '../domain/billing/subscriptions'

// A company's subscriptions (docs/product.md §10 "Billing"): the list, the charge to pay now (a
// checkout address) and a plan change from the next monthly charge.

/** The company's subscriptions, newest first. */
function listSubscriptions({ store, companyId }: Call) {
  const data = subscriptionsOfCompany(store, companyId).reverse()
  return { data, total: data.length }
}

/** The charge to pay now (the oldest open one, or a new one) and where to pay it. */
function paySubscription({ store, res, params }: Call<{ params: { id: string } }>) {
  const { payment, created, url } = openCheckout(store, params.id, new Date())
  res.status(created ? 201 : 200)
  return {
    data: {
      paymentId: payment.id,
      url,
      amount: payment.amount,
      dueDate: payment.dueDate,
      status: payment.status,
    },
  }
}

/** A running subscription changes plan from the next monthly charge. */
function changePlan({
  store,
  params,
  body,
}: Call<{ params: { id: string }; body: { planId: string } }>) {
  const data = store.write(() =>
    schedulePlanChange(store, findSubscription(store, params.id), body.planId, new Date()),
  )
  return { data }
}

const subscriptionParams = z.object({ id: idSchema })
/**
 * Subscription calls reach the company the subscription is of; an unknown id says no more than
 * another company's (the access is checked before the lookup can tell them apart).
 */
const subscriptionCompany = ({ store, caller, params }: Call) =>
  companyOfRecord(
    caller,
    store.subscriptions.get((params as { id: string }).id),
    billingMessages.subscriptionNotFound,
  )

export const subscriptionEndpoints = [
  endpoint({
    method: 'GET',
    path: '/subscriptions',
    summary: "The company's subscriptions, newest first.",
    access: 'company',
    query: subscriptionListQuerySchema,
    answers: { 200: listOf(subscriptionRecordSchema) },
    errors: [404],
    handler: listSubscriptions,
  }),
  endpoint({
    method: 'POST',
    path: '/subscriptions/{id}',
    summary: 'The charge to pay now (201 when a new one was made) and its checkout address.',
    access: 'company',
    company: subscriptionCompany,
    params: subscriptionParams,
    answers: { 200: recordOf(checkoutLinkSchema), 201: recordOf(checkoutLinkSchema) },
    errors: [404, 409, 502],
    messages: {
      409: billingMessages.subscriptionCanceled,
      502: billingMessages.checkoutUnanswered,
    },
    handler: paySubscription,
  }),
  endpoint({
    method: 'PUT',
    path: '/subscriptions/{id}/plan',
    summary: 'Changes the plan from the next monthly charge.',
    access: 'company',
    company: subscriptionCompany,
    params: subscriptionParams,
    body: planChangeSchema,
    answers: { 200: recordOf(subscriptionRecordSchema) },
    errors: [404, 409],
    messages: { 409: planChangeMessages.samePlan },
    handler: changePlan,
  }),
]
