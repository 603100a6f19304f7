import type { SimplesAnnex } from '../../../schemas/cnae'
import { allocate, ratio } from '../ratio'

// The profits a partner of a Simples Nacional ME or EPP may receive free of income tax (LC
// 123/2006, art. 14): the presumption rate of Lei 9.249/1995, art. 15, applied to each activity's
// gross revenue, less the IRPJ share of the DAS of the same period (Res. CGSN 140/2018, art. 145,
// § 1º; SC Cosit 244/2025) — or the accounting profit, when books show a higher one (§ 2º). LC
// 123's own text deducts "the amount due in the Simples" (the whole DAS): that stricter reading is
// shown beside it. Amounts in cents; rates in basis points.

export const profitSources = {
  EXEMPT_PROFITS:
    'LC 123/2006, art. 14, § 1º; Resolução CGSN nº 140/2018, art. 145, § 1º; Solução de Consulta Cosit nº 244/2025 (presunção da Lei 9.249/1995, art. 15, menos o IRPJ do DAS)',
  BOOKS:
    'LC 123/2006, art. 14, § 2º; Resolução CGSN nº 140/2018, art. 145, § 2º (lucro contábil maior que o limite)',
  LITERAL:
    'LC 123/2006, art. 14, § 1º (texto da lei: "deduzido do valor devido na forma do Simples Nacional no período")',
  PRESUMPTION_GENERAL: 'Lei nº 9.249/1995, art. 15, caput (8 %: comércio, indústria)',
  PRESUMPTION_FUEL:
    'Lei nº 9.249/1995, art. 15, § 1º, I (1,6 %: revenda de combustíveis para consumo)',
  PRESUMPTION_PASSENGERS:
    'Lei nº 9.249/1995, art. 15, § 1º, II (16 %: transporte, exceto o de carga)',
  PRESUMPTION_CARGO: 'Lei nº 9.249/1995, art. 15, caput e § 1º, II (8 %: transporte de carga)',
  PRESUMPTION_HOSPITAL:
    'Lei nº 9.249/1995, art. 15, § 1º, III, "a" (8 %: serviços hospitalares e de auxílio diagnóstico, em sociedade empresária)',
  PRESUMPTION_SERVICES:
    'Lei nº 9.249/1995, art. 15, § 1º, III (32 %: prestação de serviços em geral)',
} as const

export type PresumptionKind =
  'commerce-industry' | 'fuel' | 'passenger-transport' | 'cargo-transport' | 'hospital' | 'services'

/** The presumption rates of Lei 9.249/1995, art. 15, in basis points. */
export const PRESUMPTION_RATES: Readonly<Record<PresumptionKind, number>> = {
  'commerce-industry': 800,
  fuel: 160,
  'passenger-transport': 1_600,
  'cargo-transport': 800,
  hospital: 800,
  services: 3_200,
}

const PRESUMPTION_SOURCE: Record<PresumptionKind, string> = {
  'commerce-industry': profitSources.PRESUMPTION_GENERAL,
  fuel: profitSources.PRESUMPTION_FUEL,
  'passenger-transport': profitSources.PRESUMPTION_PASSENGERS,
  'cargo-transport': profitSources.PRESUMPTION_CARGO,
  hospital: profitSources.PRESUMPTION_HOSPITAL,
  services: profitSources.PRESUMPTION_SERVICES,
}

export const presumptionLabels: Record<PresumptionKind, string> = {
  'commerce-industry': 'Comércio e indústria',
  fuel: 'Revenda de combustíveis',
  'passenger-transport': 'Transporte de passageiros',
  'cargo-transport': 'Transporte de carga',
  hospital: 'Serviços hospitalares',
  services: 'Serviços em geral',
}

// CNAE 2.3 subclasses (7 digits) and classes (first 4 digits) the rates other than the annex's
// general one apply to.
/** Retail and wholesale of fuels, LPG included (§ 1º, I). */
const FUEL = ['4731800', '4784900', '4681801', '4681802', '4681803', '4681804', '4681805']
/** Passenger transport by land, water and air (§ 1º, II). */
const PASSENGERS = {
  classes: ['4912', '4921', '4922', '4923', '4924', '4929', '4950', '5022', '5091', '5099', '5111'],
  subclasses: ['5011402', '5012202', '5021102', '5112901'],
}
/** Cargo transport (the general 8 %). */
const CARGO = {
  classes: ['4911', '4930', '4940', '5030', '5120'],
  subclasses: ['5011401', '5012201', '5021101', '5112999'],
}
/** Hospitals and diagnostic support (§ 1º, III, "a"): only a sociedade empresária. */
const HOSPITAL = { classes: ['8610', '8640'] }

const inGroup = (cnae: string, group: { classes?: string[]; subclasses?: string[] }) =>
  (group.classes ?? []).includes(cnae.slice(0, 4)) || (group.subclasses ?? []).includes(cnae)

