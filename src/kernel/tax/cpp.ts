import { add, div, mul, ratio, roundHalfUp, ZERO, type Ratio } from './ratio'

// The company's own social security (CPP) on its payroll when it is paid outside the DAS: the
// Annex IV activities (construction, cleaning, security, law firms) pay 20 % on pró-labore and
// salaries plus RAT × FAP on the employees' salaries through the DCTFWeb. A company with Annex IV
// and other annexes pays outside only the Annex IV share, in proportion to the month's revenue;
// the DAS of its other revenue carries the CPP of its annex (no CPP twice). Amounts in cents.

/** The company's 20 % on the pay of employees and of partners (contribuintes individuais). */
export const CPP_RATE = 2_000
/** The FAP when the company has none published: 1,0000 (in ten-thousandths). */
export const FAP_NEUTRAL = 10_000
/** The range the FAP is published in: 0,5000 to 2,0000. */
export const FAP_MIN = 5_000
export const FAP_MAX = 20_000
/** The RAT rates the law has: 1 %, 2 % or 3 % (hundredths of a percent). */
export const RAT_RATES = [100, 200, 300] as const

export const cppSources = {
  CPP_RATE:
    'Lei nº 8.212/1991, art. 22, I e III (20 % sobre a remuneração de empregados e de contribuintes individuais, o pró-labore incluído)',
  ANNEX_IV_OUTSIDE:
    'LC 123/2006, art. 13, VI, e art. 18, § 5º-C (no Anexo IV a CPP é recolhida fora do DAS, pela legislação das demais empresas)',
  MIXED_ANNEXES:
    'Instrução Normativa RFB nº 2.110/2022, arts. 168 a 171 (Anexo IV com outros anexos: a contribuição fora do DAS na proporção da receita do Anexo IV sobre a receita total do mês)',
  RAT: 'Lei nº 8.212/1991, art. 22, II (RAT de 1 %, 2 % ou 3 % sobre a remuneração dos empregados, pelo risco da atividade preponderante); Decreto nº 3.048/1999, art. 202 e Anexo V',
  FAP: 'Lei nº 10.666/2003, art. 10, e Decreto nº 3.048/1999, art. 202-A (FAP de 0,5000 a 2,0000 multiplica o RAT; sem FAP publicado, 1,0000)',
} as const

/**
 * The RAT of the Annex IV activities, by CNAE (Decreto 3.048/1999, Anexo V, as amended by
 * Decreto 6.957/2009): a code's first digits → hundredths of a percent. Construction (divisions
 * 41 to 43), building cleaning and private security are grade 3 (3 %); law firms grade 1 (1 %).
 * A code not here has no default: the accountant fills the company's RAT in.
 */
export const RAT_BY_CNAE: readonly { prefix: string; rate: number }[] = [
  { prefix: '41', rate: 300 },
  { prefix: '42', rate: 300 },
  { prefix: '43', rate: 300 },
  { prefix: '8121400', rate: 300 },
  { prefix: '8011101', rate: 300 },
  { prefix: '6911701', rate: 100 },
]

/** The default RAT of an activity (CNAE, 7 digits), or null when the table has none. */
export const ratDefaultOf = (cnae: string) =>
  RAT_BY_CNAE.find((row) => cnae.startsWith(row.prefix))?.rate ?? null

export interface CppInput {
  /** Pró-labore of the month (cents). */
  proLabore: number
  /** Employees' salaries of the month (cents). */
  salaries: number
  /** RAT in hundredths of a percent (300 = 3 %). */
  rat: number
  /** FAP in ten-thousandths (10.000 = 1,0000). */
  fap: number
  /** The month's revenue of Annex IV activities and of every activity (cents). */
  annexIvRevenue: number
  totalRevenue: number
  /** Every activity of the company is in Annex IV (then the whole CPP is outside). */
  onlyAnnexIv: boolean
}

export interface CppOutside {
  /** 20 % of pró-labore and salaries (exact, before the proportion). */
  base: Ratio
  /** RAT × FAP of the salaries (exact). */
  ratFap: Ratio
  /** The Annex IV share: revenue of Annex IV ÷ revenue of the month (1 when only Annex IV). */
  share: Ratio
  /** What the DCTFWeb carries, rounded once to the cent. */
  amount: number
}

/**
 * The CPP outside the DAS of a company with Annex IV activities: (20 % × (pró-labore +
 * salaries) + RAT × FAP × salaries) × the Annex IV share of the month's revenue. A month without
 * revenue has no share to measure: the whole CPP is outside (no DAS carries any of it).
 */
export function cppOutsideOf(input: CppInput): CppOutside {
  const base = mul(ratio(input.proLabore + input.salaries), ratio(CPP_RATE, 10_000))
  const ratFap = mul(
    ratio(input.salaries),
    mul(ratio(input.rat, 10_000), ratio(input.fap, FAP_NEUTRAL)),
  )
  const share =
    input.onlyAnnexIv || input.totalRevenue <= 0
      ? ratio(1)
      : div(ratio(input.annexIvRevenue), ratio(input.totalRevenue))
  const amount = Number(roundHalfUp(mul(add(base, ratFap), share)))
  return { base, ratFap, share, amount }
}

/** The CPP of a company whose CPP is in the DAS: none outside. */
export const NO_CPP_OUTSIDE: CppOutside = { base: ZERO, ratFap: ZERO, share: ZERO, amount: 0 }
