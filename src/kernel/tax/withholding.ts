import { max, min, mul, ratio, roundHalfUp, sub, sum, ZERO, type Ratio } from './ratio'
import { inssTableOf, irrfRulesOf } from './parameters'

// What a person on the payroll costs and receives in a competence, by that competence's year
// (parameters.ts): a partner's INSS on the pró-labore (11 % up to the ceiling), an employee's
// progressive INSS (7,5 % to 14 %, band by band up to the ceiling), the IRRF of either (the
// monthly table, dependants or the simplified discount, the Lei 15.270/2025 reduction from
// 2026), the FGTS the company deposits on a salary (8 %), and the net. Amounts in cents.

/** The partner's INSS on the pró-labore: 11 %, withheld by the company. */
export const PRO_LABORE_INSS_RATE = 1_100
/** The FGTS the company deposits on an employee's pay: 8 %. */
export const FGTS_RATE = 800

export const withholdingSources = {
  PRO_LABORE_INSS_RATE:
    'Lei nº 8.212/1991, art. 21, e Lei nº 10.666/2003, art. 4º (11 % do pró-labore, retidos pela empresa, até o teto)',
  EMPLOYEE_INSS:
    'Emenda Constitucional nº 103/2019, art. 28 (alíquotas progressivas de 7,5 %, 9 %, 12 % e 14 %, cada uma sobre a sua faixa, até o teto)',
  FGTS_RATE: 'Lei nº 8.036/1990, art. 15 (8 % da remuneração, depositados pelo empregador)',
  IRRF_DEDUCTIONS:
    'Lei nº 9.250/1995, art. 4º, III e IV (dependentes e contribuição ao INSS), ou o desconto simplificado mensal quando maior (Lei nº 14.663/2023 e a lei de cada tabela)',
} as const

const percentOf = (cents: number | Ratio, hundredthsOfPercent: number) =>
  mul(typeof cents === 'number' ? ratio(cents) : cents, ratio(hundredthsOfPercent, 10_000))

/** The partner's INSS on a pró-labore of a competence: 11 % up to that year's ceiling. */
export function proLaboreInss(period: string, gross: number): number {
  const { ceiling } = inssTableOf(period)
  return Number(roundHalfUp(percentOf(Math.min(gross, ceiling), PRO_LABORE_INSS_RATE)))
}

/**
 * An employee's INSS: each band's rate on the part of the salary inside it, the bands summed
 * exactly and rounded once (R$ 3.000 in 2026: 121,575 + 115,3656 + 11,6592 = R$ 248,60).
 */
export function employeeInss(period: string, gross: number): number {
  const { employee } = inssTableOf(period)
  const parts: Ratio[] = []
  let floor = 0
  for (const band of employee) {
    if (gross <= floor) break
    parts.push(percentOf(Math.min(gross, band.upTo) - floor, band.rate))
    floor = band.upTo
  }
  return Number(roundHalfUp(sum(parts)))
}

/**
 * The IRRF of a month's taxable income (gross cents) with the INSS withheld from it: the legal
 * deductions (INSS and dependants) or the simplified discount, whichever is larger; the table of
 * the competence; then, from 2026, the reduction measured on the gross income.
 */
export function irrfOf(period: string, gross: number, inss: number, dependants = 0): number {
  const rules = irrfRulesOf(period)
  const legal = inss + dependants * rules.dependant
  const base = Math.max(0, gross - Math.max(legal, rules.simplified))
  const bracket = rules.brackets.find((row) => row.upTo === null || base <= row.upTo)!
  let tax: Ratio = max(ZERO, sub(percentOf(base, bracket.rate), ratio(bracket.deduction)))
  const reduction = rules.reduction
  if (reduction) {
    if (gross <= reduction.fullUpTo) tax = sub(tax, min(tax, ratio(reduction.fullMax)))
    else if (gross <= reduction.partialUpTo) {
      const off = max(
        ZERO,
        sub(ratio(reduction.partialBase), mul(ratio(gross), reduction.partialFactor)),
      )
      tax = max(ZERO, sub(tax, off))
    }
  }
  return Number(roundHalfUp(tax))
}

/** A partner's month: the pró-labore, the INSS and IRRF withheld, and what the partner receives. */
export function proLaboreOf(period: string, gross: number, dependants = 0) {
  const inss = proLaboreInss(period, gross)
  const irrf = irrfOf(period, gross, inss, dependants)
  return { gross, inss, irrf, net: gross - inss - irrf }
}

/** The FGTS on a salary: 8 %, deposited by the company (not withheld from the employee). */
export const fgtsOf = (gross: number) => Number(roundHalfUp(percentOf(gross, FGTS_RATE)))

/** An employee's month: salary, INSS and IRRF withheld, the FGTS deposited, the net pay. */
export function employeeOf(period: string, gross: number, dependants = 0) {
  const inss = employeeInss(period, gross)
  const irrf = irrfOf(period, gross, inss, dependants)
  return { gross, inss, irrf, fgts: fgtsOf(gross), net: gross - inss - irrf }
}
