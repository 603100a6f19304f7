import type { ActivityTax } from '../../schemas/cnae'
import { toCents } from '../money'
import { dasDueDate } from './calendar'
import { basisPointsOf, divideHalfUp } from './ratio'

// The MEI (microempreendedor individual) in 2026: its revenue limit and its fixed monthly DAS.
// Each value is a named constant with its source in `meiSources` (tests/unit/tax.test.ts).

/** Yearly gross revenue limit of a MEI. */
export const MEI_ANNUAL_LIMIT = 81_000
/** In the opening year, the limit per month from the opening month to December. */
export const MEI_MONTHLY_LIMIT = 6_750
/** How far over the limit a MEI may go and still leave MEI only from the next year (20 %). */
export const MEI_TOLERANCE = 0.2
/** Share of the limit from which the panel warns (a product decision, not law). */
export const MEI_WARNING_SHARE = 0.8
/** National minimum wage in 2026; the MEI's INSS is a share of it. */
export const MINIMUM_WAGE = 1_621
/** INSS of the MEI: 5 % of the minimum wage. */
export const MEI_INSS_RATE = 0.05
/** Fixed ICMS of a MEI in commerce or industry, per month. */
export const MEI_ICMS = 1
/** Fixed ISS of a MEI that provides services, per month. */
export const MEI_ISS = 5
/** The DAS-MEI of a month falls due on this day of the next month. */
export const MEI_DAS_DUE_DAY = 20

/** Where each MEI fact comes from. */
export const meiSources = {
  MEI_ANNUAL_LIMIT: 'LC 123/2006, art. 18-A, § 1º',
  MEI_MONTHLY_LIMIT: 'LC 123/2006, art. 18-A, § 2º',
  MEI_TOLERANCE: 'LC 123/2006, art. 18-A, § 7º, III e IV',
  MEI_WARNING_SHARE: 'decisão do produto (aviso a partir de 80 % do limite)',
  MINIMUM_WAGE: 'Decreto nº 12.797/2025 (salário mínimo de 2026)',
  MEI_INSS_RATE: 'LC 123/2006, art. 18-A, § 3º, V, a (5 % do salário mínimo)',
  MEI_ICMS: 'LC 123/2006, art. 18-A, § 3º, V, b',
  MEI_ISS: 'LC 123/2006, art. 18-A, § 3º, V, c',
  MEI_OCCUPATIONS:
    'Resolução CGSN nº 140/2018, Anexo XI (ocupações permitidas ao MEI, com ISS e ICMS de cada uma)',
  MEI_DAS_DUE_DAY:
    'LC 123/2006, art. 21, III, e Resolução CGSN nº 140/2018, art. 40, § 3º (dia 20 do mês seguinte; sem expediente bancário, o dia útil seguinte)',
} as const

/**
 * The MEI revenue limit of `year`: R$ 81.000, or in the opening year R$ 6.750 for each month from
 * the opening month to December (a started month counts whole). `openedOn` is `YYYY-MM-DD`.
 */
export function meiLimitFor(year: number, openedOn?: string | null): number {
  if (!openedOn || Number(openedOn.slice(0, 4)) !== year) return MEI_ANNUAL_LIMIT
  const openingMonth = Number(openedOn.slice(5, 7))
  return MEI_MONTHLY_LIMIT * (12 - openingMonth + 1)
}

/** Revenue up to which going over the limit still keeps MEI until December (limit + 20 %). */
export const meiToleranceFor = (limit: number) =>
  divideHalfUp(BigInt(toCents(limit) * (10_000 + basisPointsOf(MEI_TOLERANCE))), 10_000n) / 100

/** Revenue from which the panel warns (80 % of the limit), to the cent. */
export const meiWarningFrom = (limit: number) =>
  divideHalfUp(BigInt(toCents(limit) * basisPointsOf(MEI_WARNING_SHARE)), 10_000n) / 100

/** How much a revenue is over the MEI limit (0 when it is not), to the cent. */
export const meiExcess = (revenue: number, limit: number) =>
  Math.max(0, toCents(revenue) - toCents(limit)) / 100