/**
 * The presumption kind of an activity's revenue in an annex: the CNAE's own rate where the law
 * names it (fuel, transport, hospital), else the annex's — 8 % for commerce (I) and industry
 * (II), 32 % for the services of Annexes III to V. A hospital's 8 % needs a sociedade empresária:
 * a sociedade simples (`simple_partnership`) stays at 32 %.
 */
export function presumptionOf(
  cnae: string,
  annex: SimplesAnnex,
  companyType?: string | null,
): { kind: PresumptionKind; rate: number; source: string } {
  const kind: PresumptionKind = FUEL.includes(cnae)
    ? 'fuel'
    : inGroup(cnae, PASSENGERS)
      ? 'passenger-transport'
      : inGroup(cnae, CARGO)
        ? 'cargo-transport'
        : inGroup(cnae, HOSPITAL) && companyType !== 'simple_partnership'
          ? 'hospital'
          : annex === 'I' || annex === 'II'
            ? 'commerce-industry'
            : 'services'
  return { kind, rate: PRESUMPTION_RATES[kind], source: PRESUMPTION_SOURCE[kind] }
}

/** Construction (CNAE divisions 41 to 43): 8 % only for a contract with all materials supplied. */
export const isConstruction = (cnae: string) => ['41', '42', '43'].includes(cnae.slice(0, 2))

/** One activity's revenue and IRPJ over the months used, in cents. */
export interface ActivityPeriod {
  cnae: string
  text: string
  annex: SimplesAnnex
  revenue: number
  irpj: number
}

export interface ExemptProfitsInput {
  activities: readonly ActivityPeriod[]
  /** The whole DAS of the months used (the literal reading deducts it all). */
  das: number
  /** The accounting profit the books show for the period, if the accountant recorded one. */
  booksProfit?: number | null
  companyType?: string | null
}

export interface ActivityPresumption extends ActivityPeriod {
  kind: PresumptionKind
  /** Basis points. */
  rate: number
  /** Revenue × rate, in cents (rounded half up per activity). */
  presumed: number
}

export interface ExemptProfits {
  revenue: number
  presumed: number
  /** The presumed profit over the revenue, in basis points (the rate when one activity). */
  presumptionRate: number
  irpj: number
  das: number
  /** Presumption less the IRPJ share of the DAS (never below zero). */
  presumedLimit: number
  /** Presumption less the whole DAS: LC 123's literal text. */
  literalLimit: number
  booksProfit: number | null
  /** `books` when the books show more than the presumed limit (§ 2º); else `presumption`. */
  basis: 'presumption' | 'books'
  exemptLimit: number
  activities: ActivityPresumption[]
}

/** `cents × basisPoints / 10 000`, half up. */
const share = (cents: number, basisPoints: number) => {
  const scaled = cents * basisPoints
  return Math.floor((scaled + 5_000) / 10_000)
}

/** The profits a partner may receive exempt over a period (cents). */
export function exemptProfits(input: ExemptProfitsInput): ExemptProfits {
  const activities = input.activities.map((activity) => {
    const presumption = presumptionOf(activity.cnae, activity.annex, input.companyType)
    return {
      ...activity,
      kind: presumption.kind,
      rate: presumption.rate,
      presumed: share(activity.revenue, presumption.rate),
    }
  })
  const revenue = activities.reduce((total, a) => total + a.revenue, 0)
  const presumed = activities.reduce((total, a) => total + a.presumed, 0)
  const irpj = activities.reduce((total, a) => total + a.irpj, 0)
  const presumedLimit = Math.max(0, presumed - irpj)
  const literalLimit = Math.max(0, presumed - input.das)
  const booksProfit = input.booksProfit ?? null
  const basis = booksProfit !== null && booksProfit > presumedLimit ? 'books' : 'presumption'
  return {
    revenue,
    presumed,
    presumptionRate: revenue === 0 ? 0 : Math.round((presumed * 10_000) / revenue),
    irpj,
    das: input.das,
    presumedLimit,
    literalLimit,
    booksProfit,
    basis,
    exemptLimit: basis === 'books' ? booksProfit! : presumedLimit,
    activities,
  }
}

/**
 * How the exempt limit splits among the partners who received profits: each partner's exempt
 * part in proportion to what they received, when the company distributed more than the limit
 * (the excess is the partner's taxable income); everything exempt otherwise. Cents; the parts add
 * up to the limit exactly (largest remainders).
 */
export function exemptShares(
  received: readonly { partnerId: string; amount: number }[],
  limit: number,
): { partnerId: string; amount: number; exempt: number; taxable: number }[] {
  const total = received.reduce((sum, row) => sum + row.amount, 0)
  if (total <= limit) return received.map((row) => ({ ...row, exempt: row.amount, taxable: 0 }))
  const floors = allocate(
    BigInt(limit),
    received.map((row) => ratio(row.amount)),
  ).map(Number)
  return received.map((row, index) => ({
    ...row,
    exempt: floors[index]!,
    taxable: row.amount - floors[index]!,
  }))
}
