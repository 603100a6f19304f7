import { dasnSimeiDueDate, defisDueDate, monthsOrFractionLate } from './dates'

// The fines for a yearly declaration delivered late: the DEFIS (Res. CGSN 140/2018, art. 97-A,
// by Res. CGSN 183/2025, first applied to the DEFIS of 2025) and the DASN-SIMEI (LC 123/2006,
// art. 38-A: 2 % a month on the taxes declared, the DAS on an excess included, at most 20 %, half
// before any notice, at least R$ 50,00). Amounts in cents, rates in basis points.

export const fineSources = {
  DEFIS_FINE:
    'Resolução CGSN nº 140/2018, art. 97-A (redação da Resolução CGSN nº 183/2025): 2 % ao mês-calendário ou fração sobre os tributos declarados, até 20 %, mínimo de R$ 200,00; 50 % de redução se entregue antes de qualquer procedimento de ofício',
  DEFIS_FINE_FIRST_YEAR:
    'Resolução CGSN nº 183/2025 (multa da DEFIS aplicada a partir da DEFIS do ano-calendário 2025)',
  DASN_SIMEI_FINE:
    'LC 123/2006, art. 38-A: 2 % ao mês-calendário ou fração sobre os tributos declarados (o DAS do excesso incluído), até 20 %, mínimo de R$ 50,00; 50 % de redução se entregue antes de qualquer procedimento de ofício',
} as const

/** 2 % a month or fraction. */
export const LATE_FINE_MONTHLY_RATE = 200
/** Both fines stop at 20 % of the taxes declared. */
export const LATE_FINE_CAP = 2_000
/** The DEFIS's smallest fine (not reduced). */
export const DEFIS_FINE_MINIMUM = 20_000
/** Delivered before any notice from the tax authority: half the fine. */
export const LATE_FINE_REDUCTION = 5_000
/** The first DEFIS the fine of art. 97-A applies to. */
export const DEFIS_FINE_FIRST_YEAR = 2025
/** The DASN-SIMEI's smallest fine. */
export const DASN_SIMEI_FINE_MINIMUM = 5_000

export interface LateFine {
  dueDate: string
  deliveredOn: string
  /** Months or fractions late. */
  months: number
  /** The taxes declared the fine is a share of (cents). */
  taxes: number
  /** Basis points before any cap. */
  rate: number
  /** 2 % × months × taxes, capped (cents). */
  gross: number
  /** What the reduction takes off (cents). */
  reduction: number
  /** Raised to the minimum where it applies. */
  minimum: number
  fine: number
}

const onTaxes = (taxes: number, basisPoints: number) =>
  Math.floor((taxes * basisPoints + 5_000) / 10_000)

/** A fine of 2 % a month or fraction late on the taxes declared: capped, halved, at least a minimum. */
function lateFine(
  dueDate: string,
  deliveredOn: string,
  taxes: number,
  minimum: number,
  beforeNotice: boolean,
): LateFine | null {
  const months = monthsOrFractionLate(dueDate, deliveredOn)
  if (months === 0) return null
  const rate = months * LATE_FINE_MONTHLY_RATE
  const gross = onTaxes(taxes, Math.min(rate, LATE_FINE_CAP))
  const reduction = beforeNotice ? gross - onTaxes(gross, 10_000 - LATE_FINE_REDUCTION) : 0
  // The minimum is not reduced.
  const fine = Math.max(gross - reduction, minimum)
  return { dueDate, deliveredOn, months, taxes, rate, gross, reduction, minimum, fine }
}

/**
 * The DEFIS's late fine delivered on `deliveredOn`: 2 % a month or fraction from 1 April on the
 * taxes declared (the year's DAS), at most 20 %, half if delivered before any notice, at least
 * R$ 200,00 (the minimum not reduced). DAS R$ 60.300,00 delivered 15/05/2027 → R$ 1.206,00.
 * Null when not late, or for a year before the rule (2025).
 */
export const defisLateFine = (
  year: number,
  taxes: number,
  deliveredOn: string,
  beforeNotice = true,
) =>
  year < DEFIS_FINE_FIRST_YEAR
    ? null
    : lateFine(defisDueDate(year), deliveredOn, taxes, DEFIS_FINE_MINIMUM, beforeNotice)

/**
 * The DASN-SIMEI's late fine: 2 % a month or fraction from 1 June on the taxes declared (the
 * year's DAS-MEI and the DAS on an excess), at most 20 %, half before any notice, at least
 * R$ 50,00. Null when not late.
 */
export const dasnSimeiLateFine = (
  year: number,
  taxes: number,
  deliveredOn: string,
  beforeNotice = true,
) => lateFine(dasnSimeiDueDate(year), deliveredOn, taxes, DASN_SIMEI_FINE_MINIMUM, beforeNotice)
