import { addMonths, monthIndex, monthsFrom } from '../dates'
import { div, mul, ratio, roundHalfUp, sum, ZERO, type Ratio } from './ratio'

// The month arithmetic lives in the calendar module (the address bar's search parsing uses it
// without loading the Simples rules); the Simples modules keep importing it from here.
export { addMonths, monthsFrom }

// RBT12 (the revenue of the 12 months before the month calculated) and the fator R (payroll over
// revenue of the same months), with the rules for a company younger than 13 months (Resolução
// CGSN 140/2018, arts. 22 and 26). Amounts are in cents.

/** Fator R from which an Annex V activity subject to it is taxed by Annex III (28 %). */
export const FATOR_R_LINE = 28
/** Fator R of a company with payroll and no revenue (art. 26, §§ 6º, I, and 7º, II): 0,28. */
export const FATOR_R_PAYROLL_ONLY = 28
/** Fator R of a company without payroll (art. 26, §§ 6º, II, and 7º, I and III): 0,01. */
export const FATOR_R_NO_PAYROLL = 1

export const rbt12Sources = {
  RBT12:
    'LC 123/2006, art. 18, § 1º (receita bruta dos 12 meses anteriores ao período de apuração)',
  RBT12_FIRST_MONTH:
    'Resolução CGSN nº 140/2018, art. 22, § 1º (no mês de início de atividade, a receita do próprio mês × 12)',
  RBT12_YOUNG_COMPANY:
    'Resolução CGSN nº 140/2018, art. 22, § 2º (nos 11 meses seguintes, a média dos meses anteriores × 12)',
  RBT12_ZERO: 'Resolução CGSN nº 140/2018, art. 21, § 1º (RBT12 nula: considera-se R$ 1,00)',
  FATOR_R_LINE: 'LC 123/2006, art. 18, §§ 5º-J e 5º-M (Anexo III com fator R de 28 % ou mais)',
  FATOR_R_YOUNG_COMPANY:
    'Resolução CGSN nº 140/2018, art. 26, § 4º (menos de 13 meses: a folha proporcionalizada como a receita)',
  FATOR_R_FIRST_MONTH: 'Resolução CGSN nº 140/2018, art. 26, § 6º (mês de início de atividade)',
  FATOR_R_NO_REVENUE_OR_PAYROLL:
    'Resolução CGSN nº 140/2018, art. 26, § 7º (sem receita e com folha: 0,28; sem folha: 0,01)',
  FATOR_R_TRUNCATED: 'PGDAS-D: o fator r é considerado com duas casas decimais, sem arredondar',
} as const

export type Rbt12Rule = 'first-month' | 'young-company' | 'twelve-months'

export const rbt12RuleLabels: Record<Rbt12Rule, string> = {
  'first-month': 'Mês de início de atividade: a receita do mês × 12',
  'young-company': 'Menos de 12 meses de atividade: a média dos meses anteriores × 12',
  'twelve-months': 'Receita dos 12 meses anteriores',
}

export const activityMessages = {
  beforeOpening: (period: string, opened: string) =>
    `A competência ${period.slice(5)}/${period.slice(0, 4)} é anterior ao início de atividade da empresa (${opened.slice(8)}/${opened.slice(5, 7)}/${opened.slice(0, 4)}).`,
} as const

/** The window a month is calculated on: which months, and by which rule. */
export interface ActivityWindow {
  rule: Rbt12Rule
  /** The months before the period whose revenue and payroll count (none in the first month). */
  months: string[]
  /** Months of activity before the period (0 in the first month, at most 12 counted). */
  monthsOfActivity: number
}

/**
 * Which months a period's RBT12 and fator R are taken from, by the company's start of activity
 * (`YYYY-MM-DD`, the CNPJ's opening; null when not known: a company active for over a year).
 * A period before the start of activity is refused.
 */
export function activityWindow(period: string, openedOn: string | null): ActivityWindow {
  const before = (count: number) => monthsFrom(addMonths(period, -count), addMonths(period, -1))
  if (!openedOn) return { rule: 'twelve-months', months: before(12), monthsOfActivity: 12 }
  const elapsed = monthIndex(period) - monthIndex(openedOn.slice(0, 7))
  if (elapsed < 0) throw new RangeError(activityMessages.beforeOpening(period, openedOn))
  if (elapsed === 0) return { rule: 'first-month', months: [], monthsOfActivity: 0 }
  if (elapsed < 12)
    return { rule: 'young-company', months: before(elapsed), monthsOfActivity: elapsed }
  return { rule: 'twelve-months', months: before(12), monthsOfActivity: 12 }
}

/** Amounts by month (`YYYY-MM` → cents); a month not there is zero. */
export type Monthly = Readonly<Record<string, number>>

const total = (monthly: Monthly, months: readonly string[]) =>
  sum(months.map((month) => ratio(monthly[month] ?? 0)))

/** A sum of some months scaled to 12 (the average × 12). */
const annualised = (value: Ratio, months: number) => div(mul(value, ratio(12)), ratio(months))

/**
 * RBT12 in cents, exact (a ratio while a young company averages its months): the month's own
 * revenue × 12 in the first month, the average of the months before × 12 in the next 11, the 12
 * months before from then on.
 */
export function rbt12Of(window: ActivityWindow, revenue: Monthly, period: string): Ratio {
  if (window.rule === 'first-month') return ratio((revenue[period] ?? 0) * 12)
  if (window.rule === 'young-company')
    return annualised(total(revenue, window.months), window.months.length)
  return total(revenue, window.months)
}

/** The RBT12 a rate is found with: a zero RBT12 counts as R$ 1,00. */
export const rbt12ForRate = (rbt12: Ratio) => (rbt12.n === 0n ? ratio(100) : rbt12)

export type FatorRRule = 'payroll-over-revenue' | 'payroll-without-revenue' | 'no-payroll'

export interface FatorR {
  /** r in hundredths, cut to two decimals (0,2774 → 27). */
  hundredths: number
  rule: FatorRRule
  /** Payroll of the 12 months in cents, annualised like the revenue while the company is young. */
  payroll12: Ratio
}

/**
 * The fator R of a period: payroll over revenue of the same months (the month itself in the
 * first month of activity), cut to two decimals; 0,28 with payroll and no revenue, 0,01 without
 * payroll.
 */
export function fatorROf(
  window: ActivityWindow,
  revenue: Monthly,
  payroll: Monthly,
  period: string,
): FatorR {
  const months = window.rule === 'first-month' ? [period] : window.months
  const paid = total(payroll, months)
  const earned = total(revenue, months)
  const payroll12 = window.rule === 'twelve-months' ? paid : annualised(paid, months.length)
  if (paid.n <= 0n) return { hundredths: FATOR_R_NO_PAYROLL, rule: 'no-payroll', payroll12: ZERO }
  if (earned.n <= 0n)
    return { hundredths: FATOR_R_PAYROLL_ONLY, rule: 'payroll-without-revenue', payroll12 }
  const r = div(paid, earned)
  return { hundredths: Number((r.n * 100n) / r.d), rule: 'payroll-over-revenue', payroll12 }
}

/** Whether an activity subject to the fator R is taxed by Annex III (r ≥ 0,28, as cut). */
export const fatorRReachesLine = (fatorR: FatorR) => fatorR.hundredths >= FATOR_R_LINE

/** Cents of an exact amount, rounded half up. */
export const centsOf = (value: Ratio) => Number(roundHalfUp(value))
