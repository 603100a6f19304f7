import escapeHtml from 'escape-html'
import { Router, type Request, type Response } from 'express'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import {
  checkoutPaySchema,
  paymentListQuerySchema,
  paymentMethodLabels,
  paymentMethods,
  paymentStatusLabels,
  plansFor,
  subscriptionListQuerySchema,
  type Payment,
} from '../../src/schemas/billing'
import { companySizeSchema, type Company } from '../../src/schemas/company'
import { wizardPathOf } from '../../src/schemas/track'
import { assertCompanyAccess, callerOf } from '../auth'
import {
  chargeFor,
  confirmPayment,
  findPayment,
  findSubscription,
  monthLabel,
  sweepOverdue,
} from '../core/billing'
import { findCompany, paymentsOfCompany, subscriptionsOfCompany } from '../core/state'
import type { ServerConfig } from '../config'
import type { RouteModule } from '../deps'
import { handle, HttpError, paginate, parse } from '../http'
import { z } from 'zod'

const OWN = 'companyId=cmp-ana-design'
const HOUR = 60 * 60 * 1000

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const dateBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
const dateTimeBr = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** Where the web app continues after paying: the wizard while the track runs, else billing. */
const returnPath = (company: Company) =>
  company.status === 'pending' ||
  company.status === 'awaiting_opening' ||
  company.status === 'migrating'
    ? wizardPathOf(company.trackId)
    : '/app/user/my-billing'

