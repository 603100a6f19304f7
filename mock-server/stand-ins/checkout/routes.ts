import escapeHtml from 'escape-html'
import { z } from 'zod'
import {
  checkoutPaySchema,
  paymentMethodLabels,
  type PaymentMethod,
} from '../../../src/schemas/billing'
import { endpoint, type Call } from '../../api'
import { checkoutMessages } from './contract'
import { findCharge, payCharge } from './gateway'
import { backUrl, checkoutErrorPage, checkoutPage, money, page } from './page'

// The payment checkout stand-in (docs/product.md §10 "Billing", §12): pages for a person in a
// browser, who came from the app's "Pagar" and goes back to it. It shows and pays its own record
// of the charge (gateway.ts); the product hears of a payment through its notification.

type PaymentParams = { params: { paymentId: string } }

function showCheckout({ store, config, params }: Call<PaymentParams>) {
  return checkoutPage(config, findCharge(store, params.paymentId), new Date())
}

/** Pays: the charge, and the product told (it records the payment, the subscription, the rest). */
function payCheckout({
  store,
  config,
  params,
  body,
}: Call<PaymentParams & { body: { method: PaymentMethod } }>) {
  const charge = payCharge(store, params.paymentId, body.method, new Date())
  const back = backUrl(config, charge)
  return page(
    'Pagamento confirmado',
    `<h1>Pagamento confirmado</h1>
<p>${escapeHtml(charge.description)}: ${money(charge.amountCents)} pagos com ${paymentMethodLabels[body.method]}.</p>
<p class="muted">Você será levado de volta ao Contabil em instantes. <a href="${escapeHtml(back)}">Voltar agora</a></p>`,
    { refresh: back },
  )
}

const paymentParams = z.object({ paymentId: z.string() })

export const checkoutEndpoints = [
  endpoint({
    method: 'GET',
    path: '/checkout/{paymentId}',
    summary: 'The payment checkout page (stand-in).',
    access: 'public',
    params: paymentParams,
    answers: { 200: { media: 'text/html' } },
    errors: [404],
    errorPage: checkoutErrorPage,
    handler: showCheckout,
  }),
  endpoint({
    method: 'POST',
    path: '/checkout/{paymentId}/pay',
    summary: 'Pays it (marks the payment, the subscription and the company).',
    access: 'public',
    params: paymentParams,
    body: checkoutPaySchema,
    answers: { 200: { media: 'text/html' } },
    errors: [404, 409],
    messages: { 409: checkoutMessages.alreadyPaid },
    errorPage: checkoutErrorPage,
    handler: payCheckout,
  }),
]
