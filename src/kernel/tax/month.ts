import { formatCents } from '../money'
import { issCapCoefficientsOf } from './iss-cap'
import {
  CEILING,
  limitSources,
  limitStanding,
  withTolerance,
  yearLimits,
  type LimitEffect,
} from './limits'
import type { ActivityTax, SimplesAnnex } from '../../schemas/cnae'
import { formatCnaeCode } from '../cnae-code'
import { activityOfService, annexOfActivity } from './annex'
import { dasDueDate, UnknownCalendarYear } from './calendar'
import {
  add,
  allocate,
  compare,
  div,
  hundredthsOfPercent,
  mul,
  ratio,
  roundHalfUp,
  sub,
  sum,
  toNumber,
  ZERO,
  type Ratio,
} from './ratio'
import {
  activityWindow,
  addMonths,
  fatorROf,
  fatorRReachesLine,
  monthsFrom,
  rbt12ForRate,
  rbt12Of,
  type FatorRRule,
  type Monthly,
  type Rbt12Rule,
} from './rbt12'
import {
  ISS_MAX_RATE,
  LOCAL_TAXES,
  SIMPLES_ANNEXES,
  SIMPLES_DISTRIBUTION,
  SIMPLES_SUBLIMIT,
  simplesTaxes,
  type SimplesTax,
  type TaxShares,
} from './tables'

// The month of a Simples Nacional company as the PGDAS-D calculates it: the month's revenue by
// activity and annex (fator R where the law applies it), segregated into ISS withheld by the
// taker, ISS not due, export and the rest; RBT12 and fator R with the young-company rules; each
// activity's bracket and effective rate; the amount shared among the taxes by the annex's
// distribution, the ISS capped at 5 % (the excess by the annexes' printed coefficients); the 6th
// bracket; the sublimit and the ceiling on the year's revenue, proportional in the opening year,
// with the part above each at the maximum rates and their effects (impediment, exclusion).
// Pure: the server's month, the panel's card and the invoice form's estimate all call it. Amounts
// in cents inside, exact (ratios) until each activity's amount is rounded once, half up; each
// tax's share of it then adds up to it to the cent.

/**
 * How a revenue is segregated in the PGDAS-D: `normal`; `iss-withheld` (the taker withholds the
 * ISS: left out of the DAS); `iss-not-due` (immunity or no incidence: no ISS); `export` (no
 * Cofins, PIS, ICMS, IPI or ISS).
 */
export const revenueSegments = ['normal', 'iss-withheld', 'iss-not-due', 'export'] as const
export type RevenueSegment = (typeof revenueSegments)[number]

/** The taxes each segment leaves out of the DAS. */
const LEFT_OUT: Record<RevenueSegment, readonly SimplesTax[]> = {
  normal: [],
  'iss-withheld': ['ISS'],
  'iss-not-due': ['ISS'],
  export: ['COFINS', 'PIS', 'ICMS', 'IPI', 'ISS'],
}

export const simplesMonthSources = {
  SEGREGATION:
    'LC 123/2006, art. 18, §§ 4º, 4º-A, 6º e 14 (receitas segregadas por atividade; retenção do ISS e exportação fora do DAS)',
  ANNEX_BY_ACTIVITY:
    'LC 123/2006, art. 18, §§ 4º e 4º-A (cada receita é tributada no anexo da sua atividade)',
  EFFECTIVE_RATE: 'LC 123/2006, art. 18, § 1º-A ((RBT12 × alíquota nominal − dedução) / RBT12)',
  DISTRIBUTION: 'LC 123/2006, art. 18, § 1º-A, e Anexos I a V (percentual de repartição)',
  SUBLIMIT_EXCESS:
    'Resolução CGSN nº 140/2018, art. 24 (parcela da receita acima do sublimite: ICMS e ISS pela 5ª faixa sobre R$ 3,6 mi)',
  CEILING_EXCESS: limitSources.EXCESS_RATES,
  RBT12_ABOVE_CEILING:
    'LC 123/2006, art. 18, § 1º-A, e Resolução CGSN nº 140/2018, art. 21 (RBT12 acima de R$ 4,8 mi sem que o ano passe do limite: a alíquota efetiva da 6ª faixa com a própria RBT12; ICMS e ISS pela 5ª)',
  IMPEDIMENT:
    'LC 123/2006, art. 20, §§ 1º e 1º-A; Resolução CGSN nº 140/2018, art. 12 (impedido: ICMS e ISS fora do DAS)',
} as const

