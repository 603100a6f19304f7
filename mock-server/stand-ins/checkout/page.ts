import escapeHtml from 'escape-html'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import {
  paymentMethodLabels,
  paymentMethods,
  paymentStatusLabels,
  type Payment,
} from '../../../src/schemas/billing'
import type { Company } from '../../../src/schemas/company'
import { formatMoney } from '../../../src/kernel/money'
import { wizardPathOf } from '../../../src/schemas/track'
import type { ServerConfig } from '../../config'
import { monthLabel } from '../../domain/billing/subscriptions'

// The stand-in checkout's pages (docs/product.md §10 "Billing", §12): the payer is in a browser,
// not in the app.

const dateBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
const dateTimeBr = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

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

export function page(title: string, body: string, options: { refresh?: string } = {}) {
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

export function checkoutPage(
  config: ServerConfig,
  company: Company,
  payment: Payment,
  planName: string,
) {
  const back = `${config.webUrl}${returnPath(company)}`
  const rows = [
    ['Empresa', company.name],
    ...(company.cnpj ? [['CNPJ', formatCnpj(company.cnpj, { version: 2 })]] : []),
    ['Plano', planName],
    ['Referência', monthLabel(payment.reference)],
    ['Vencimento', dateBr(payment.dueDate)],
    ...(payment.discount > 0
      ? [
          ['Mensalidade', formatMoney(payment.grossAmount)],
          ['Crédito de indicação', `− ${formatMoney(payment.discount)}`],
        ]
      : []),
  ]
  const details = `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}
<dt>Total</dt><dd class="total">${formatMoney(payment.amount)}</dd></dl>`
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
<button type="submit">Pagar ${formatMoney(payment.amount)}</button>
</form>
<p class="muted"><a href="${escapeHtml(`${config.webUrl}${returnPath(company, 'cancelado')}`)}">Voltar sem pagar</a></p>`,
  )
}

/** A checkout error as a page (the payer is in a browser, not in the app). */
export const checkoutErrorPage = (message: string) =>
  page('Pagamento', `<h1>Não foi possível continuar</h1><p>${escapeHtml(message)}</p>`)
