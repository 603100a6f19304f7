import { ratio, type Ratio } from './ratio'
import { RuleDataMissing } from '../rule-data-missing'

// The yearly parameters of the month's rules: the minimum wage (and the DAS-MEI it makes), the
// INSS employee table and its ceiling, the IRRF monthly table with its deductions and the
// Lei 15.270/2025 reduction, and the national holidays. A competence uses its own year's values;
// a year (or a part of a year) not in this table is refused with a pt-BR message naming what is
// missing, never filled in from another year. Each value carries its source, and
// tests/unit/tax-parameters.test.ts names it. Amounts in cents; rates in hundredths of a percent
// (7,5 % → 750). Adding next year is one entry per part, each with the act that published it.

/** A band of the employee's progressive INSS: the rate on the salary from the band below up to `upTo`. */
export interface InssBand {
  upTo: number
  rate: number
}

/** A bracket of the IRRF monthly table: up to `upTo` cents of base (null: above), rate, deduction. */
export interface IrrfBracket {
  upTo: number | null
  rate: number
  deduction: number
}

/**
 * The Lei 15.270/2025 reduction of the monthly IRRF, measured on the gross taxable income: up to
 * `fullUpTo` the tax is reduced to zero (by at most `fullMax`); up to `partialUpTo` by
 * `partialBase − partialFactor × income`; none above.
 */
export interface IrrfReduction {
  fullUpTo: number
  fullMax: number
  partialUpTo: number
  partialBase: number
  partialFactor: Ratio
  source: string
}

/** The IRRF monthly rules in force from a month on. */
export interface IrrfRules {
  /** First competence (`YYYY-MM`) they apply to. */
  from: string
  brackets: readonly IrrfBracket[]
  /** Deduction per dependant. */
  dependant: number
  /** The simplified monthly discount, used instead of the legal deductions when larger. */
  simplified: number
  reduction: IrrfReduction | null
  source: string
}

export interface InssTable {
  /** The employee's progressive bands (Emenda Constitucional 103/2019, art. 28). */
  employee: readonly InssBand[]
  /** The ceiling (teto do salário de contribuição). */
  ceiling: number
  source: string
}

export interface YearParameters {
  year: number
  minimumWage: { cents: number; source: string } | null
  inss: InssTable | null
  /** The IRRF rules of the year, by the month they start (one entry, or two when they changed). */
  irrf: readonly IrrfRules[] | null
  holidays: { days: readonly string[]; source: string }
}

/** What a year may lack, as the refusal names it. */
export type YearPart = 'minimumWage' | 'inss' | 'irrf' | 'holidays'

export const yearPartLabels: Record<YearPart, string> = {
  minimumWage: 'o salário mínimo (e o DAS-MEI que sai dele)',
  inss: 'a tabela e o teto do INSS',
  irrf: 'a tabela do IRRF',
  holidays: 'os feriados nacionais',
}

const HOLIDAYS_SOURCE =
  'Lei nº 662/1949 (redação da Lei nº 10.607/2002), Lei nº 6.802/1980 (12/10), Lei nº 14.759/2023 (20/11) e Lei nº 9.093/1995 (Paixão); calendário bancário nacional'

/** The IRRF table of Lei 14.848/2024, in force from 02/2024 to 04/2025. */
const IRRF_2024_02: IrrfRules = {
  from: '2024-02',
  brackets: [
    { upTo: 225_920, rate: 0, deduction: 0 },
    { upTo: 282_665, rate: 750, deduction: 16_944 },
    { upTo: 375_105, rate: 1_500, deduction: 38_144 },
    { upTo: 466_468, rate: 2_250, deduction: 66_277 },
    { upTo: null, rate: 2_750, deduction: 89_600 },
  ],
  dependant: 18_959,
  simplified: 56_480,
  reduction: null,
  source:
    'Lei nº 14.848/2024 (tabela mensal a partir de 02/2024: isento até R$ 2.259,20; desconto simplificado de R$ 564,80); Lei nº 9.250/1995, art. 4º, III (R$ 189,59 por dependente)',
}

/** The IRRF table of MP 1.294/2025 (Lei 15.191/2025), in force from 05/2025. */
const IRRF_2025_05: IrrfRules = {
  from: '2025-05',
  brackets: [
    { upTo: 242_880, rate: 0, deduction: 0 },
    { upTo: 282_665, rate: 750, deduction: 18_216 },
    { upTo: 375_105, rate: 1_500, deduction: 39_416 },
    { upTo: 466_468, rate: 2_250, deduction: 67_549 },
    { upTo: null, rate: 2_750, deduction: 90_873 },
  ],
  dependant: 18_959,
  simplified: 60_720,
  reduction: null,
  source:
    'Medida Provisória nº 1.294/2025, convertida na Lei nº 15.191/2025 (tabela mensal a partir de 05/2025: isento até R$ 2.428,80; desconto simplificado de R$ 607,20); Lei nº 9.250/1995, art. 4º, III (R$ 189,59 por dependente)',
}

/** Lei 15.270/2025: the reduction of the monthly tax from 01/2026 (art. 3º-A of Lei 9.250/1995). */
const LEI_15_270_REDUCTION: IrrfReduction = {
  fullUpTo: 500_000,
  fullMax: 31_289,
  partialUpTo: 735_000,
  partialBase: 97_862,
  partialFactor: ratio(133_145, 1_000_000),
  source:
    'Lei nº 15.270/2025, art. 3º-A da Lei nº 9.250/1995 (redução sobre o rendimento bruto: imposto zero até R$ 5.000,00, redução de até R$ 312,89; de R$ 5.000,01 a R$ 7.350,00, R$ 978,62 − 0,133145 × rendimento)',
}

