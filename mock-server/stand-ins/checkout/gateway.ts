import type { PaymentMethod } from '../../../src/schemas/billing'
import { todayInBrazil } from '../../../src/kernel/dates'
import type { ServerConfig } from '../../config'
import { conflict, notFound } from '../../domain/errors'
import type { Store } from '../../store/database'
import {
  chargePagePath,
  checkoutMessages,
  type ChargeStatus,
  type CheckoutCharge,
  type CheckoutClient,
  type PaymentNotificationHandler,
} from './contract'

// The payment checkout stand-in's gateway (contract.ts): its own record of each charge (the
// store's `checkoutCharges`), opened by the product, paid on its page (routes.ts), the product
// notified through the handler the composition root (mock-server/app.ts) gives it.

const handlers = new WeakMap<Store, PaymentNotificationHandler>()

/** A charge's status on a day: paid, or open and overdue past its due date. */
export const statusOf = (charge: CheckoutCharge, now: Date): ChargeStatus =>
  charge.status === 'paid' ? 'paid' : charge.dueDate < todayInBrazil(now) ? 'overdue' : 'pending'

/** A charge the gateway keeps; 404 when it knows none with that id. */
export function findCharge(store: Store, chargeId: string): CheckoutCharge {
  const charge = store.checkoutCharges.get(chargeId)
  if (!charge) throw notFound(checkoutMessages.chargeNotFound)
  return charge
}

/**
 * Pays a charge on its page: the charge is paid and the product notified, in one transaction (a
 * notification the product refuses leaves the charge open, and the payer sees why).
 */
export function payCharge(
  store: Store,
  chargeId: string,
  method: PaymentMethod,
  now: Date,
): CheckoutCharge {
  return store.write(() => {
    const charge = findCharge(store, chargeId)
    if (charge.status === 'paid') throw conflict(checkoutMessages.alreadyPaid)
    charge.status = 'paid'
    charge.method = method
    charge.paidAt = now.toISOString()
    store.checkoutCharges.update(charge)
    const notify = handlers.get(store)
    if (!notify) throw new Error('The checkout stand-in has no notification handler (app.ts).')
    notify({
      type: 'charge.paid',
      chargeId: charge.id,
      amountCents: charge.amountCents,
      method,
      paidAt: charge.paidAt,
    })
    return charge
  })
}

/**
 * The gateway on a store, as the product reaches it (contract.ts `CheckoutClient`); `notify` is
 * how it tells the product a charge was paid.
 */
export function checkoutStandIn(
  store: Store,
  config: ServerConfig,
  notify: PaymentNotificationHandler,
): CheckoutClient {
  handlers.set(store, notify)
  return {
    openCharge(request) {
      const charge = store.write(() => {
        const kept = store.checkoutCharges.get(request.id)
        if (kept?.status === 'paid') return kept
        return store.checkoutCharges.put({
          ...request,
          status: 'open',
          method: null,
          paidAt: null,
        })
      })
      return {
        id: charge.id,
        url: `${config.publicUrl}${chargePagePath(charge.id)}`,
        status: statusOf(charge, new Date()),
      }
    },
    chargeStatus(chargeId) {
      const charge = store.checkoutCharges.get(chargeId)
      return charge ? statusOf(charge, new Date()) : null
    },
  }
}
