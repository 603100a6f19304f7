import { daysBetween, nextMonth } from './calendar'
import { mul, ratio, roundHalfUp } from './ratio'
import { addMonths, monthsFrom } from './rbt12'
import { RuleDataMissing } from '../rule-data-missing'

// A federal guide paid after its due date (the DAS, the DARF): multa de mora of 0,33 % per day
// of delay, at most 20 %, and juros equal to the Selic accumulated from the month after the due
// date to the month before payment, plus 1 % in the month of payment. Rates in hundredths of a
// percent, amounts in cents.

/** Multa de mora per day of delay: 0,33 %. */
export const LATE_FINE_PER_DAY = 33
/** The most the multa de mora reaches: 20 %. */
export const LATE_FINE_MAX = 2_000
/** Juros of the month of payment: 1 %. */
export const PAYMENT_MONTH_INTEREST = 100

export const latePaymentSources = {
  LATE_FINE:
    'LC 123/2006, art. 35, e Lei nº 9.430/1996, art. 61, caput e § 2º (0,33 % por dia de atraso, até 20 %)',
  LATE_INTEREST:
    'Lei nº 9.430/1996, art. 61, § 3º, e art. 5º, § 3º (Selic acumulada do mês seguinte ao vencimento até o mês anterior ao pagamento, mais 1 % no mês do pagamento)',
} as const

export const latePaymentMessages = {
  selicMissing: (months: readonly string[]) =>
    `A taxa Selic de ${months.map((m) => `${m.slice(5)}/${m.slice(0, 4)}`).join(', ')} ainda não está na tabela do sistema (o Banco Central não a informou): não dá para calcular os juros de mora sem ela. A contabilidade pode incluí-la, com a fonte, em Taxa Selic.`,
  notLate: 'A guia ainda não venceu: pague pelo valor original.',
} as const

/** The monthly Selic of a month is not in the reference table: the juros are not guessed. */
export class SelicMissing extends RuleDataMissing {
  constructor(readonly months: readonly string[]) {
    super(latePaymentMessages.selicMissing(months))
  }
}

export interface LatePayment {
  /** Days from the due date to the payment. */
  days: number
  /** Hundredths of a percent. */
  fineRate: number
  fine: number
  interestRate: number
  interest: number
  /** Months whose Selic the juros add (empty when paid in the month after the due date). */
  selicMonths: string[]
  total: number
}

/**
 * What a guide of `principal` cents due on `dueDate` costs when paid on `paymentDate`
 * (`YYYY-MM-DD`), with the monthly Selic by month (`YYYY-MM` → hundredths of a percent). Paid in
 * the month it fell due, there are no juros; a Selic month missing from the table throws.
 */
export function latePaymentOf(
  principal: number,
  dueDate: string,
  paymentDate: string,
  selic: Readonly<Record<string, number>>,
): LatePayment {
  const days = Math.max(0, daysBetween(dueDate, paymentDate))
  const fineRate = Math.min(days * LATE_FINE_PER_DAY, LATE_FINE_MAX)
  const dueMonth = dueDate.slice(0, 7)
  const paymentMonth = paymentDate.slice(0, 7)
  let selicMonths: string[] = []
  let interestRate = 0
  if (paymentMonth > dueMonth) {
    const first = nextMonth(dueMonth)
    const last = addMonths(paymentMonth, -1)
    selicMonths = first <= last ? monthsFrom(first, last) : []
    const missing = selicMonths.filter((month) => selic[month] === undefined)
    if (missing.length > 0) throw new SelicMissing(missing)
    interestRate =
      selicMonths.reduce((total, month) => total + selic[month]!, 0) + PAYMENT_MONTH_INTEREST
  }
  const part = (rate: number) => Number(roundHalfUp(mul(ratio(principal), ratio(rate, 10_000))))
  const fine = part(fineRate)
  const interest = part(interestRate)
  return {
    days,
    fineRate,
    fine,
    interestRate,
    interest,
    selicMonths,
    total: principal + fine + interest,
  }
}
