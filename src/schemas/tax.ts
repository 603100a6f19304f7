import type { ActivityTax, SimplesAnnex } from './cnae'
import { toCents } from './money'

// The tax facts the product computes with, for the 2026 calendar year (DOMAIN.md), and the rules
// that use them. Every value is a named constant with its source in `taxFactSources`, and
// tests/unit/tax.test.ts names that source: next year's values are a one-line change each.
// Lives in src/schemas so the web app and the mock server share it (schemas import only schemas).

/** The calendar year the values below are in force for. */
export const TAX_YEAR = 2026

// Every computation below works in whole cents and whole basis points (integers), so that an
// edge like exactly 28 % or R$ 180.000,00 is exact and half a cent rounds the way the law's
// arithmetic does, not the way a binary fraction happens to fall (0.28 has no exact binary form).

/** A rate as a fraction (0.112) to whole basis points (1120). */
const basisPoints = (rate: number) => Math.round(rate * 10_000)
/** `numerator / denominator` rounded half up, for non-negative integers (BigInt: no overflow). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n))
}

// ---- MEI (microempreendedor individual) ----

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

// ---- Simples Nacional ----

/** Yearly revenue limit of a microempresa (ME); above it, up to the ceiling, an EPP. */
export const ME_ANNUAL_LIMIT = 360_000
/** Ceiling of the Simples Nacional: revenue of the last 12 months (RBT12). */
export const SIMPLES_CEILING = 4_800_000
/** Fator R from which an Annex V activity is taxed by Annex III (28 %). */
export const FATOR_R_THRESHOLD = 0.28
/**
 * Bank-transaction categories (fixtures/finance/tax-categories.json) that make the payroll of the
 * fator R: pró-labore, salaries, FGTS and the INSS paid on them.
 */
export const FATOR_R_PAYROLL_CATEGORIES = [
  'pro-labore',
  'folha-salarios',
  'folha-encargos',
  'impostos-inss',
] as const

export interface SimplesBracket {
  /** Upper limit of RBT12 for the bracket, inclusive, in reais. */
  upTo: number
  /** Nominal rate (alíquota nominal), as a fraction; a whole number of basis points. */
  nominalRate: number
  /** Amount to deduct (parcela a deduzir), in reais. */
  deduction: number
}

// The five annexes of LC 123/2006 as amended by LC 155/2016 (in force since 1 January 2018):
// bracket upper limit, nominal rate, deduction.

/** Annex I: commerce (resale of goods), restaurants and snack bars. */
export const SIMPLES_ANNEX_I: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.04, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.073, deduction: 5_940 },
  { upTo: 720_000, nominalRate: 0.095, deduction: 13_860 },
  { upTo: 1_800_000, nominalRate: 0.107, deduction: 22_500 },
  { upTo: 3_600_000, nominalRate: 0.143, deduction: 87_300 },
  { upTo: 4_800_000, nominalRate: 0.19, deduction: 378_000 },
]

/** Annex II: industry (goods the company makes). */
export const SIMPLES_ANNEX_II: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.045, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.078, deduction: 5_940 },
  { upTo: 720_000, nominalRate: 0.1, deduction: 13_860 },
  { upTo: 1_800_000, nominalRate: 0.112, deduction: 22_500 },
  { upTo: 3_600_000, nominalRate: 0.147, deduction: 85_500 },
  { upTo: 4_800_000, nominalRate: 0.3, deduction: 720_000 },
]

/** Annex III (services; Annex V activities when fator R ≥ 28 %). */
export const SIMPLES_ANNEX_III: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.06, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.112, deduction: 9_360 },
  { upTo: 720_000, nominalRate: 0.135, deduction: 17_640 },
  { upTo: 1_800_000, nominalRate: 0.16, deduction: 35_640 },
  { upTo: 3_600_000, nominalRate: 0.21, deduction: 125_640 },
  { upTo: 4_800_000, nominalRate: 0.33, deduction: 648_000 },
]

/**
 * Annex IV: construction, cleaning, security, law firms. The employer's social security (CPP)
 * is not in the DAS: the company pays it apart, on payroll and pró-labore.
 */