/** One revenue of the month: an invoice's service, or what the client declared for an activity. */
export interface RevenueItem {
  /** The LC 116 item of an invoice's service (`17.06`); null for declared revenue. */
  service: string | null
  /** The activity the revenue was declared for (declared revenue); null for an invoice. */
  cnae: string | null
  /** Resale (I) or the company's own production (II), for an activity in both annexes. */
  annex?: SimplesAnnex | null
  segment: RevenueSegment
  cents: number
}

export interface SimplesMonthInput {
  /** `YYYY-MM`. */
  period: string
  /** Start of activity (the CNPJ's opening), `YYYY-MM-DD`; null when unknown. */
  openedOn: string | null
  /** The company's activities, main first, with their tax data and curated services. */
  activities: readonly ActivityTax[]
  /** Revenue of every month before the period (from January of the year before), cents. */
  revenue: Monthly
  /** Payroll of the fator R by month (the period's own counts in the first month), cents. */
  payroll: Monthly
  /** The month's revenues. */
  items: readonly RevenueItem[]
  /**
   * ICMS and ISS outside the DAS whatever this month's revenue: a later month of the opening year
   * went more than 20 % over the proportional sublimit, with effect back to the start
   * (LC 123/2006, art. 3º, § 11).
   */
  impededFromStart?: boolean
}

export type TaxAmounts = Record<SimplesTax, number>

export interface ActivityMonth {
  cnae: string
  text: string
  annex: SimplesAnnex
  subjectToFatorR: boolean
  revenue: number
  /** Revenue whose ISS the taker withheld (that ISS is left out of the DAS). */
  issWithheld: number
  /** Revenue without ISS (immunity, no incidence). */
  issNotDue: number
  /** Revenue of services exported. */
  exported: number
  /** 1 to 6. */
  bracket: number
  nominalRate: number
  deduction: number
  /** The bracket's effective rate, `(RBT12 × nominal − deduction) / RBT12`. */
  effectiveRate: number
  /** The rate the DAS applies on a revenue without withholding (ISS cap and 6th bracket included). */
  dasRate: number
  amount: number
  taxes: TaxAmounts
}

export interface MonthProblem {
  code:
    | 'no-activities'
    | 'service-without-activity'
    | 'activity-without-annex'
    | 'activity-barred'
    | 'annex-undecided'
    | 'excluded'
    | 'unknown-calendar'
    | 'unknown-year'
  message: string
}

export interface SimplesMonth {
  period: string
  revenue: number
  rbt12: number
  rbt12Rule: Rbt12Rule
  monthsOfActivity: number
  /** Revenue of the calendar year before this month. */
  yearRevenue: number
  payroll12: number
  /** r cut to two decimals (0.27). */
  fatorR: number
  fatorRRule: FatorRRule
  /** Whether any of the company's activities is subject to the fator R. */
  subjectToFatorR: boolean
  sublimit: {
    limit: number
    /** The year's revenue, this month included, is above the sublimit. */
    exceeded: boolean
    /** The part of this month's revenue above it. */
    excessRevenue: number
    /** ICMS and ISS are paid outside the DAS (impediment). */
    impeded: boolean
  }
  /** The year's limits (proportional in the opening year) and where the year's revenue stands. */
  limits: MonthLimits
  activities: ActivityMonth[]
  /** Revenue that no activity of the company covers, named rather than placed by guess. */
  unplaced: { service: string | null; cnae: string | null; revenue: number }[]
  taxes: TaxAmounts
  das: { amount: number; dueDate: string | null }
  /** What keeps the month from being closed. */
  problems: MonthProblem[]
}

