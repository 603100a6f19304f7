import type { ActivityTax, SimplesAnnex } from '../../../schemas/cnae'
import { monthsFrom } from '../../dates'
import { dasDueDate } from '../calendar'
import { dasMeiOf, MEI_TOLERANCE, meiLimitFor } from '../mei'
import { allocate, ratio } from '../ratio'
import { SIMPLES_ANNEXES, SIMPLES_DISTRIBUTION } from '../tables'
import { dasnSimeiDueDate } from './dates'

// The MEI's yearly declaration (DASN-SIMEI, LC 123/2006, art. 18-A): the gross revenue of commerce
// and industry and of services, whether it had an employee, and where the revenue stands against
// the limit — R$ 81.000, or R$ 6.750 for each month of activity in the opening year (a started
// month counts whole). Up to 20 % over: still MEI that year, ME from 1 January, and a DAS on the
// excess at the first bracket of the annex, due with the next January's DAS. More than 20 % over:
// MEI lost back to 1 January (or to the opening), each month to recalculate as ME. Cents.

export const dasnSources = {
  LIMIT:
    'LC 123/2006, art. 18-A, §§ 1º e 2º; Resolução CGSN nº 140/2018, art. 100, § 1º (R$ 6.750 por mês de atividade no ano de abertura, fração de mês como mês inteiro)',
  UP_TO_20:
    'LC 123/2006, art. 18-A, § 7º, III (excesso até 20 %: ME a partir de 1º de janeiro seguinte; DAS sobre o excesso pela 1ª faixa do anexo, com o DAS de janeiro)',
  OVER_20:
    'LC 123/2006, art. 18-A, § 7º, IV (excesso acima de 20 %: desenquadramento retroativo a 1º de janeiro, ou à abertura no ano de início)',
  ANNEX_XI: 'Resolução CGSN nº 140/2018, Anexo XI (ICMS e ISS de cada ocupação do MEI)',
} as const

export type DasnOutcome = 'within' | 'excess-up-to-20' | 'excess-over-20'

/** The revenue of the year by kind (cents). */
export interface DasnRevenue {
  commerce: number
  industry: number
  services: number
}

export interface ExcessLine {
  kind: keyof DasnRevenue
  annex: SimplesAnnex
  /** The part of the excess from this kind's revenue (cents). */
  excess: number
  /** The first bracket's rate, less ICMS/ISS the occupation does not pay (basis points). */
  rate: number
  amount: number
}

export interface DasnSimeiResult {
  year: number
  dueDate: string
  total: number
  limit: number
  /** The limit plus 20 %. */
  tolerance: number
  excess: number
  /** The excess over the limit, in basis points of the limit. */
  excessShare: number
  outcome: DasnOutcome
  /** The DAS on the excess (up to 20 % over), else null. */
  complementaryDas: { amount: number; dueDate: string; lines: ExcessLine[] } | null
  /** The day the company is an ME: 1 January after (up to 20 %), or back to the start (over). */
  meFrom: string | null
  /** Months to recalculate as an ME (more than 20 % over). */
  monthsToRecalculate: string[]
}

/** The annex a MEI's revenue of a kind is taxed in once over the limit: I, II, III. */
const ANNEX_OF: Record<keyof DasnRevenue, SimplesAnnex> = {
  commerce: 'I',
  industry: 'II',
  services: 'III',
}

/** The first bracket's nominal rate of an annex, in basis points, without a local tax not due. */
function firstBracketRate(annex: SimplesAnnex, localNotDue: 'ICMS' | 'ISS' | null): number {
  const nominal = Math.round(SIMPLES_ANNEXES[annex][0]!.nominalRate * 10_000)
  const share = localNotDue ? (SIMPLES_DISTRIBUTION[annex][0]![localNotDue] ?? 0) : 0
  return Math.round((nominal * (10_000 - share)) / 10_000)
}

/** Splits `total` cents among weights so the parts add up to it (largest remainders). */
const split = (total: number, weights: readonly number[]) =>
  allocate(
    BigInt(total),
    weights.map((weight) => ratio(weight)),
  ).map(Number)

/** The DASN-SIMEI of a year from its revenue (cents) and the MEI's activities. */
export function dasnSimei(input: {
  year: number
  openedOn: string | null
  revenue: DasnRevenue
  activities: readonly ActivityTax[]
}): DasnSimeiResult {
  const { year, openedOn, revenue } = input
  const limit = meiLimitFor(year, openedOn) * 100
  const tolerance = Math.round(limit * (1 + MEI_TOLERANCE))
  const total = revenue.commerce + revenue.industry + revenue.services
  const excess = Math.max(0, total - limit)
  const outcome: DasnOutcome =
    total <= limit ? 'within' : total <= tolerance ? 'excess-up-to-20' : 'excess-over-20'
  const opensThisYear = openedOn !== null && Number(openedOn.slice(0, 4)) === year
  let complementaryDas: DasnSimeiResult['complementaryDas'] = null
  if (outcome === 'excess-up-to-20') {
    // Which local tax the occupations pay (not its amount): December's table says it.
    const das = dasMeiOf(`${year}-12`, input.activities)
    const pays = das.kind === 'known' ? das.das : null
    const kinds = (['commerce', 'industry', 'services'] as const).filter(
      (kind) => revenue[kind] > 0,
    )
    const parts = split(
      excess,
      kinds.map((kind) => revenue[kind]),
    )
    const lines = kinds.map((kind, index) => {
      const annex = ANNEX_OF[kind]
      // Anexo XI: an occupation that pays no ICMS (or no ISS) leaves that share out of the rate.
      const localNotDue =
        pays === null
          ? null
          : kind === 'services'
            ? pays.iss === 0
              ? 'ISS'
              : null
            : pays.icms === 0
              ? 'ICMS'
              : null
      const rate = firstBracketRate(annex, localNotDue)
      const part = parts[index]!
      return { kind, annex, excess: part, rate, amount: Math.floor((part * rate + 5_000) / 10_000) }
    })
    complementaryDas = {
      amount: lines.reduce((sum, line) => sum + line.amount, 0),
      dueDate: dasDueDate(`${year + 1}-01`),
      lines,
    }
  }
  const start = opensThisYear ? openedOn!.slice(0, 7) : `${year}-01`
  return {
    year,
    dueDate: dasnSimeiDueDate(year),
    total,
    limit,
    tolerance,
    excess,
    excessShare: limit === 0 ? 0 : Math.round((excess * 10_000) / limit),
    outcome,
    complementaryDas,
    meFrom:
      outcome === 'within'
        ? null
        : outcome === 'excess-up-to-20'
          ? `${year + 1}-01-01`
          : opensThisYear
            ? openedOn!
            : `${year}-01-01`,
    monthsToRecalculate: outcome === 'excess-over-20' ? monthsFrom(start, `${year}-12`) : [],
  }
}