const IRRF_2026_01: IrrfRules = {
  ...IRRF_2025_05,
  from: '2026-01',
  reduction: LEI_15_270_REDUCTION,
  source: `${IRRF_2025_05.source}; ${LEI_15_270_REDUCTION.source}`,
}

/** The table. 2027: only what was already published (holidays; the IRRF rules, in force by law with no end). */
export const TAX_YEARS: Readonly<Record<number, YearParameters>> = {
  2025: {
    year: 2025,
    minimumWage: {
      cents: 151_800,
      source: 'Decreto nº 12.342/2024 (salário mínimo de R$ 1.518,00 a partir de 01/01/2025)',
    },
    inss: {
      employee: [
        { upTo: 151_800, rate: 750 },
        { upTo: 279_388, rate: 900 },
        { upTo: 419_083, rate: 1_200 },
        { upTo: 815_741, rate: 1_400 },
      ],
      ceiling: 815_741,
      source:
        'Portaria Interministerial MPS/MF nº 6/2025 (faixas de R$ 1.518,00, R$ 2.793,88, R$ 4.190,83 e teto de R$ 8.157,41); Emenda Constitucional nº 103/2019, art. 28 (7,5 %, 9 %, 12 % e 14 %)',
    },
    irrf: [IRRF_2024_02, IRRF_2025_05],
    holidays: {
      days: [
        '2025-01-01',
        '2025-04-18',
        '2025-04-21',
        '2025-05-01',
        '2025-09-07',
        '2025-10-12',
        '2025-11-02',
        '2025-11-15',
        '2025-11-20',
        '2025-12-25',
      ],
      source: HOLIDAYS_SOURCE,
    },
  },
  2026: {
    year: 2026,
    minimumWage: {
      cents: 162_100,
      source: 'Decreto nº 12.797/2025 (salário mínimo de R$ 1.621,00 a partir de 01/01/2026)',
    },
    inss: {
      employee: [
        { upTo: 162_100, rate: 750 },
        { upTo: 290_284, rate: 900 },
        { upTo: 435_427, rate: 1_200 },
        { upTo: 847_555, rate: 1_400 },
      ],
      ceiling: 847_555,
      source:
        'Portaria Interministerial MPS/MF nº 13/2026 (faixas de R$ 1.621,00, R$ 2.902,84, R$ 4.354,27 e teto de R$ 8.475,55); Emenda Constitucional nº 103/2019, art. 28 (7,5 %, 9 %, 12 % e 14 %)',
    },
    irrf: [IRRF_2026_01],
    holidays: {
      days: [
        '2026-01-01',
        '2026-04-03',
        '2026-04-21',
        '2026-05-01',
        '2026-09-07',
        '2026-10-12',
        '2026-11-02',
        '2026-11-15',
        '2026-11-20',
        '2026-12-25',
      ],
      source: HOLIDAYS_SOURCE,
    },
  },
  2027: {
    year: 2027,
    minimumWage: null,
    inss: null,
    irrf: [{ ...IRRF_2026_01, from: '2027-01' }],
    holidays: {
      days: [
        '2027-01-01',
        '2027-03-26',
        '2027-04-21',
        '2027-05-01',
        '2027-09-07',
        '2027-10-12',
        '2027-11-02',
        '2027-11-15',
        '2027-11-20',
        '2027-12-25',
      ],
      source: HOLIDAYS_SOURCE,
    },
  },
}

export const parameterMessages = {
  unknownYear: (year: number, part: YearPart) =>
    `Os valores de ${year} para ${yearPartLabels[part]} não estão na tabela de parâmetros anuais do sistema: a conta não é feita com os de outro ano. Fale com a contabilidade.`,
} as const

/** A year (or a part of it) the table does not have: nothing is calculated with a guess. */
export class UnknownTaxYear extends RuleDataMissing {
  constructor(
    readonly year: number,
    readonly part: YearPart,
    message = parameterMessages.unknownYear(year, part),
  ) {
    super(message)
  }
}

const yearOf = (periodOrYear: string | number) =>
  typeof periodOrYear === 'number' ? periodOrYear : Number(periodOrYear.slice(0, 4))

function partOf<K extends YearPart>(periodOrYear: string | number, part: K) {
  const year = yearOf(periodOrYear)
  const value = TAX_YEARS[year]?.[part]
  if (value === null || value === undefined) throw new UnknownTaxYear(year, part)
  return value as NonNullable<YearParameters[K]>
}

/** The national minimum wage of a year (cents). */
export const minimumWageOf = (periodOrYear: string | number) =>
  partOf(periodOrYear, 'minimumWage').cents

/** The INSS table (employee bands and ceiling) of a competence's year. */
export const inssTableOf = (periodOrYear: string | number): InssTable =>
  partOf(periodOrYear, 'inss')

/** The IRRF rules in force in a competence (`YYYY-MM`). */
export function irrfRulesOf(period: string): IrrfRules {
  const rules = partOf(period, 'irrf')
  const inForce = rules.filter((entry) => entry.from <= period).at(-1)
  if (!inForce) throw new UnknownTaxYear(yearOf(period), 'irrf')
  return inForce
}

/** The national holidays of a year (`YYYY-MM-DD`). */
export const holidaysOf = (year: number): readonly string[] => partOf(year, 'holidays').days

/** The years the table knows a part of (the tests and the back office list them). */
export const yearsWith = (part: YearPart) =>
  Object.values(TAX_YEARS)
    .filter((entry) => entry[part] !== null)
    .map((entry) => entry.year)