/** The year's limits as the month answers them (reais). */
export interface MonthLimits {
  year: number
  opening: boolean
  /** Months of activity in the year (12 but in the opening year). */
  months: number
  ceiling: number
  sublimit: number
  /** The year's revenue through this month. */
  yearRevenue: number
  sublimitEffect: LimitEffect
  ceilingEffect: LimitEffect
  /** The part of this month's revenue above the ceiling (federal taxes at the 6th's maximum). */
  ceilingExcessRevenue: number
  /** What the year's revenue means for the company, each with its article (pt-BR), or empty. */
  notes: string[]
}

export const monthMessages = {
  noActivities:
    'A empresa não tem atividades (CNAE) cadastradas: sem elas não há anexo para tributar a receita.',
  serviceWithoutActivity: (service: string, revenue: string) =>
    `Serviço ${service} (${revenue}) não corresponde a nenhuma atividade (CNAE) da empresa: confira as atividades cadastradas ou a nota.`,
  declaredWithoutActivity: (cnae: string) =>
    `A receita declarada para ${formatCnaeCode(cnae)} não é de uma atividade da empresa.`,
  activityWithoutAnnex: (activity: ActivityTax) =>
    `${formatCnaeCode(activity.code)} ${activity.text} não tem anexo na nossa classificação: confirme com a contabilidade onde essa receita é tributada.`,
  activityBarred: (activity: ActivityTax) =>
    `${formatCnaeCode(activity.code)} ${activity.text} não pode optar pelo Simples Nacional (LC 123/2006, art. 17).`,
  annexUndecided: (activity: ActivityTax) =>
    `Na receita declarada de ${formatCnaeCode(activity.code)}, diga se é revenda (Anexo I) ou produção própria (Anexo II).`,
  excludedLastYear: (year: number, revenue: string, limit: string) =>
    `A receita de ${year} (${revenue}) passou do limite de ${limit}: a empresa está excluída do Simples Nacional desde 01/01/${year + 1} (${limitSources.CEILING_NEXT_YEAR}). Esta competência se apura fora do Simples.`,
  excludedThisYear: (month: string, revenue: string, limit: string) =>
    `A receita do ano chegou a ${revenue} em ${month}, mais de 20 % acima do limite de ${limit}: a empresa está excluída do Simples Nacional a partir do mês seguinte (${limitSources.CEILING_NEXT_MONTH}). Esta competência se apura fora do Simples.`,
  excludedFromStart: (revenue: string, limit: string, months: number) =>
    `No ano de início, a receita chegou a ${revenue}, mais de 20 % acima do limite proporcional de ${limit} (${months} meses × R$ 400 mil): a empresa está excluída do Simples Nacional desde o início de atividade (${limitSources.CEILING_OPENING_RETROACTIVE}). Os meses desde a abertura se apuram fora do Simples.`,
  sublimitFromStart: (revenue: string, limit: string, months: number) =>
    `No ano de início, a receita chegou a ${revenue}, mais de 20 % acima do sublimite proporcional de ${limit} (${months} meses × R$ 300 mil): o ICMS e o ISS saem do DAS desde o início de atividade (${limitSources.SUBLIMIT_OPENING_RETROACTIVE}); os meses já fechados devem ser refeitos sem eles.`,
  sublimitNextYear: (revenue: string, limit: string, opening: boolean) =>
    `A receita do ano (${revenue}) passou do sublimite de ${limit} em até 20 %: a parte acima paga ICMS e ISS pela alíquota máxima, e o ICMS e o ISS saem do DAS a partir de janeiro (${opening ? limitSources.SUBLIMIT_OPENING_NEXT_YEAR : limitSources.SUBLIMIT_NEXT_YEAR}).`,
  sublimitNextMonth: (revenue: string, limit: string) =>
    `A receita do ano (${revenue}) passou do sublimite de ${limit} em mais de 20 %: o ICMS e o ISS saem do DAS a partir do mês seguinte (${limitSources.SUBLIMIT_NEXT_MONTH}).`,
  ceilingNextYear: (revenue: string, limit: string, opening: boolean) =>
    `A receita do ano (${revenue}) passou do limite de ${limit} em até 20 %: a parte acima paga os tributos federais pela alíquota máxima da 6ª faixa, e a empresa sai do Simples Nacional em 1º de janeiro (${opening ? limitSources.CEILING_OPENING_NEXT_YEAR : limitSources.CEILING_NEXT_YEAR}).`,
  ceilingNextMonth: (revenue: string, limit: string) =>
    `A receita do ano (${revenue}) passou do limite de ${limit} em mais de 20 % neste mês: a parte acima paga os tributos federais pela alíquota máxima da 6ª faixa, e a empresa está excluída do Simples Nacional a partir do mês seguinte (${limitSources.CEILING_NEXT_MONTH}).`,
} as const

