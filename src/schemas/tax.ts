import type { SimplesAnnex } from './cnae'

// The tax facts the product computes with, for the 2026 calendar year (DOMAIN.md), and the rules
// that use them. Every value is a named constant with its source in `taxFactSources`, and
// tests/unit/tax.test.ts names that source: next year's values are a one-line change each.
// Lives in src/schemas so the web app and the mock server share it (schemas import only schemas).

/** The calendar year the values below are in force for. */
export const TAX_YEAR = 2026

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
  /** Upper limit of RBT12 for the bracket, inclusive. */
  upTo: number
  /** Nominal rate (alíquota nominal), as a fraction. */
  nominalRate: number
  /** Amount to deduct (parcela a deduzir), in reais. */
  deduction: number
}

/** Annex III (services; Annex V activities when fator R ≥ 28 %). */
export const SIMPLES_ANNEX_III: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.06, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.112, deduction: 9_360 },
  { upTo: 720_000, nominalRate: 0.135, deduction: 17_640 },
  { upTo: 1_800_000, nominalRate: 0.16, deduction: 35_640 },
  { upTo: 3_600_000, nominalRate: 0.21, deduction: 125_640 },
  { upTo: 4_800_000, nominalRate: 0.33, deduction: 648_000 },
]

/** Annex V (intellectual services subject to the fator R). */
export const SIMPLES_ANNEX_V: readonly SimplesBracket[] = [
  { upTo: 180_000, nominalRate: 0.155, deduction: 0 },
  { upTo: 360_000, nominalRate: 0.18, deduction: 4_500 },
  { upTo: 720_000, nominalRate: 0.195, deduction: 9_900 },
  { upTo: 1_800_000, nominalRate: 0.205, deduction: 17_100 },
  { upTo: 3_600_000, nominalRate: 0.23, deduction: 62_100 },
  { upTo: 4_800_000, nominalRate: 0.305, deduction: 540_000 },
]

/** Nominal rate of the first bracket (up to R$ 180.000) of every annex, in percent. */
export const SIMPLES_FIRST_BAND_RATE: Record<SimplesAnnex, number> = {
  I: 4,
  II: 4.5,
  III: SIMPLES_ANNEX_III[0]!.nominalRate * 100,
  IV: 4.5,
  V: SIMPLES_ANNEX_V[0]!.nominalRate * 100,
}

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
  MEI_DAS_DUE_DAY: 'LC 123/2006, art. 21, III (vencimento no dia 20 do mês seguinte)',
  ME_ANNUAL_LIMIT: 'LC 123/2006, art. 3º, I (ME até R$ 360 mil)',
  SIMPLES_CEILING: 'LC 123/2006, art. 3º, II (EPP até R$ 4,8 milhões)',
  FATOR_R_THRESHOLD: 'LC 123/2006, art. 18, §§ 5º-J e 5º-M',
  FATOR_R_PAYROLL_CATEGORIES: 'LC 123/2006, art. 18, § 24 (folha de salários, incluídos encargos)',
  SIMPLES_ANNEX_III: 'LC 123/2006, Anexo III (redação da LC 155/2016)',
  SIMPLES_ANNEX_V: 'LC 123/2006, Anexo V (redação da LC 155/2016)',
  SIMPLES_FIRST_BAND_RATE: 'LC 123/2006, Anexos I a V, 1ª faixa (redação da LC 155/2016)',
  EFFECTIVE_RATE: 'LC 123/2006, art. 18, § 1º-A',
  RBT12_OPENING: 'LC 123/2006, art. 18, § 2º',
} as const

// Money is compared in whole cents and shares in whole percents, so that an edge like exactly
// 28 % is exact (0.28 has no exact binary form).
const cents = (value: number) => Math.round(value * 100)
const percent = (share: number) => Math.round(share * 100)

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
  Math.round((cents(limit) * (100 + percent(MEI_TOLERANCE))) / 100) / 100

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
  const used = cents(revenue)
  if (used > cents(meiToleranceFor(limit))) return 'over-beyond-tolerance'
  if (used > cents(limit)) return 'over-within-tolerance'
  if (used * 100 >= cents(limit) * percent(MEI_WARNING_SHARE)) return 'warning'
  return 'ok'
}

/** What a MEI's activities pay besides the INSS: ICMS (commerce, industry) and/or ISS (services). */
export interface MeiActivityKinds {
  commerceOrIndustry: boolean
  services: boolean
}

/**
 * Kind of a CNAE subclass for the DAS-MEI, by its division (first two digits): extraction and
 * industry (05–33) and commerce (45–47) pay ICMS; everything else is a service and pays ISS.
 */
