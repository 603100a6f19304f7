// The checkout sends the browser back by a full load of
// /app/user/my-billing?pagamento=confirmado|cancelado. The outcome is read from that address once,
// when the app starts (src/entries/app/main.tsx), before the router, a gate or the painted page's replay can
// change the address; the billing screen then tells it once, whichever of them loaded first.
// Kept free of imports: the app's entry reads it before anything else loads.

export const checkoutOutcomes = ['confirmado', 'cancelado'] as const
export type CheckoutOutcome = (typeof checkoutOutcomes)[number]

/** The page the checkout comes back to. */
export const CHECKOUT_RETURN_PATH = '/app/user/my-billing'

let kept: CheckoutOutcome | undefined

const isOutcome = (value: string | null): value is CheckoutOutcome =>
  (checkoutOutcomes as readonly (string | null)[]).includes(value)

/** Reads the outcome from the address the app was opened at (once, at start). */
export function keepCheckoutReturn(location: { pathname: string; search: string }) {
  if (location.pathname.replace(/\/$/, '') !== CHECKOUT_RETURN_PATH) return
  const value = new URLSearchParams(location.search).get('pagamento')
  if (isOutcome(value)) kept = value
}

/**
 * The outcome to tell now: the one kept at start, the first time it is asked for (then it is
 * told), or else the one the screen's address holds (a return within the app).
 */
export function takeCheckoutReturn(
  fromAddress: CheckoutOutcome | undefined,
): CheckoutOutcome | undefined {
  const outcome = kept ?? fromAddress
  kept = undefined
  return outcome
}
