import escapeHtml from 'escape-html'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import {
  paymentMethodLabels,
  paymentMethods,
  paymentStatusLabels,
} from '../../../src/schemas/billing'
import { formatMoney, fromCents } from '../../../src/kernel/money'
import type { ServerConfig } from '../../config'
import { chargePagePath, type CheckoutCharge } from './contract'
import { statusOf } from './gateway'

// The stand-in checkout's pages (docs/product.md §10 "Billing", §12): the payer is in a browser,
// not in the app. What they show is the gateway's record of the charge (gateway.ts).

const dateBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
const dateTimeBr = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** Cents as the page writes money. */
export const money = (cents: number) => formatMoney(fromCents(cents))

/** Where the payer goes back to on the web app: once paid, or without paying. */
export const backUrl = (config: ServerConfig, charge: CheckoutCharge, paid = true) =>
  `${config.webUrl}${paid ? charge.returnPath : charge.cancelPath}`

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

export function checkoutPage(config: ServerConfig, charge: CheckoutCharge, now: Date) {
  const back = backUrl(config, charge)
  const status = statusOf(charge, now)
  const rows = [
    ['Empresa', charge.payer.name],
    ...(charge.payer.document ? [['CNPJ', formatCnpj(charge.payer.document, { version: 2 })]] : []),
    ...charge.details.map(({ label, value }) => [label, value]),
    ['Vencimento', dateBr(charge.dueDate)],
    ...charge.breakdown.map(({ label, amountCents }) => [
      label,
      amountCents < 0 ? `− ${money(-amountCents)}` : money(amountCents),
    ]),
  ]
  const details = `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd>${escapeHtml(v!)}</dd>`).join('')}
<dt>Total</dt><dd class="total">${money(charge.amountCents)}</dd></dl>`
  const header = `<h1>${escapeHtml(charge.description)}</h1>
<p class="muted">Pagamento seguro · <span class="badge ${status}">${paymentStatusLabels[status]}</span></p>`
  if (charge.status === 'paid')
    return page(
      'Pagamento confirmado',
      `${header}${details}<p>Pagamento confirmado em ${dateTimeBr.format(new Date(charge.paidAt!))} (${paymentMethodLabels[charge.method!]}).</p>
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
<form method="post" action="${chargePagePath(charge.id)}/pay">
<fieldset><legend>Forma de pagamento</legend>${choices}</fieldset>
<button type="submit">Pagar ${money(charge.amountCents)}</button>
</form>
<p class="muted"><a href="${escapeHtml(backUrl(config, charge, false))}">Voltar sem pagar</a></p>`,
  )
}

/** A checkout error as a page (the payer is in a browser, not in the app). */
export const checkoutErrorPage = (message: string) =>
  page('Pagamento', `<h1>Não foi possível continuar</h1><p>${escapeHtml(message)}</p>`)