export function meiActivityKindOf(cnaeCode: string): keyof MeiActivityKinds {
  const division = Number(cnaeCode.replace(/\D/g, '').slice(0, 2))
  return (division >= 5 && division <= 33) || (division >= 45 && division <= 47)
    ? 'commerceOrIndustry'
    : 'services'
}

/** The kinds of a company's activities (no activity known: services, the common MEI case). */
export function meiActivityKinds(cnaeCodes: readonly string[]): MeiActivityKinds {
  const kinds = new Set(cnaeCodes.map(meiActivityKindOf))
  if (kinds.size === 0) return { commerceOrIndustry: false, services: true }
  return { commerceOrIndustry: kinds.has('commerceOrIndustry'), services: kinds.has('services') }
}

export interface DasMei {
  inss: number
  icms: number
  iss: number
  total: number
}

/** The monthly DAS-MEI: 5 % INSS on the minimum wage plus ICMS and/or ISS by activity. */
export function dasMeiFor(kinds: MeiActivityKinds): DasMei {
  const inss = Math.round(MINIMUM_WAGE * MEI_INSS_RATE * 100) / 100
  const icms = kinds.commerceOrIndustry ? MEI_ICMS : 0
  const iss = kinds.services ? MEI_ISS : 0
  return { inss, icms, iss, total: (cents(inss) + cents(icms) + cents(iss)) / 100 }
}

/** Due date (`YYYY-MM-DD`) of the DAS-MEI of `month` (`YYYY-MM`): the 20th of the next month. */
export function dasMeiDueDate(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  const next = monthNumber === 12 ? { y: year + 1, m: 1 } : { y: year, m: monthNumber + 1 }
  return `${next.y}-${String(next.m).padStart(2, '0')}-${String(MEI_DAS_DUE_DAY).padStart(2, '0')}`
}

// ---- Simples Nacional rules ----

export type FatorRAnnex = Extract<SimplesAnnex, 'III' | 'V'>
const annexTables: Record<FatorRAnnex, readonly SimplesBracket[]> = {
  III: SIMPLES_ANNEX_III,
  V: SIMPLES_ANNEX_V,
}

export interface SimplesRate extends SimplesBracket {
  annex: FatorRAnnex
  /** 1-based bracket (faixa). */
  bracket: number
  /** `(RBT12 × nominal rate − deduction) / RBT12`, as a fraction. */
  effectiveRate: number
}

/**
 * The bracket and effective rate of `annex` for a revenue of the last 12 months. A company
 * without revenue yet pays the first bracket's nominal rate. Beyond R$ 4,8 mi there is no Simples
 * rate: `null`.
 */
export function simplesRateFor(rbt12: number, annex: FatorRAnnex): SimplesRate | null {
  const table = annexTables[annex]
  const revenue = Math.max(0, rbt12)
  const index = table.findIndex((bracket) => cents(revenue) <= cents(bracket.upTo))
  if (index < 0) return null
  const bracket = table[index]!
  const effectiveRate =
    revenue === 0
      ? bracket.nominalRate
      : (revenue * bracket.nominalRate - bracket.deduction) / revenue
  return { ...bracket, annex, bracket: index + 1, effectiveRate }
}

/** The effective rate alone (what the invoice form multiplies a value by); `null` past the ceiling. */
export const effectiveRate = (rbt12: number, annex: FatorRAnnex) =>
  simplesRateFor(rbt12, annex)?.effectiveRate ?? null

/** Estimated Simples tax on an amount at the effective rate of the company's RBT12. */
export function estimateSimplesTax(amount: number, rbt12: number, annex: FatorRAnnex) {
  const rate = effectiveRate(rbt12, annex)
  return rate === null ? null : Math.round(amount * rate * 100) / 100
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
  if (monthsOfActivity <= 0) return (cents(currentMonthRevenue) * 12) / 100
  return Math.round((cents(revenue) / monthsOfActivity) * 12) / 100
}

/** Fator R: payroll of the last 12 months over RBT12 (`null` without revenue). */
export const fatorR = (payroll12: number, rbt12: number) =>
  rbt12 > 0 ? Math.max(0, payroll12) / rbt12 : null

/** The annex an Annex V activity is taxed by: III at or above 28 % of fator R, V below it. */
export function annexByFatorR(payroll12: number, rbt12: number): FatorRAnnex {
  if (rbt12 <= 0) return 'V'
  return cents(payroll12) * 100 >= cents(rbt12) * percent(FATOR_R_THRESHOLD) ? 'III' : 'V'
}

/** Payroll still needed in the last 12 months to reach a fator R of 28 % (0 when reached). */
export function payrollToReachFatorR(payroll12: number, rbt12: number): number {
  const needed = Math.ceil((cents(rbt12) * percent(FATOR_R_THRESHOLD)) / 100) - cents(payroll12)
  return Math.max(0, needed) / 100
}