/**
 * Where a MEI's revenue of the year stands:
 * - `ok`: below the warning share;
 * - `warning`: from 80 % up to the limit;
 * - `over-within-tolerance`: over by at most 20 %: leaves MEI from 1 January of the next year and
 *   pays the excess through a DAS;
 * - `over-beyond-tolerance`: over by more than 20 %: taken out of MEI back to 1 January (or to the
 *   opening month in the opening year).
 */
export type MeiStanding = 'ok' | 'warning' | 'over-within-tolerance' | 'over-beyond-tolerance'

export function meiStanding(revenue: number, limit: number): MeiStanding {
  const used = toCents(revenue)
  if (used > toCents(meiToleranceFor(limit))) return 'over-beyond-tolerance'
  if (used > toCents(limit)) return 'over-within-tolerance'
  if (used * 10_000 >= toCents(limit) * basisPointsOf(MEI_WARNING_SHARE)) return 'warning'
  return 'ok'
}

/** What a MEI pays besides the INSS: ICMS (commerce, industry, intercity transport) and/or ISS. */
export interface MeiTaxes {
  icms: boolean
  iss: boolean
}

export interface DasMei {
  inss: number
  icms: number
  iss: number
  total: number
}

/** The monthly DAS-MEI: 5 % INSS on the minimum wage plus the fixed ICMS and/or ISS. */
export function dasMeiFor(taxes: MeiTaxes): DasMei {
  const inss = divideHalfUp(BigInt(toCents(MINIMUM_WAGE) * basisPointsOf(MEI_INSS_RATE)), 10_000n)
  const icms = taxes.icms ? toCents(MEI_ICMS) : 0
  const iss = taxes.iss ? toCents(MEI_ISS) : 0
  return { inss: inss / 100, icms: icms / 100, iss: iss / 100, total: (inss + icms + iss) / 100 }
}

/**
 * The DAS-MEI of a company from its activities, by the occupations of Anexo XI (each occupation
 * says whether it pays ICMS, ISS, both or neither; the company pays each at most once):
 * - `known`: one amount, whatever occupation of each activity was registered;
 * - `depends`: the activities' occupations disagree (e.g. 2532-2/01: funileiro pays ICMS only,
 *   the metal stamper ICMS and ISS), so the amount depends on the occupation registered — each
 *   possible amount, lowest first;
 * - `unknown`: an activity is not a MEI occupation of the table, or the table does not say what
 *   its occupation pays (e.g. the autonomous truck driver, a newer occupation).
 */
export type DasMeiEstimate =
  | { kind: 'known'; das: DasMei }
  | { kind: 'depends'; options: DasMei[]; activities: ActivityTax[] }
  | { kind: 'unknown'; activities: ActivityTax[] }

export function dasMeiOf(activities: readonly ActivityTax[]): DasMeiEstimate {
  const unknown = activities.filter(
    (activity) =>
      activity.meiOccupations.length === 0 ||
      activity.meiOccupations.some((o) => o.icms === null || o.iss === null),
  )
  if (activities.length === 0 || unknown.length > 0) return { kind: 'unknown', activities: unknown }
  // Every combination of one occupation per activity, folded into what the company pays.
  let combinations = new Set(['--'])
  const undecided: ActivityTax[] = []
  for (const activity of activities) {
    const own = new Set(
      activity.meiOccupations.map((o) => `${o.icms ? 'C' : '-'}${o.iss ? 'S' : '-'}`),
    )
    if (own.size > 1) undecided.push(activity)
    const next = new Set<string>()
    for (const sum of combinations)
      for (const pair of own)
        next.add(
          `${sum[0] === 'C' || pair[0] === 'C' ? 'C' : '-'}${sum[1] === 'S' || pair[1] === 'S' ? 'S' : '-'}`,
        )
    combinations = next
  }
  const options = [...combinations]
    .map((pair) => dasMeiFor({ icms: pair[0] === 'C', iss: pair[1] === 'S' }))
    .sort((a, b) => a.total - b.total)
  return options.length === 1
    ? { kind: 'known', das: options[0]! }
    : { kind: 'depends', options, activities: undecided }
}

/**
 * Due date (`YYYY-MM-DD`) of the DAS-MEI of `month` (`YYYY-MM`): the 20th of the next month, or
 * the next business day when banks do not open on it (as every DAS: calendar.ts).
 */
export const dasMeiDueDate = (month: string) => dasDueDate(month)
