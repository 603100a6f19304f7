import type { SimplesAnnex } from '../../schemas/cnae'

// The Simples Nacional's tables for 2026 (LC 123/2006 as amended by LC 155/2016, in force since
// 1 January 2018): each annex's brackets (RBT12 upper limit, nominal rate, deduction) and how the
// effective rate is shared among the taxes, the ISS cap and the sublimit. Every table is a named,
// dated constant with its source in `simplesTableSources`; next year's change is one line each.

/** The calendar year the tables below are checked for. */
export const SIMPLES_TABLES_YEAR = 2026

export interface SimplesBracket {
  /** Upper limit of RBT12 for the bracket, inclusive, in reais. */
  upTo: number
  /** Nominal rate (alíquota nominal), as a fraction; a whole number of basis points. */
  nominalRate: number
  /** Amount to deduct (parcela a deduzir), in reais. */
  deduction: number
}

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

/** The taxes a DAS collects, in the order the PGDAS-D lists them. */
export const simplesTaxes = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ICMS', 'IPI', 'ISS'] as const
export type SimplesTax = (typeof simplesTaxes)[number]

/** Each tax as a guide and the screens name it. */
export const simplesTaxLabels: Record<SimplesTax, string> = {
  IRPJ: 'IRPJ',
  CSLL: 'CSLL',
  COFINS: 'Cofins',
  PIS: 'PIS/Pasep',
  CPP: 'CPP (INSS patronal)',
  ICMS: 'ICMS',
  IPI: 'IPI',
  ISS: 'ISS',
}

/** The taxes of a State or municipality (the rest are federal). */
export const LOCAL_TAXES: readonly SimplesTax[] = ['ICMS', 'ISS']

/** How the effective rate is shared among the taxes, in hundredths of a percent (sum 10.000). */
export type TaxShares = Partial<Record<SimplesTax, number>>

const shares = (taxes: readonly SimplesTax[], values: readonly (number | null)[]): TaxShares => {
  const row: TaxShares = {}
  taxes.forEach((tax, index) => {
    const value = values[index]
    if (value !== null && value !== undefined) row[tax] = Math.round(value * 100)
  })
  return row
}

const I = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ICMS'] as const
const II = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'IPI', 'ICMS'] as const
const III_V = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'CPP', 'ISS'] as const
const IV = ['IRPJ', 'CSLL', 'COFINS', 'PIS', 'ISS'] as const

/** Annex I, brackets 1ª to 6ª (percent of the effective rate). */
export const SIMPLES_DISTRIBUTION_ANNEX_I: readonly TaxShares[] = [
  shares(I, [5.5, 3.5, 12.74, 2.76, 41.5, 34]),
  shares(I, [5.5, 3.5, 12.74, 2.76, 41.5, 34]),
  shares(I, [5.5, 3.5, 12.74, 2.76, 42, 33.5]),
  shares(I, [5.5, 3.5, 12.74, 2.76, 42, 33.5]),
  shares(I, [5.5, 3.5, 12.74, 2.76, 42, 33.5]),
  shares(I, [13.5, 10, 28.27, 6.13, 42.1, null]),
]

/** Annex II, brackets 1ª to 6ª (the law's 6ª PIS is 4,54; a widely copied table says 23,5). */
export const SIMPLES_DISTRIBUTION_ANNEX_II: readonly TaxShares[] = [
  shares(II, [5.5, 3.5, 11.51, 2.49, 37.5, 7.5, 32]),
  shares(II, [5.5, 3.5, 11.51, 2.49, 37.5, 7.5, 32]),
  shares(II, [5.5, 3.5, 11.51, 2.49, 37.5, 7.5, 32]),
  shares(II, [5.5, 3.5, 11.51, 2.49, 37.5, 7.5, 32]),
  shares(II, [5.5, 3.5, 11.51, 2.49, 37.5, 7.5, 32]),
  shares(II, [8.5, 7.5, 20.96, 4.54, 23.5, 35, null]),
]

/** Annex III, brackets 1ª to 6ª. */
export const SIMPLES_DISTRIBUTION_ANNEX_III: readonly TaxShares[] = [
  shares(III_V, [4, 3.5, 12.82, 2.78, 43.4, 33.5]),
  shares(III_V, [4, 3.5, 14.05, 3.05, 43.4, 32]),
  shares(III_V, [4, 3.5, 13.64, 2.96, 43.4, 32.5]),
  shares(III_V, [4, 3.5, 13.64, 2.96, 43.4, 32.5]),
  shares(III_V, [4, 3.5, 12.82, 2.78, 43.4, 33.5]),
  shares(III_V, [35, 15, 16.03, 3.47, 30.5, null]),
]