export const SIMPLES_ANNEX_IV: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.045, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.09, deduction: 8_100 },
  { upTo: 720_000, nominalRate: 0.102, deduction: 12_420 },
  { upTo: 1_800_000, nominalRate: 0.14, deduction: 39_780 },
  { upTo: 3_600_000, nominalRate: 0.22, deduction: 183_780 },
  { upTo: 4_800_000, nominalRate: 0.33, deduction: 828_000 },
]

/** Annex V (intellectual services subject to the fator R, below 28 %). */
export const SIMPLES_ANNEX_V: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.155, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.18, deduction: 4_500 },
  { upTo: 720_000, nominalRate: 0.195, deduction: 9_900 },
  { upTo: 1_800_000, nominalRate: 0.205, deduction: 17_100 },
  { upTo: 3_600_000, nominalRate: 0.23, deduction: 62_100 },
  { upTo: 4_800_000, nominalRate: 0.305, deduction: 540_000 },
]

/** Every annex's table, by annex. */
export const SIMPLES_ANNEXES: Record<SimplesAnnex, readonly SimplesBracket[]> = {
  I: SIMPLES_ANNEX_I,
  II: SIMPLES_ANNEX_II,
  III: SIMPLES_ANNEX_III,
  IV: SIMPLES_ANNEX_IV,
  V: SIMPLES_ANNEX_V,
}

/** Nominal rate of the first bracket (up to R$ 180.000) of every annex, in percent. */
export const SIMPLES_FIRST_BAND_RATE = Object.fromEntries(
  Object.entries(SIMPLES_ANNEXES).map(([annex, table]) => [
    annex,
    basisPoints(table[0]!.nominalRate) / 100,
  ]),
) as Record<SimplesAnnex, number>

/** Where each fact above comes from (the tests name these). */
export const taxFactSources = {
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
  MEI_DAS_DUE_DAY: 'LC 123/2006, art. 21, III (vencimento no dia 20 do mês seguinte)',
  ME_ANNUAL_LIMIT: 'LC 123/2006, art. 3º, I (ME até R$ 360 mil)',
  SIMPLES_CEILING: 'LC 123/2006, art. 3º, II (EPP até R$ 4,8 milhões)',
  FATOR_R_THRESHOLD: 'LC 123/2006, art. 18, §§ 5º-J e 5º-M',
  FATOR_R_PAYROLL_CATEGORIES: 'LC 123/2006, art. 18, § 24 (folha de salários, incluídos encargos)',
  SIMPLES_ANNEX_I: 'LC 123/2006, Anexo I (redação da LC 155/2016)',
  SIMPLES_ANNEX_II: 'LC 123/2006, Anexo II (redação da LC 155/2016)',
  SIMPLES_ANNEX_III: 'LC 123/2006, Anexo III (redação da LC 155/2016)',
  SIMPLES_ANNEX_IV: 'LC 123/2006, Anexo IV (redação da LC 155/2016)',
  SIMPLES_ANNEX_V: 'LC 123/2006, Anexo V (redação da LC 155/2016)',
  SIMPLES_FIRST_BAND_RATE: 'LC 123/2006, Anexos I a V, 1ª faixa (redação da LC 155/2016)',
  ANNEX_BY_ACTIVITY:
    'LC 123/2006, art. 18, §§ 4º e 4º-A (cada receita é tributada no anexo da sua atividade)',
  ANNEX_IV_CPP:
    'LC 123/2006, art. 13, VI, e art. 18, § 5º-C (no Anexo IV a CPP é recolhida fora do DAS)',
  EFFECTIVE_RATE: 'LC 123/2006, art. 18, § 1º-A',
  RBT12_OPENING: 'LC 123/2006, art. 18, § 2º',
} as const

// ---- MEI rules ----

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
  divideHalfUp(BigInt(toCents(limit) * (10_000 + basisPoints(MEI_TOLERANCE))), 10_000n) / 100