const reais = (cents: number | bigint) => Number(cents) / 100

const emptyTaxes = (): TaxAmounts =>
  Object.fromEntries(simplesTaxes.map((tax) => [tax, 0])) as TaxAmounts

const centsRatio = (reaisValue: number) => ratio(Math.round(reaisValue * 100))
const basisPoints = (rate: number) => ratio(Math.round(rate * 10_000), 10_000)

/**
 * The bracket (0-based) of an RBT12 in cents: above the last bracket's R$ 4,8 mi, the 6th still
 * (its formula with the RBT12 itself: a company whose year stayed within the limit is in the
 * Simples whatever its last 12 months).
 */
function bracketIndex(annex: SimplesAnnex, rbt12: Ratio): number {
  const index = SIMPLES_ANNEXES[annex].findIndex(
    (bracket) => compare(rbt12, centsRatio(bracket.upTo)) <= 0,
  )
  return index < 0 ? SIMPLES_ANNEXES[annex].length - 1 : index
}

/** `(RBT12 × nominal − deduction) / RBT12` of a bracket, exact. */
function effectiveRate(annex: SimplesAnnex, index: number, rbt12: Ratio): Ratio {
  const bracket = SIMPLES_ANNEXES[annex][index]!
  return div(
    sub(mul(rbt12, basisPoints(bracket.nominalRate)), centsRatio(bracket.deduction)),
    rbt12,
  )
}

const federalOf = (row: TaxShares) =>
  (Object.keys(row) as SimplesTax[]).filter((tax) => !LOCAL_TAXES.includes(tax))

/**
 * Which part of a month's revenue a rate is for:
 * - `within`: within the year's sublimit;
 * - `excess`: above the sublimit (ICMS and ISS at the 5th bracket's rate on R$ 3,6 mi);
 * - `ceiling`: above the ceiling too (the federal taxes at the 6th bracket's rate on R$ 4,8 mi).
 */
type Slice = 'within' | 'excess' | 'ceiling'

/**
 * The rate of each tax on a revenue of an annex: the federal taxes by the bracket of RBT12 (the
 * 6th included; the 6th on R$ 4,8 mi above the ceiling); ICMS and ISS by the same bracket, or by
 * the 5th when RBT12 is in the 6th (`within` the sublimit) or on R$ 3,6 mi (above it); none when
 * impeded. The ISS above 5 % goes to the federal taxes of its bracket by the coefficients the
 * annex's note prints: in the 5th bracket each federal tax is (effective rate − 5 %) × its
 * coefficient; where the federal taxes come from another bracket, the ISS's excess is added to
 * them by the same coefficients.
 */
