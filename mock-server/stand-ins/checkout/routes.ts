import escapeHtml from 'escape-html'
import { z } from 'zod'
import {
  checkoutPaySchema,
  paymentMethodLabels,
  type PaymentMethod,
} from '../../../src/schemas/billing'
import { endpoint, type Call } from '../../api'
import { billingMessages, confirmPayment, findPayment } from '../../domain/billing/subscriptions'
import { checkoutErrorPage, checkoutPage, page, returnPath } from './page'
import { formatMoney } from '../../../src/kernel/money'
import { findCompany } from '../../domain/companies/company-records'

// The payment checkout stand-in (docs/product.md §10 "Billing", §12): pages for a person in a
// browser, who came from the app's "Pagar" and goes back to it.

type PaymentParams = { params: { paymentId: string } }

function showCheckout({ store, config, params }: Call<PaymentParams>) {
  const payment = findPayment(store, params.paymentId)
  const planName = store.plans.get(payment.planId)?.name ?? payment.planId
  return checkoutPage(config, findCompany(store, payment.companyId), payment, planName)
}

/** Pays: the payment, the subscription, the track's step, the company's status (billing.ts). */
function payCheckout({
  store,
  config,
  params,
  body,
}: Call<PaymentParams & { body: { method: PaymentMethod } }>) {
  const payment = store.write(() => {
    const found = findPayment(store, params.paymentId)
    confirmPayment(store, found, body.method, new Date())
    return found
  })
  const company = findCompany(store, payment.companyId)
  const back = `${config.webUrl}${returnPath(company)}`
  return page(
    'Pagamento confirmado',
    `<h1>Pagamento confirmado</h1>
<p>${escapeHtml(payment.description)}: ${formatMoney(payment.amount)} pagos com ${paymentMethodLabels[body.method]}.</p>
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
    messages: { 409: billingMessages.alreadyPaid },
    errorPage: checkoutErrorPage,
    handler: payCheckout,
  }),
]