/** Revenue from which the panel warns (80 % of the limit), to the cent. */
export const meiWarningFrom = (limit: number) =>
  divideHalfUp(BigInt(toCents(limit) * basisPoints(MEI_WARNING_SHARE)), 10_000n) / 100

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
  if (used * 10_000 >= toCents(limit) * basisPoints(MEI_WARNING_SHARE)) return 'warning'
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
  const inss = divideHalfUp(BigInt(toCents(MINIMUM_WAGE) * basisPoints(MEI_INSS_RATE)), 10_000n)
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

/** Due date (`YYYY-MM-DD`) of the DAS-MEI of `month` (`YYYY-MM`): the 20th of the next month. */
export function dasMeiDueDate(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const next = monthNumber === 12 ? { y: year + 1, m: 1 } : { y: year, m: monthNumber + 1 }
  return `${next.y}-${String(next.m).padStart(2, '0')}-${String(MEI_DAS_DUE_DAY).padStart(2, '0')}`
}

// ---- Simples Nacional rules ----

export interface SimplesRate extends SimplesBracket {
  annex: SimplesAnnex
  /** 1-based bracket (faixa). */
  bracket: number
  /**
   * `(RBT12 × nominal rate − deduction) / RBT12`, as a fraction (for display: the tax itself is
   * worked out from the exact ratio by `simplesTaxOn`).
   */
  effectiveRate: number
  /** The exact effective rate as a ratio of integers: `numerator / denominator`. */
  exact: { numerator: bigint; denominator: bigint }
}

/**
 * The bracket and effective rate of `annex` for a revenue of the last 12 months (reais). A
 * company without revenue yet pays the first bracket's nominal rate. Beyond R$ 4,8 mi there is
 * no Simples rate: `null`.
 */
export function simplesRateFor(rbt12: number, annex: SimplesAnnex): SimplesRate | null {
  const table = SIMPLES_ANNEXES[annex]
  const revenue = Math.max(0, toCents(rbt12))
  const index = table.findIndex((bracket) => revenue <= toCents(bracket.upTo))
  if (index < 0) return null
  const bracket = table[index]!
  const rate = BigInt(basisPoints(bracket.nominalRate))
  const exact =
    revenue === 0
      ? { numerator: rate, denominator: 10_000n }
      : {
          numerator: BigInt(revenue) * rate - BigInt(toCents(bracket.deduction)) * 10_000n,
          denominator: BigInt(revenue) * 10_000n,
        }
  const effectiveRate = Number(exact.numerator) / Number(exact.denominator)
  return { ...bracket, annex, bracket: index + 1, effectiveRate, exact }
}

/** The tax on an amount (reais) at an effective rate, in reais, rounded half up to the cent. */
export function simplesTaxOn(amount: number, rate: SimplesRate): number {
  const amountCents = BigInt(Math.max(0, toCents(amount)))
  return divideHalfUp(amountCents * rate.exact.numerator, rate.exact.denominator) / 100
}

/**
 * RBT12 of a company that has not yet completed 12 months: the revenue of its months of activity
 * scaled to 12 months; in its opening month (no month before), that month's own revenue × 12.
 */
export function proportionalRbt12(
  revenue: number,
  monthsOfActivity: number,
  currentMonthRevenue = 0,
): number {
  if (monthsOfActivity >= 12) return revenue
  if (monthsOfActivity <= 0) return (toCents(currentMonthRevenue) * 12) / 100
  return divideHalfUp(BigInt(toCents(revenue) * 12), BigInt(monthsOfActivity)) / 100
}

/** Whether the payroll of the last 12 months reaches 28 % of RBT12 (exact, in cents). */
export function fatorRReached(payroll12: number, rbt12: number): boolean {
  if (rbt12 <= 0) return false
  return toCents(payroll12) * 10_000 >= toCents(rbt12) * basisPoints(FATOR_R_THRESHOLD)
}

/**
 * The fator R to show, as a fraction cut (not rounded) to hundredths of a percent, so the figure
 * never contradicts the verdict: 27,999 % shows 27,99 %, below the 28 % line it is under.
 * `null` without revenue.
 */
export function fatorRShown(payroll12: number, rbt12: number): number | null {
  if (rbt12 <= 0) return null
  const hundredthsOfPercent =
    (BigInt(Math.max(0, toCents(payroll12))) * 10_000n) / BigInt(toCents(rbt12))
  return Number(hundredthsOfPercent) / 10_000
}