function ratesOf(
  annex: SimplesAnnex,
  rbt12: Ratio,
  slice: Slice,
  impeded: boolean,
): Map<SimplesTax, Ratio> {
  const federalBase = slice === 'ceiling' ? centsRatio(CEILING / 100) : rbt12
  const index = slice === 'ceiling' ? 5 : bracketIndex(annex, rbt12)
  const table = SIMPLES_DISTRIBUTION[annex]
  const rates = new Map<SimplesTax, Ratio>()
  const federalRate = effectiveRate(annex, index, federalBase)
  const federalRow = table[index]!
  for (const tax of federalOf(federalRow))
    rates.set(tax, mul(federalRate, hundredthsOfPercent(federalRow[tax]!)))
  if (impeded) return rates
  const localIndex = slice !== 'within' || index === 5 ? 4 : index
  const localRate =
    slice !== 'within'
      ? effectiveRate(annex, 4, centsRatio(SIMPLES_SUBLIMIT))
      : localIndex === index
        ? federalRate
        : effectiveRate(annex, 4, rbt12)
  const localRow = table[localIndex]!
  for (const tax of LOCAL_TAXES) {
    const share = localRow[tax]
    if (share === undefined) continue
    let rate = mul(localRate, hundredthsOfPercent(share))
    const cap = hundredthsOfPercent(ISS_MAX_RATE)
    if (tax === 'ISS' && compare(rate, cap) > 0) {
      const excess = sub(rate, cap)
      rate = cap
      const federal = federalOf(localRow)
      const printed = issCapCoefficientsOf(annex)
      const whole = federal.reduce((total, name) => total + localRow[name]!, 0)
      // The printed coefficient of each federal tax (hundredths of a percent), or its exact share.
      const coefficient = (name: SimplesTax) =>
        printed?.[name] !== undefined
          ? hundredthsOfPercent(printed[name]!)
          : ratio(localRow[name]!, whole)
      const sameBracket = slice === 'within' && localIndex === index
      for (const name of federal)
        rates.set(
          name,
          sameBracket
            ? mul(sub(federalRate, cap), coefficient(name))
            : add(rates.get(name) ?? ZERO, mul(excess, coefficient(name))),
        )
    }
    rates.set(tax, rate)
  }
  return rates
}

/**
 * The DAS due date of a period, or null with an `unknown-calendar` problem when the calendar
 * does not know its year's holidays (never guessed).
 */
export function dasDueDateOrProblem(period: string, problems: MonthProblem[]): string | null {
  try {
    return dasDueDate(period)
  } catch (error) {
    if (!(error instanceof UnknownCalendarYear)) throw error
    problems.push({ code: 'unknown-calendar', message: error.message })
    return null
  }
}

