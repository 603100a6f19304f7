// The Simples Nacional's yearly limits and what going over them does: the R$ 4,8 mi ceiling and
// the R$ 3,6 mi sublimit of ICMS and ISS, made proportional in the year the company starts
// (R$ 400 mil and R$ 300 mil for each month from the start to December, a started month counted
// whole), and the tolerance of 20 %: up to it the effect waits for the next year; beyond it the
// effect starts the next month — or, in the opening year, goes back to the start of activity.
// Measured on the revenue of the calendar year (RBA), not on RBT12. Amounts in cents.

/** The ceiling of an EPP: R$ 4,8 mi a year. */
export const CEILING = 480_000_000
/** The sublimit of ICMS and ISS: R$ 3,6 mi a year in every State in 2026. */
export const SUBLIMIT = 360_000_000
/** In the opening year, per month of activity: R$ 400 mil and R$ 300 mil. */
export const OPENING_CEILING_PER_MONTH = 40_000_000
export const OPENING_SUBLIMIT_PER_MONTH = 30_000_000
/** Over a limit by at most 20 %, its effect waits for the next year. */
export const LIMIT_TOLERANCE = 2_000

export const limitSources = {
  CEILING: 'LC 123/2006, art. 3º, II (EPP até R$ 4.800.000,00 por ano)',
  SUBLIMIT:
    'LC 123/2006, arts. 13-A e 19; Portaria CGSN nº 54/2025 (sublimite de R$ 3.600.000,00 em todos os Estados em 2026)',
  OPENING_CEILING:
    'LC 123/2006, art. 3º, § 2º (no ano de início, o limite é proporcional aos meses de atividade: R$ 400 mil por mês, frações de mês contadas inteiras)',
  OPENING_SUBLIMIT:
    'LC 123/2006, art. 3º, § 11, e art. 20 (no ano de início, o sublimite é 1/12 do anual por mês de funcionamento: R$ 300 mil por mês)',
  CEILING_NEXT_YEAR:
    'LC 123/2006, art. 3º, § 9º-A, e art. 30, IV e § 1º, IV (excesso de até 20 %: exclusão a partir de 1º de janeiro do ano seguinte)',
  CEILING_NEXT_MONTH:
    'LC 123/2006, art. 3º, § 9º, e art. 30, IV e § 1º, IV (excesso de mais de 20 %: exclusão a partir do mês seguinte)',
  CEILING_OPENING_RETROACTIVE:
    'LC 123/2006, art. 3º, § 10 (no ano de início, excesso de mais de 20 % sobre o limite proporcional: exclusão desde o início de atividade)',
  CEILING_OPENING_NEXT_YEAR:
    'LC 123/2006, art. 3º, § 12 (no ano de início, excesso de até 20 %: exclusão no ano seguinte)',
  SUBLIMIT_NEXT_YEAR:
    'LC 123/2006, art. 20, § 1º; Resolução CGSN nº 140/2018, art. 12 (excesso de até 20 %: ICMS e ISS fora do DAS no ano seguinte)',
  SUBLIMIT_NEXT_MONTH:
    'LC 123/2006, art. 20, § 1º-A; Resolução CGSN nº 140/2018, art. 12 (excesso de mais de 20 %: ICMS e ISS fora do DAS a partir do mês seguinte)',
  SUBLIMIT_OPENING_RETROACTIVE:
    'LC 123/2006, art. 3º, § 11 (no ano de início, excesso de mais de 20 % sobre o sublimite proporcional: ICMS e ISS fora do DAS desde o início de atividade)',
  SUBLIMIT_OPENING_NEXT_YEAR:
    'LC 123/2006, art. 3º, § 13 (no ano de início, excesso de até 20 %: impedimento no ano seguinte)',
  EXCESS_RATES:
    'LC 123/2006, art. 18, §§ 16, 16-A e 17; Resolução CGSN nº 140/2018, art. 24 (a parcela da receita acima do limite ou do sublimite paga pelas alíquotas máximas: tributos federais pela 6ª faixa sobre R$ 4,8 mi, ICMS e ISS pela 5ª sobre R$ 3,6 mi)',
} as const

export interface YearLimits {
  year: number
  /** The year is the company's first (the start of activity falls in it). */
  opening: boolean
  /** Months of activity in the year (12 but in the opening year). */
  months: number
  ceiling: number
  sublimit: number
}

/**
 * The limits of a calendar year for a company that started on `openedOn` (`YYYY-MM-DD`; null:
 * before any year this product calculates).
 */
export function yearLimits(year: number, openedOn: string | null): YearLimits {
  const openingYear = openedOn ? Number(openedOn.slice(0, 4)) : null
  if (openingYear !== year)
    return { year, opening: false, months: 12, ceiling: CEILING, sublimit: SUBLIMIT }
  const months = 12 - Number(openedOn!.slice(5, 7)) + 1
  return {
    year,
    opening: true,
    months,
    ceiling: OPENING_CEILING_PER_MONTH * months,
    sublimit: OPENING_SUBLIMIT_PER_MONTH * months,
  }
}

/** A limit with its 20 % tolerance (cents). */
export const withTolerance = (limit: number) => limit + (limit * LIMIT_TOLERANCE) / 10_000

/**
 * Where a revenue stands against a limit:
 * - `within`: not over it;
 * - `next-year`: over by at most 20 %: the effect starts on 1 January of the next year;
 * - `next-month`: over by more than 20 %: the effect starts the month after the one that went over;
 * - `retroactive`: over by more than 20 % in the opening year: the effect goes back to the start.
 */
export type LimitEffect = 'within' | 'next-year' | 'next-month' | 'retroactive'

export function limitEffect(revenue: number, limit: number, opening: boolean): LimitEffect {
  if (revenue <= limit) return 'within'
  if (revenue <= withTolerance(limit)) return 'next-year'
  return opening ? 'retroactive' : 'next-month'
}

export interface LimitStanding {
  limits: YearLimits
  /** The year's revenue before the month, and with it (cents). */
  before: number
  through: number
  sublimit: { effect: LimitEffect; source: string | null }
  ceiling: { effect: LimitEffect; source: string | null }
}

const sublimitSource = (effect: LimitEffect, opening: boolean) =>
  effect === 'within'
    ? null
    : effect === 'retroactive'
      ? limitSources.SUBLIMIT_OPENING_RETROACTIVE
      : effect === 'next-month'
        ? limitSources.SUBLIMIT_NEXT_MONTH
        : opening
          ? limitSources.SUBLIMIT_OPENING_NEXT_YEAR
          : limitSources.SUBLIMIT_NEXT_YEAR

const ceilingSource = (effect: LimitEffect, opening: boolean) =>
  effect === 'within'
    ? null
    : effect === 'retroactive'
      ? limitSources.CEILING_OPENING_RETROACTIVE
      : effect === 'next-month'
        ? limitSources.CEILING_NEXT_MONTH
        : opening
          ? limitSources.CEILING_OPENING_NEXT_YEAR
          : limitSources.CEILING_NEXT_YEAR

/** How the year's revenue through a month stands against that year's limits. */
export function limitStanding(
  year: number,
  openedOn: string | null,
  before: number,
  month: number,
): LimitStanding {
  const limits = yearLimits(year, openedOn)
  const through = before + month
  const sublimit = limitEffect(through, limits.sublimit, limits.opening)
  const ceiling = limitEffect(through, limits.ceiling, limits.opening)
  return {
    limits,
    before,
    through,
    sublimit: { effect: sublimit, source: sublimitSource(sublimit, limits.opening) },
    ceiling: { effect: ceiling, source: ceilingSource(ceiling, limits.opening) },
  }
}