/** A yearly amount spread over 12 months, rounded up to the cent (so 12 of them reach it). */
export const perMonthRoundedUp = (yearly: number) => Math.ceil(toCents(yearly) / 12) / 100

/** Payroll still needed in the last 12 months to reach a fator R of 28 % (0 when reached). */
export function payrollToReachFatorR(payroll12: number, rbt12: number): number {
  const target = BigInt(toCents(rbt12)) * BigInt(basisPoints(FATOR_R_THRESHOLD))
  // Rounded up to the cent: a cent less would stay below the line.
  const needed = Number((target + 9_999n) / 10_000n) - toCents(payroll12)
  return Math.max(0, needed) / 100
}

/**
 * Where one activity's revenue is taxed (LC 123/2006, art. 18, §§ 4º, 5º-B to 5º-I, from the
 * curated classification of the CNAE data):
 * - `annex`: always this annex, or (`byFatorR`) Annex III or V as the fator R decides;
 * - `by-revenue`: resale goes to Annex I, the company's own production to Annex II — each
 *   revenue is declared in its annex, so no single annex can be named;
 * - `barred`: an activity that cannot opt for the Simples Nacional;
 * - `unknown`: not in the classification: the product does not guess an annex.
 */
export type ActivityAnnex =
  | { kind: 'annex'; annex: SimplesAnnex; byFatorR: boolean }
  | { kind: 'by-revenue'; annexes: SimplesAnnex[] }
  | { kind: 'barred' }
  | { kind: 'unknown' }

export function annexOfActivity(activity: ActivityTax, fatorR: boolean): ActivityAnnex {
  const annexes = activity.simplesAnnexes
  if (annexes === null) return { kind: 'unknown' }
  if (annexes.length === 0) return { kind: 'barred' }
  if (activity.fatorR) return { kind: 'annex', annex: fatorR ? 'III' : 'V', byFatorR: true }
  if (annexes.length === 1) return { kind: 'annex', annex: annexes[0]!, byFatorR: false }
  return { kind: 'by-revenue', annexes: [...annexes] }
}

/** The annexes of a company: each activity (main first) with where its revenue is taxed. */
export interface CompanyAnnexes {
  activities: { activity: ActivityTax; annex: ActivityAnnex }[]
  /** The distinct annexes the company's classified activities fall in, in annex order. */
  annexes: SimplesAnnex[]
  /** Whether any activity is subject to the fator R (the panel then shows it). */
  subjectToFatorR: boolean
  /**
   * The annex an estimate of the company's revenue uses: the one annex of all its activities, or
   * else the main activity's (`fromMainActivity`); `null` when the main activity has none.
   */
  estimate: { annex: SimplesAnnex; fromMainActivity: boolean } | null
}

export function companyAnnexes(
  activities: readonly ActivityTax[],
  payroll12: number,
  rbt12: number,
): CompanyAnnexes {
  const reached = fatorRReached(payroll12, rbt12)
  const placed = activities.map((activity) => ({
    activity,
    annex: annexOfActivity(activity, reached),
  }))
  const annexes = new Set<SimplesAnnex>()
  for (const { annex } of placed)
    if (annex.kind === 'annex') annexes.add(annex.annex)
    else if (annex.kind === 'by-revenue') annex.annexes.forEach((a) => annexes.add(a))
  const ordered = (Object.keys(SIMPLES_ANNEXES) as SimplesAnnex[]).filter((a) => annexes.has(a))
  const main = placed[0]?.annex
  const allOne =
    ordered.length === 1 && placed.every(({ annex }) => annex.kind === 'annex') ? ordered[0]! : null
  return {
    activities: placed,
    annexes: ordered,
    subjectToFatorR: activities.some(
      (activity) => activity.fatorR && activity.simplesAnnexes?.length,
    ),
    estimate: allOne
      ? { annex: allOne, fromMainActivity: false }
      : main?.kind === 'annex'
        ? { annex: main.annex, fromMainActivity: true }
        : null,
  }
}
