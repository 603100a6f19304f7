import type { Payment } from '../../../src/schemas/billing'
import type { Company } from '../../../src/schemas/company'
import { wizardPathOf } from '../../../src/schemas/track'
import { toCents } from '../../../src/kernel/money'
import type {
  ChargeRequest,
  CheckoutCharge,
  CheckoutClient,
  OpenedCharge,
  PaymentNotification,
} from '../../stand-ins/checkout/contract'
import type { Store } from '../../store/database'
import { findCompany } from '../companies/company-records'
import { outsideServiceFailed } from '../errors'
import {
  billingMessages,
  chargeFor,
  confirmPayment,
  findPayment,
  findSubscription,
  monthLabel,
} from './subscriptions'

// The payment checkout as billing uses it (docs/product.md §10 "Billing"): each charge is opened
// at the gateway through its client (stand-ins/checkout/contract.ts), and the gateway's
// notification that it was paid records the payment. The composition root (mock-server/app.ts)
// attaches the client and hands the gateway `recordPaymentNotification`.

const clients = new WeakMap<Store, CheckoutClient>()

/** Plugs the gateway the store's charges are opened at. */
export function attachCheckout(store: Store, client: CheckoutClient) {
  clients.set(store, client)
}

/** The gateway attached to the store (attachCheckout); throws when none is. */
export function checkoutOf(store: Store): CheckoutClient {
  const client = clients.get(store)
  if (!client)
    throw new Error(
      'No payment checkout is attached to this store: attachCheckout (domain/billing/checkout.ts) first.',
    )
  return client
}

/**
 * Where the web app continues after the checkout: the wizard while the track runs, else billing;
 * told whether the payment was made, so the screen can say so.
 */
export const returnPath = (company: Company, outcome: 'confirmado' | 'cancelado' = 'confirmado') =>
  company.status === 'pending' ||
  company.status === 'awaiting_opening' ||
  company.status === 'migrating'
    ? `${wizardPathOf(company.trackId)}?pagamento=${outcome}`
    : `/app/user/my-billing?pagamento=${outcome}`

/** The charge the gateway is asked to open for a payment: what its page shows the payer. */
export function chargeRequestOf(
  company: Company,
  payment: Payment,
  planName: string,
): ChargeRequest {
  return {
    id: payment.id,
    amountCents: toCents(payment.amount),
    description: payment.description,
    payer: { name: company.name, document: company.cnpj || null },
    dueDate: payment.dueDate,
    details: [
      { label: 'Plano', value: planName },
      { label: 'Referência', value: monthLabel(payment.reference) },
    ],
    breakdown:
      payment.discount > 0
        ? [
            { label: 'Mensalidade', amountCents: toCents(payment.grossAmount) },
            { label: 'Crédito de indicação', amountCents: -toCents(payment.discount) },
          ]
        : [],
    returnPath: returnPath(company),
    cancelPath: returnPath(company, 'cancelado'),
  }
}

/**
 * The gateway's record of a payment made before it (the seed's history, mock-server/seed): the
 * charge as opened, paid when the payment was.
 */
export const chargeOfPayment = (
  company: Company,
  payment: Payment,
  planName: string,
): CheckoutCharge => ({
  ...chargeRequestOf(company, payment, planName),
  status: payment.status === 'paid' ? 'paid' : 'open',
  method: payment.status === 'paid' ? payment.method : null,
  paidAt: payment.status === 'paid' ? payment.paidAt : null,
})

/**
 * `POST /subscriptions/{id}`: the charge to pay now (chargeFor) and its address at the gateway,
 * where it is opened, or brought up to date while open. The payment is written before the gateway
 * is asked, and the charge carries its id: when the gateway's answer is lost (refused here as its
 * failure), the next "Pagar" finds the same payment and opens the same charge again, never a
 * second one for the fee.
 */
export function openCheckout(store: Store, subscriptionId: string, now: Date) {
  const { payment, created } = store.write(() =>
    chargeFor(store, findSubscription(store, subscriptionId), now),
  )
  const company = findCompany(store, payment.companyId)
  const planName = store.plans.get(payment.planId)?.name ?? payment.planId
  let opened: OpenedCharge
  try {
    opened = checkoutOf(store).openCharge(chargeRequestOf(company, payment, planName))
  } catch {
    throw outsideServiceFailed(billingMessages.checkoutUnanswered)
  }
  return { payment, created, url: opened.url }
}

/**
 * The gateway's notification that a charge was paid: the payment is confirmed (confirmPayment:
 * the subscription, the track's step, the company), in one transaction. A repeated notification
 * of a payment already confirmed changes nothing.
 */
export function recordPaymentNotification(store: Store, notification: PaymentNotification) {
  store.write(() => {
    const payment = findPayment(store, notification.chargeId)
    if (payment.status === 'paid') return
    confirmPayment(store, payment, notification.method, new Date(notification.paidAt))
  })
}