function page(title: string, body: string, options: { refresh?: string } = {}) {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.refresh ? `<meta http-equiv="refresh" content="5;url=${escapeHtml(options.refresh)}">` : ''}
<title>${escapeHtml(title)} · Contabil</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f4f6f8; color: #1d2733; margin: 0; }
  main { max-width: 480px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  .muted { color: #5b6776; font-size: .95rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 24px 0; }
  dt { color: #5b6776; } dd { margin: 0; text-align: right; }
  .total { font-size: 1.3rem; font-weight: 700; }
  .badge { display: inline-block; padding: 2px 10px; border-radius: 999px; font-size: .85rem; background: #eef1f4; }
  .badge.overdue { background: #fde8e8; color: #a61b1b; } .badge.paid { background: #e3f6ea; color: #17663a; }
  fieldset { border: 1px solid #dde3ea; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; }
  label { display: block; padding: 6px 0; }
  button { width: 100%; padding: 14px; border: 0; border-radius: 8px; background: #0b6bcb; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  a { color: #0b6bcb; }
</style>
</head>
<body><main>${body}</main></body>
</html>`
}

function checkoutPage(config: ServerConfig, company: Company, payment: Payment, planName: string) {
  const back = `${config.webUrl}${returnPath(company)}`
  const rows = [
    ['Empresa', company.name],
    ...(company.cnpj ? [['CNPJ', formatCnpj(company.cnpj)]] : []),
    ['Plano', planName],
    ['Referência', monthLabel(payment.reference)],
    ['Vencimento', dateBr(payment.dueDate)],
    ...(payment.discount > 0
      ? [
          ['Mensalidade', money.format(payment.grossAmount)],
          ['Crédito de indicação', `− ${money.format(payment.discount)}`],
        ]
      : []),
  ]
  const details = `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}
<dt>Total</dt><dd class="total">${money.format(payment.amount)}</dd></dl>`
  const header = `<h1>${escapeHtml(payment.description)}</h1>
<p class="muted">Pagamento seguro · <span class="badge ${payment.status}">${paymentStatusLabels[payment.status]}</span></p>`
  if (payment.status === 'paid')
    return page(
      'Pagamento confirmado',
      `${header}${details}<p>Pagamento confirmado em ${dateTimeBr.format(new Date(payment.paidAt!))} (${paymentMethodLabels[payment.method!]}).</p>
<p><a href="${escapeHtml(back)}">Voltar para o Contabil</a></p>`,
    )
  const choices = paymentMethods
    .map(
      (method, i) =>
        `<label><input type="radio" name="method" value="${method}"${i === 0 ? ' checked' : ''}> ${paymentMethodLabels[method]}</label>`,
    )
    .join('')
  return page(
    'Pagamento',
    `${header}${details}
<form method="post" action="/checkout/${encodeURIComponent(payment.id)}/pay">
<fieldset><legend>Forma de pagamento</legend>${choices}</fieldset>
<button type="submit">Pagar ${money.format(payment.amount)}</button>
</form>
<p class="muted"><a href="${escapeHtml(back)}">Voltar sem pagar</a></p>`,
  )
}

/** Checkout errors as pages (the payer is in a browser, not in the app). */
const htmlPage =
  (handler: (req: Request, res: Response) => string | Promise<string>) =>
  (req: Request, res: Response) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .then(
        (html) => res.type('html').send(html),
        (error: unknown) => {
          const status = error instanceof HttpError ? error.status : 500
          const message = error instanceof HttpError ? error.message : 'Erro interno do servidor.'
          if (!(error instanceof HttpError)) console.error('[checkout]', error)
          res
            .status(status)
            .type('html')
            .send(
              page('Pagamento', `<h1>Não foi possível continuar</h1><p>${escapeHtml(message)}</p>`),
            )
        },
      )
  }

const planQuerySchema = z.strictObject({ size: companySizeSchema.optional() })

/** Plans, subscriptions and payments, and the stand-in checkout page (PRODUCT.md). */
export const billingRoutes: RouteModule = {
  contract: [
    {
      method: 'GET',
      route: '/plans',
      example: '/plans?size=ME',
      access: 'public',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/subscriptions',
      example: `/subscriptions?${OWN}`,
      access: 'company',
      takesInput: true,
    },
    {
      method: 'POST',
      route: '/subscriptions/{id}',
      example: '/subscriptions/sub-ana-design',
      access: 'company',
    },
    {
      method: 'GET',
      route: '/v1/ecommerce/payments',
      example: `/v1/ecommerce/payments?${OWN}&status=paid&limit=5`,
      access: 'company',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/checkout/{paymentId}',
      example: '/checkout/pay-eva-comercio-2026-10',
      access: 'public',
    },
    {
      method: 'POST',
      route: '/checkout/{paymentId}/pay',
      example: '/checkout/pay-eva-comercio-2026-10/pay',
      access: 'public',
      okStatus: 200,
      takesInput: true,
      body: { method: 'pix' },
    },
  ],

  create: ({ store, auth, config }) => {
    const router = Router()

    // The billing clock: overdue charges and companies, now and every hour.
    const sweep = () => {
      if (sweepOverdue(store, new Date()))
        store.commit().catch((error: unknown) => console.error('[billing sweep]', error))
    }
    sweep()
    const timer = setInterval(sweep, HOUR).unref()
    store.onClose(() => clearInterval(timer))

    router.get(
      '/plans',
      handle((req) => {
        const q = parse(planQuerySchema, req.query)
        const data = plansFor(store.data.plans, q.size ?? null)
        return { data, total: data.length }
      }),
    )

    router.get(
      '/subscriptions',
      auth.authenticate,
      handle((req) => {
        const q = parse(subscriptionListQuerySchema, req.query)
        const company = findCompany(store, assertCompanyAccess(callerOf(req), q.companyId))
        const data = subscriptionsOfCompany(store, company.id).reverse()
        return { data, total: data.length }
      }),
    )

    router.post(
      '/subscriptions/:id',
      auth.authenticate,
      handle(async (req, res) => {
        const subscription = findSubscription(store, req.params.id ?? '')
        assertCompanyAccess(callerOf(req), subscription.companyId)
        const { payment, created } = chargeFor(store, subscription, new Date())
        if (created) await store.commit()
        res.status(created ? 201 : 200)
        return {
          data: {
            paymentId: payment.id,
            url: `${config.publicUrl}/checkout/${encodeURIComponent(payment.id)}`,
            amount: payment.amount,
            dueDate: payment.dueDate,
            status: payment.status,
          },
        }
      }),
    )

    router.get(
      '/v1/ecommerce/payments',
      auth.authenticate,
      handle((req) => {
        const q = parse(paymentListQuerySchema, req.query)
        const company = findCompany(store, assertCompanyAccess(callerOf(req), q.companyId))
        const list = paymentsOfCompany(store, company.id)
          .filter((payment) => !q.status || payment.status === q.status)
          .sort(
            (a, b) => b.dueDate.localeCompare(a.dueDate) || b.createdAt.localeCompare(a.createdAt),
          )
        return paginate(list, q)
      }),
    )

    const planName = (payment: Payment) =>
      store.byId('plans', payment.planId)?.name ?? payment.planId

    router.get(
      '/checkout/:paymentId',
      htmlPage((req) => {
        const payment = findPayment(store, req.params.paymentId ?? '')
        return checkoutPage(
          config,
          findCompany(store, payment.companyId),
          payment,
          planName(payment),
        )
      }),
    )

    router.post(
      '/checkout/:paymentId/pay',
      htmlPage(async (req) => {
        const payment = findPayment(store, req.params.paymentId ?? '')
        const { method } = parse(checkoutPaySchema, req.body ?? {})
        confirmPayment(store, payment, method, new Date())
        await store.commit()
        const company = findCompany(store, payment.companyId)
        const back = `${config.webUrl}${returnPath(company)}`
        return page(
          'Pagamento confirmado',
          `<h1>Pagamento confirmado</h1>
<p>${escapeHtml(payment.description)}: ${money.format(payment.amount)} pagos com ${paymentMethodLabels[method]}.</p>
<p class="muted">Você será levado de volta ao Contabil em instantes. <a href="${escapeHtml(back)}">Voltar agora</a></p>`,
          { refresh: back },
        )
      }),
    )

    return router
  },
}