/** Annex IV, brackets 1ª to 6ª: no CPP (paid outside the DAS). */
export const SIMPLES_DISTRIBUTION_ANNEX_IV: readonly TaxShares[] = [
  shares(IV, [18.8, 15.2, 17.67, 3.83, 44.5]),
  shares(IV, [19.8, 15.2, 20.55, 4.45, 40]),
  shares(IV, [20.8, 15.2, 19.73, 4.27, 40]),
  shares(IV, [17.8, 19.2, 18.9, 4.1, 40]),
  shares(IV, [18.8, 19.2, 18.08, 3.92, 40]),
  shares(IV, [53.5, 21.5, 20.55, 4.45, null]),
]

/** Annex V, brackets 1ª to 6ª. */
export const SIMPLES_DISTRIBUTION_ANNEX_V: readonly TaxShares[] = [
  shares(III_V, [25, 15, 14.1, 3.05, 28.85, 14]),
  shares(III_V, [23, 15, 14.1, 3.05, 27.85, 17]),
  shares(III_V, [24, 15, 14.92, 3.23, 23.85, 19]),
  shares(III_V, [21, 15, 15.74, 3.41, 23.85, 21]),
  shares(III_V, [23, 12.5, 14.1, 3.05, 23.85, 23.5]),
  shares(III_V, [35, 15.5, 16.44, 3.56, 29.5, null]),
]

/** Every annex's distribution, by annex and bracket (index 0 is the 1ª faixa). */
export const SIMPLES_DISTRIBUTION: Record<SimplesAnnex, readonly TaxShares[]> = {
  I: SIMPLES_DISTRIBUTION_ANNEX_I,
  II: SIMPLES_DISTRIBUTION_ANNEX_II,
  III: SIMPLES_DISTRIBUTION_ANNEX_III,
  IV: SIMPLES_DISTRIBUTION_ANNEX_IV,
  V: SIMPLES_DISTRIBUTION_ANNEX_V,
}

/** The most the ISS may take of the revenue inside the DAS: 5 % (in hundredths of a percent). */
export const ISS_MAX_RATE = 500

/**
 * The sublimit of revenue accumulated in the calendar year above which ICMS and ISS leave the
 * regular calculation (R$ 3,6 mi in every State in 2026).
 */
export const SIMPLES_SUBLIMIT = 3_600_000
/** Over the sublimit by more than this (20 %: R$ 4,32 mi), the impediment starts the next month. */
export const SIMPLES_SUBLIMIT_TOLERANCE = 0.2

/** Where each table comes from (the tests name these). */
export const simplesTableSources = {
  SIMPLES_ANNEX_I: 'LC 123/2006, Anexo I (redação da LC 155/2016)',
  SIMPLES_ANNEX_II: 'LC 123/2006, Anexo II (redação da LC 155/2016)',
  SIMPLES_ANNEX_III: 'LC 123/2006, Anexo III (redação da LC 155/2016)',
  SIMPLES_ANNEX_IV: 'LC 123/2006, Anexo IV (redação da LC 155/2016)',
  SIMPLES_ANNEX_V: 'LC 123/2006, Anexo V (redação da LC 155/2016)',
  SIMPLES_DISTRIBUTION_ANNEX_I:
    'LC 123/2006, Anexo I, percentual de repartição dos tributos (redação da LC 155/2016)',
  SIMPLES_DISTRIBUTION_ANNEX_II:
    'LC 123/2006, Anexo II, percentual de repartição dos tributos (redação da LC 155/2016)',
  SIMPLES_DISTRIBUTION_ANNEX_III:
    'LC 123/2006, Anexo III, percentual de repartição dos tributos (redação da LC 155/2016)',
  SIMPLES_DISTRIBUTION_ANNEX_IV:
    'LC 123/2006, Anexo IV, percentual de repartição dos tributos (redação da LC 155/2016)',
  SIMPLES_DISTRIBUTION_ANNEX_V:
    'LC 123/2006, Anexo V, percentual de repartição dos tributos (redação da LC 155/2016)',
  ISS_MAX_RATE:
    'LC 123/2006, art. 18, § 1º-B, I, e notas dos Anexos III e IV; Resolução CGSN 140/2018, art. 21, III, a (ISS de no máximo 5 %, o excesso aos tributos federais da mesma faixa)',
  SIMPLES_SUBLIMIT:
    'LC 123/2006, arts. 13-A e 19; Resolução CGSN 140/2018, art. 9º; Portaria CGSN nº 54/2025 (sublimite de R$ 3,6 milhões em todos os Estados em 2026)',
  SIMPLES_SUBLIMIT_TOLERANCE:
    'LC 123/2006, art. 20, §§ 1º e 1º-A; Resolução CGSN 140/2018, arts. 12 e 24 (excesso de até 20 %: impedimento no ano seguinte; acima, no mês seguinte)',
  SIXTH_BRACKET:
    'Resolução CGSN 140/2018, art. 21, III, b (RBT12 acima de R$ 3,6 mi: ICMS e ISS pela alíquota efetiva da 5ª faixa)',
} as const
