import type { CheckoutCharge, PaymentMethod, PaymentStatus } from '../../../src/schemas/billing'

// The payment checkout (the gateway where a customer pays a fee, docs/product.md §10 "Billing",
// §12) as the product speaks to it: the product opens a charge there and sends the payer to its
// page; the gateway keeps its own record of the charge (stand-ins/checkout/gateway.ts) and, once
// it is paid, notifies the product, which records the payment
// (mock-server/domain/billing/checkout.ts). The gateway knows nothing of the product's records.

export type { CheckoutCharge }

/** Where this server serves the stand-in's pages. */
export const CHECKOUT_PREFIX = '/checkout'

/** The path of a charge's payment page, below the gateway's address. */
export const chargePagePath = (chargeId: string) =>
  `${CHECKOUT_PREFIX}/${encodeURIComponent(chargeId)}`

/** What the product sends to open a charge (or to bring an open one up to date). */
export type ChargeRequest = Omit<CheckoutCharge, 'status' | 'method' | 'paidAt'>

/** A charge's status as the gateway reports it: open before its due date, overdue after. */
export type ChargeStatus = PaymentStatus

/** A charge opened: where the payer pays it. */
export type OpenedCharge = { id: string; url: string; status: ChargeStatus }

/** The gateway's notification that a charge was paid. */
export type PaymentNotification = {
  type: 'charge.paid'
  chargeId: string
  amountCents: number
  method: PaymentMethod
  paidAt: string
}

/** What the product handles of the gateway's notifications (throws to refuse one). */
export type PaymentNotificationHandler = (notification: PaymentNotification) => void

/** The gateway as the product uses it. */
export type CheckoutClient = {
  /** Opens a charge, or updates one still open with the same id; a paid one stays as it is. */
  openCharge(request: ChargeRequest): OpenedCharge
  /** A charge's status, or null for a charge the gateway does not know. */
  chargeStatus(chargeId: string): ChargeStatus | null
}

/** The gateway's own messages, on its pages. */
export const checkoutMessages = {
  chargeNotFound: 'Pagamento não encontrado.',
  alreadyPaid: 'Este pagamento já foi confirmado.',
} as const