/** The month of a Simples Nacional company (ME or EPP). */
export function simplesMonth(input: SimplesMonthInput): SimplesMonth {
  const { period, activities } = input
  const problems: MonthProblem[] = []
  const monthCents = input.items.reduce((total, item) => total + item.cents, 0)
  const revenue: Record<string, number> = { ...input.revenue, [period]: monthCents }
  const window = activityWindow(period, input.openedOn)
  const rbt12 = rbt12Of(window, revenue, period)
  const rateBase = rbt12ForRate(rbt12)
  const fatorR = fatorROf(window, revenue, input.payroll, period)
  const reached = fatorRReachesLine(fatorR)

  // The limits are measured on the calendar year's revenue (not RBT12), proportional in the
  // opening year; the year before is measured against its own limits.
  const year = Number(period.slice(0, 4))
  const january = `${year}-01`
  const yearBefore =
    period === january
      ? 0
      : monthsFrom(january, addMonths(period, -1)).reduce((t, m) => t + (revenue[m] ?? 0), 0)
  const previousYear = monthsFrom(`${year - 1}-01`, `${year - 1}-12`).reduce(
    (t, m) => t + (revenue[m] ?? 0),
    0,
  )
  const previousLimits = yearLimits(year - 1, input.openedOn)
  const standing = limitStanding(year, input.openedOn, yearBefore, monthCents)
  const { limits } = standing
  const notes: string[] = []
  const money = (cents: number) => formatCents(cents)
  // ICMS and ISS outside the DAS: over the year before's sublimit, more than 20 % over this
  // year's before this month, or (the opening year) more than 20 % over it by this month.
  const impeded =
    input.impededFromStart === true ||
    previousYear > previousLimits.sublimit ||
    yearBefore > withTolerance(limits.sublimit) ||
    standing.sublimit.effect === 'retroactive'
  const excessCents = impeded
    ? 0
    : Math.min(monthCents, Math.max(0, standing.through - limits.sublimit))
  const ceilingCents = Math.min(monthCents, Math.max(0, standing.through - limits.ceiling))
  if (previousYear > previousLimits.ceiling)
    problems.push({
      code: 'excluded',
      message: monthMessages.excludedLastYear(
        year - 1,
        money(previousYear),
        money(previousLimits.ceiling),
      ),
    })
  else if (standing.ceiling.effect === 'retroactive')
    problems.push({
      code: 'excluded',
      message: monthMessages.excludedFromStart(
        money(standing.through),
        money(limits.ceiling),
        limits.months,
      ),
    })
  else if (yearBefore > withTolerance(limits.ceiling))
    problems.push({
      code: 'excluded',
      message: monthMessages.excludedThisYear(period, money(yearBefore), money(limits.ceiling)),
    })
  else if (standing.ceiling.effect === 'next-month')
    notes.push(monthMessages.ceilingNextMonth(money(standing.through), money(limits.ceiling)))
  else if (standing.ceiling.effect === 'next-year')
    notes.push(
      monthMessages.ceilingNextYear(money(standing.through), money(limits.ceiling), limits.opening),
    )
  if (standing.sublimit.effect === 'retroactive')
    notes.push(
      monthMessages.sublimitFromStart(
        money(standing.through),
        money(limits.sublimit),
        limits.months,
      ),
    )
  else if (standing.sublimit.effect === 'next-month')
    notes.push(monthMessages.sublimitNextMonth(money(standing.through), money(limits.sublimit)))
  else if (standing.sublimit.effect === 'next-year')
    notes.push(
      monthMessages.sublimitNextYear(
        money(standing.through),
        money(limits.sublimit),
        limits.opening,
      ),
    )

  if (activities.length === 0)
    problems.push({ code: 'no-activities', message: monthMessages.noActivities })

  // Each revenue to its activity and annex.
  type Placed = { activity: ActivityTax; annex: SimplesAnnex; items: RevenueItem[] }
  const placed = new Map<string, Placed>()
  const unplaced = new Map<string, { service: string | null; cnae: string | null; cents: number }>()
  const flagged = new Set<string>()
  const flag = (key: string, problem: MonthProblem) => {
    if (flagged.has(key)) return
    flagged.add(key)
    problems.push(problem)
  }
  for (const item of input.items) {
    const activity = item.cnae
      ? activities.find((a) => a.code === item.cnae)
      : activityOfService(activities, item.service ?? '')
    if (!activity) {
      const key = `${item.service ?? ''}|${item.cnae ?? ''}`
      const entry = unplaced.get(key) ?? { service: item.service, cnae: item.cnae, cents: 0 }
      entry.cents += item.cents
      unplaced.set(key, entry)
      continue
    }
    const where = annexOfActivity(activity, reached)
    let annex: SimplesAnnex
    if (where.kind === 'annex') annex = where.annex
    else if (where.kind === 'by-revenue' && item.annex && where.annexes.includes(item.annex))
      annex = item.annex
    else {
      if (where.kind === 'unknown')
        flag(`unknown:${activity.code}`, {
          code: 'activity-without-annex',
          message: monthMessages.activityWithoutAnnex(activity),
        })
      else if (where.kind === 'barred')
        flag(`barred:${activity.code}`, {
          code: 'activity-barred',
          message: monthMessages.activityBarred(activity),
        })
      else
        flag(`undecided:${activity.code}`, {
          code: 'annex-undecided',
          message: monthMessages.annexUndecided(activity),
        })
      const key = `${item.service ?? ''}|${activity.code}`
      const entry = unplaced.get(key) ?? { service: item.service, cnae: activity.code, cents: 0 }
      entry.cents += item.cents
      unplaced.set(key, entry)
      continue
    }
    const key = `${activity.code}|${annex}`
    const group = placed.get(key) ?? { activity, annex, items: [] }
    group.items.push(item)
    placed.set(key, group)
  }
  for (const entry of unplaced.values())
    if (entry.service && !entry.cnae)
      problems.push({
        code: 'service-without-activity',
        message: monthMessages.serviceWithoutActivity(entry.service, formatCents(entry.cents)),
      })
    else if (entry.cnae && !activities.some((a) => a.code === entry.cnae))
      problems.push({
        code: 'service-without-activity',
        message: monthMessages.declaredWithoutActivity(entry.cnae),
      })

  const results: ActivityMonth[] = []
  const totals = emptyTaxes()
  // Excluded from the Simples: no DAS is calculated for the month.
  const excluded = problems.some((problem) => problem.code === 'excluded')
  for (const { activity, annex, items } of excluded ? [] : placed.values()) {
    const index = bracketIndex(annex, rateBase)
    const within = ratesOf(annex, rateBase, 'within', impeded)
    const excess = ratesOf(annex, rateBase, 'excess', impeded)
    const aboveCeiling = ratesOf(annex, rateBase, 'ceiling', impeded)
    const exact = new Map<SimplesTax, Ratio>()
    const bySegment: Record<RevenueSegment, number> = {
      normal: 0,
      'iss-withheld': 0,
      'iss-not-due': 0,
      export: 0,
    }
    for (const item of items) {
      bySegment[item.segment] += item.cents
      // This revenue's parts above the sublimit and above the ceiling, in proportion to the
      // month's (the part above the ceiling is above the sublimit too, unless impeded).
      const part = (cents: number) =>
        monthCents === 0 ? ZERO : ratio(BigInt(item.cents) * BigInt(cents), monthCents)
      const above = part(excessCents)
      const overCeiling = part(ceilingCents)
      const slices: [Ratio, Map<SimplesTax, Ratio>][] = impeded
        ? [
            [sub(ratio(item.cents), overCeiling), within],
            [overCeiling, aboveCeiling],
          ]
        : [
            [sub(ratio(item.cents), above), within],
            [sub(above, overCeiling), excess],
            [overCeiling, aboveCeiling],
          ]
      for (const [base, rates] of slices) {
        // A slice without revenue (most months stay under the sublimit) adds zero: its taxes are
        // only counted among the activity's, with nothing to multiply.
        const none = base.n === 0n
        for (const [tax, rate] of rates) {
          if (LEFT_OUT[item.segment].includes(tax)) continue
          const sofar = exact.get(tax)
          if (none) {
            if (sofar === undefined) exact.set(tax, ZERO)
          } else exact.set(tax, add(sofar ?? ZERO, mul(base, rate)))
        }
      }
    }
    const amount = roundHalfUp(sum([...exact.values()]))
    const order = simplesTaxes.filter((tax) => exact.has(tax))
    const split = allocate(
      amount,
      order.map((tax) => exact.get(tax)!),
    )
    const taxes = emptyTaxes()
    order.forEach((tax, i) => {
      taxes[tax] = reais(split[i]!)
      totals[tax] += Number(split[i]!)
    })
    const bracket = SIMPLES_ANNEXES[annex][index]!
    results.push({
      cnae: activity.code,
      text: activity.text,
      annex,
      subjectToFatorR: activity.fatorR && (activity.simplesAnnexes?.length ?? 0) > 0,
      revenue: reais(items.reduce((total, item) => total + item.cents, 0)),
      issWithheld: reais(bySegment['iss-withheld']),
      issNotDue: reais(bySegment['iss-not-due']),
      exported: reais(bySegment.export),
      bracket: index + 1,
      nominalRate: bracket.nominalRate,
      deduction: bracket.deduction,
      effectiveRate: toNumber(effectiveRate(annex, index, rateBase)),
      dasRate: toNumber(sum([...within.values()])),
      amount: reais(amount),
      taxes,
    })
  }
  // The activities in the company's order (main first), an activity's annexes in annex order.
  const order = (code: string) => activities.findIndex((activity) => activity.code === code)
  results.sort((a, b) => order(a.cnae) - order(b.cnae) || a.annex.localeCompare(b.annex))

  const dueDate = dasDueDateOrProblem(period, problems)
  const dasCents = results.reduce((total, row) => total + Math.round(row.amount * 100), 0)
  return {
    period,
    revenue: reais(monthCents),
    rbt12: reais(roundHalfUp(rbt12)),
    rbt12Rule: window.rule,
    monthsOfActivity: window.monthsOfActivity,
    yearRevenue: reais(yearBefore),
    payroll12: reais(roundHalfUp(fatorR.payroll12)),
    fatorR: fatorR.hundredths / 100,
    fatorRRule: fatorR.rule,
    subjectToFatorR: activities.some((a) => a.fatorR && (a.simplesAnnexes?.length ?? 0) > 0),
    sublimit: {
      limit: reais(limits.sublimit),
      exceeded: standing.through > limits.sublimit,
      excessRevenue: reais(excessCents),
      impeded,
    },
    limits: {
      year,
      opening: limits.opening,
      months: limits.months,
      ceiling: reais(limits.ceiling),
      sublimit: reais(limits.sublimit),
      yearRevenue: reais(standing.through),
      sublimitEffect: standing.sublimit.effect,
      ceilingEffect: standing.ceiling.effect,
      ceilingExcessRevenue: reais(ceilingCents),
      notes,
    },
    activities: results,
    unplaced: [...unplaced.values()].map((entry) => ({
      service: entry.service,
      cnae: entry.cnae,
      revenue: reais(entry.cents),
    })),
    taxes: Object.fromEntries(simplesTaxes.map((tax) => [tax, reais(totals[tax])])) as TaxAmounts,
    das: { amount: reais(dasCents), dueDate },
    problems,
  }
}

