import { max, min, mul, ratio, roundHalfUp, sub, ZERO, type Ratio } from './ratio'

// The pró-labore in 2026: what each partner pays of INSS (withheld by the company) and IRRF, the
// net, and the company's own 20 % (CPP), which Annexes I, II, III and V pay inside the DAS and
// Annex IV pays apart (DCTFWeb). Amounts in cents; each a named constant with its source.

/** The partner's INSS on the pró-labore: 11 %, withheld by the company. */
export const PRO_LABORE_INSS_RATE = 1_100
/** The 2026 ceiling of the INSS contribution (salário de contribuição), in cents. */
export const INSS_CEILING_2026 = 847_555
/** The company's own contribution (CPP) on pró-labore and salaries: 20 %. */
export const CPP_RATE = 2_000

/** A bracket of the IRRF monthly table: up to `upTo` cents of base, `rate`, `deduction` cents. */
export interface IrrfBracket {
  upTo: number | null
  /** Hundredths of a percent. */
  rate: number
  deduction: number
}

/** The IRRF monthly table in force since May 2025 (and in 2026). */
export const IRRF_MONTHLY_TABLE: readonly IrrfBracket[] = [
  { upTo: 242_880, rate: 0, deduction: 0 },
  { upTo: 282_665, rate: 750, deduction: 18_216 },
  { upTo: 375_105, rate: 1_500, deduction: 39_416 },
  { upTo: 466_468, rate: 2_250, deduction: 67_549 },
  { upTo: null, rate: 2_750, deduction: 90_873 },
]
/** Deduction per dependant, in cents. */
export const IRRF_DEPENDANT_DEDUCTION = 18_959
/** The simplified monthly discount, used instead of the legal deductions when larger. */
export const IRRF_SIMPLIFIED_DISCOUNT = 60_720
/** Lei 15.270/2025: up to this gross income the tax is reduced to zero (at most R$ 312,89). */
export const IRRF_REDUCTION_FULL_UP_TO = 500_000
export const IRRF_REDUCTION_FULL_MAX = 31_289
/** From R$ 5.000,01 to R$ 7.350,00: reduction of R$ 978,62 − 0,133145 × income. */
export const IRRF_REDUCTION_PARTIAL_UP_TO = 735_000
export const IRRF_REDUCTION_PARTIAL_BASE = 97_862
export const IRRF_REDUCTION_PARTIAL_FACTOR = ratio(133_145, 1_000_000)

export const payrollSources = {
  PRO_LABORE_INSS_RATE:
    'Lei nº 8.212/1991, art. 21, e Lei nº 10.666/2003, art. 4º (11 % do pró-labore, retidos pela empresa)',
  INSS_CEILING_2026:
    'Portaria Interministerial MPS/MF nº 13/2026 (teto de R$ 8.475,55; contribuição de no máximo R$ 932,31)',
  CPP_RATE:
    'Lei nº 8.212/1991, art. 22, I e III; LC 123/2006, arts. 13, VI, e 18, § 5º-C (no Anexo IV, fora do DAS)',
  IRRF_MONTHLY_TABLE:
    'Lei nº 9.250/1995, com a tabela progressiva mensal em vigor desde 05/2025 (isento até R$ 2.428,80)',
  IRRF_DEPENDANT_DEDUCTION: 'Lei nº 9.250/1995, art. 4º, III (R$ 189,59 por dependente)',
  IRRF_SIMPLIFIED_DISCOUNT: 'Lei nº 9.250/1995, desconto simplificado mensal de R$ 607,20',
  IRRF_REDUCTION:
    'Lei nº 15.270/2025, art. 3º-A da Lei nº 9.250/1995 (redução sobre o rendimento bruto: zero até R$ 5.000,00; R$ 978,62 − 0,133145 × rendimento até R$ 7.350,00)',
  FATOR_R_PAYROLL:
    'Resolução CGSN nº 140/2018, art. 26, § 1º (pró-labore e salários pagos, mais CPP e FGTS efetivamente recolhidos)',
} as const

const percentOf = (cents: number | Ratio, hundredthsOfPercent: number) =>
  mul(typeof cents === 'number' ? ratio(cents) : cents, ratio(hundredthsOfPercent, 10_000))

/** The partner's INSS on a pró-labore: 11 % up to the ceiling (at most R$ 932,31). */
export const proLaboreInss = (cents: number) =>
  Number(roundHalfUp(percentOf(Math.min(cents, INSS_CEILING_2026), PRO_LABORE_INSS_RATE)))

/** IRRF of a month's taxable income (gross, cents) with the INSS withheld from it. */
export function irrfOf(gross: number, inss: number, dependants = 0): number {
  const legal = inss + dependants * IRRF_DEPENDANT_DEDUCTION
  const base = Math.max(0, gross - Math.max(legal, IRRF_SIMPLIFIED_DISCOUNT))
  const bracket = IRRF_MONTHLY_TABLE.find((row) => row.upTo === null || base <= row.upTo)!
  let tax: Ratio = max(ZERO, sub(percentOf(base, bracket.rate), ratio(bracket.deduction)))
  // Lei 15.270/2025: the reduction is measured on the gross income, never below zero tax.
  if (gross <= IRRF_REDUCTION_FULL_UP_TO)
    tax = max(ZERO, sub(tax, min(tax, ratio(IRRF_REDUCTION_FULL_MAX))))
  else if (gross <= IRRF_REDUCTION_PARTIAL_UP_TO) {
    const reduction = max(
      ZERO,
      sub(ratio(IRRF_REDUCTION_PARTIAL_BASE), mul(ratio(gross), IRRF_REDUCTION_PARTIAL_FACTOR)),
    )
    tax = max(ZERO, sub(tax, reduction))
  }
  return Number(roundHalfUp(tax))
}

/** A partner's month: the pró-labore, the INSS and IRRF withheld, and what the partner receives. */
export function proLaboreOf(gross: number, dependants = 0) {
  const inss = proLaboreInss(gross)
  const irrf = irrfOf(gross, inss, dependants)
  return { gross, inss, irrf, net: gross - inss - irrf }
}

export interface PayrollInput {
  proLabore: readonly { partnerId: string; amount: number }[]
  /** Employees' salaries of the month, cents. */
  salaries: number
  /** FGTS paid on them, cents. */
  fgts: number
  /** The company's CPP is paid outside the DAS (an Annex IV activity). */
  cppOutsideDas: boolean
}

/**
 * The payroll of a month: each partner's INSS, IRRF and net; the CPP (20 % of pró-labore and
 * salaries); the DCTFWeb DARF (the INSS and IRRF withheld, and the CPP where it is paid apart);
 * and the payroll the fator R counts (pró-labore, salaries, FGTS, and the CPP paid apart).
 */
export function payrollOf(input: PayrollInput) {
  const partners = input.proLabore.map((entry) => ({
    partnerId: entry.partnerId,
    ...proLaboreOf(entry.amount),
  }))
  const proLabore = partners.reduce((total, partner) => total + partner.gross, 0)
  const inss = partners.reduce((total, partner) => total + partner.inss, 0)
  const irrf = partners.reduce((total, partner) => total + partner.irrf, 0)
  const cpp = Number(roundHalfUp(percentOf(proLabore + input.salaries, CPP_RATE)))
  const cppPaidApart = input.cppOutsideDas ? cpp : 0
  return {
    partners,
    proLabore,
    inss,
    irrf,
    cpp,
    cppOutsideDas: input.cppOutsideDas,
    darf: inss + irrf + cppPaidApart,
    fatorRPayroll: proLabore + input.salaries + input.fgts + cppPaidApart,
  }
}
