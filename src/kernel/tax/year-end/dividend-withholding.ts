// The income tax a company withholds on the profits it pays a resident individual from 2026
// (Lei 15.270/2025, art. 6º-A of Lei 9.250/1995): when one company pays one person more than
// R$ 50.000,00 of profits in a month, 10 % of the whole month's amount, with no deduction; the
// month's payments are added up and the tax recalculated at each one. Not withheld on profits of
// results up to 2025 whose distribution was approved by 31/12/2025 — 31/01/2026 by the STF's
// cautelar in ADIs 7.912/7.914 — and paid as approved, in 2026 to 2028. The Receita applies it to
// Simples Nacional companies too. Amounts in cents.

export const withholdingSources = {
  DIVIDEND_WITHHOLDING:
    'Lei nº 9.250/1995, art. 6º-A (incluído pela Lei nº 15.270/2025): 10 % sobre o total do mês pago a uma pessoa física acima de R$ 50.000,00',
  SIMPLES_TOO:
    'Receita Federal, Perguntas e Respostas sobre a Lei nº 15.270/2025 (12/2025), pergunta 10; STF, ADI 7.917 (cautelar negada)',
  RESULTS_UP_TO_2025:
    'Lei nº 15.270/2025 (lucros e dividendos de resultados até 2025 com distribuição aprovada até 31/12/2025, pagos até 2028); prazo de aprovação estendido a 31/01/2026 pela cautelar do STF nas ADIs 7.912 e 7.914',
  DARF_CODE: 'Código de receita 1841 (IRRF – Lucros ou Dividendos)',
} as const

/** The withholding starts with payments on or after this day. */
export const WITHHOLDING_FROM = '2026-01-01'
/** A month's profits to one person above this (cents) are taxed whole. */
export const WITHHOLDING_THRESHOLD = 5_000_000
/** Basis points of the whole month's amount. */
export const WITHHOLDING_RATE = 1_000
/** Results up to 2025: the distribution approved by this day (STF cautelar, ADIs 7.912/7.914)… */
export const RESULTS_UP_TO_2025_APPROVED_BY = '2026-01-31'
/** …and paid by this day. */
export const RESULTS_UP_TO_2025_PAID_BY = '2028-12-31'
/** The DARF's revenue code. */
export const DARF_CODE_DIVIDENDS = '1841'

export const withholdingMessages = {
  approvalRequired:
    'Informe a data em que a distribuição dos lucros até 2025 foi aprovada (ata ou alteração contratual).',
  approvalTooLate:
    'A exceção vale só para lucros de resultados até 2025 com distribuição aprovada até 31/01/2026 (Lei 15.270/2025 e cautelar do STF nas ADIs 7.912/7.914): este pagamento tem a retenção de 10 %.',
  approvalAfterPayment: 'A data da aprovação não pode ser depois da data do pagamento.',
  paidTooLate:
    'A exceção dos lucros até 2025 vale para pagamentos até 31/12/2028: este pagamento tem a retenção de 10 %.',
} as const

/** One payment of profits to a person in a month, in the order they were made. */
export interface ProfitPayment {
  id: string
  /** `YYYY-MM-DD`. */
  date: string
  /** Cents. */
  amount: number
  /** Profits of results up to 2025, approved in time: outside the withholding. */
  excepted: boolean
}

/** The tax due on a month's total paid to one person (cents): 10 % of it all above R$ 50.000. */
export function monthTaxOn(total: number, month: string): number {
  if (`${month}-01` < WITHHOLDING_FROM || total <= WITHHOLDING_THRESHOLD) return 0
  return Math.floor((total * WITHHOLDING_RATE + 5_000) / 10_000)
}

/**
 * What each payment of a month to one person withholds: the tax on the month's total so far less
 * what the earlier payments withheld (30.000 + 30.000 → 0 and 6.000,00). Payments in date order
 * (ties kept in the order given); an excepted one withholds nothing and does not count.
 */
export function monthWithholding(
  payments: readonly ProfitPayment[],
): { id: string; irrf: number; monthTotal: number }[] {
  const ordered = payments
    .map((payment, index) => ({ payment, index }))
    .sort((a, b) => a.payment.date.localeCompare(b.payment.date) || a.index - b.index)
  let total = 0
  let withheld = 0
  const out = new Map<string, { id: string; irrf: number; monthTotal: number }>()
  for (const { payment } of ordered) {
    if (payment.excepted) {
      out.set(payment.id, { id: payment.id, irrf: 0, monthTotal: total })
      continue
    }
    total += payment.amount
    const due = monthTaxOn(total, payment.date.slice(0, 7))
    out.set(payment.id, { id: payment.id, irrf: due - withheld, monthTotal: total })
    withheld = due
  }
  return payments.map((payment) => out.get(payment.id)!)
}

/**
 * Why a payment of results up to 2025 cannot be excepted (a pt-BR message), or null when it can:
 * approved by 31/01/2026, not after the payment, paid by 2028.
 */
export function resultsUpTo2025Problem(
  date: string,
  approvedOn: string | null | undefined,
): string | null {
  if (!approvedOn) return withholdingMessages.approvalRequired
  if (approvedOn > RESULTS_UP_TO_2025_APPROVED_BY) return withholdingMessages.approvalTooLate
  if (approvedOn > date) return withholdingMessages.approvalAfterPayment
  if (date > RESULTS_UP_TO_2025_PAID_BY) return withholdingMessages.paidTooLate
  return null
}