/**
 * How an invoice's revenue is segregated: ISS withheld by the taker, ISS not due (immunity, no
 * incidence), export, or the rest (`tpRetISSQN` and `tribISSQN` of the national DPS).
 */
export function revenueSegmentOf(invoice: {
  issWithheld: boolean
  issTaxation?: 'taxable' | 'immune' | 'export' | 'not-levied'
}): RevenueSegment {
  if (invoice.issTaxation === 'export') return 'export'
  if (invoice.issTaxation === 'immune' || invoice.issTaxation === 'not-levied') return 'iss-not-due'
  return invoice.issWithheld ? 'iss-withheld' : 'normal'
}

/**
 * The ISS share of the Simples rate of an annex at an RBT12 (reais), in percent with two decimals
 * (half up): the `pAliq` a Simples ME/EPP declares in a DPS whose ISS the taker withholds (LC
 * 123/2006, art. 21, § 4º). The same rates as the month's (`ratesOf`, the 5 % cap included); null
 * above the Simples' ceiling or for an annex without ISS.
 */
export function issShareRate(annex: SimplesAnnex, rbt12Reais: number): number | null {
  // Above the ceiling the month takes the 6th bracket's excess rules, which no DPS declares.
  if (Math.round(rbt12Reais * 100) > CEILING) return null
  const rateBase = rbt12ForRate(centsRatio(rbt12Reais))
  if (bracketIndex(annex, rateBase) < 0) return null
  const rate = ratesOf(annex, rateBase, 'within', false).get('ISS')
  if (!rate) return null
  return Number(roundHalfUp(mul(rate, ratio(10_000)))) / 100
}
