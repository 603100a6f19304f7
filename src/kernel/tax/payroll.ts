import { cppOutsideOf, cppSources, CPP_RATE, NO_CPP_OUTSIDE, type CppOutside } from './cpp'
import { employeeOf, proLaboreOf, PRO_LABORE_INSS_RATE, withholdingSources } from './withholding'
import { mul, ratio, roundHalfUp } from './ratio'
import { RuleDataMissing } from '../rule-data-missing'

// The payroll of a month, by the rules of the competence's own year (src/kernel/tax): each
// partner's INSS and IRRF on the pró-labore, each employee's INSS, IRRF, FGTS and net; the
// company's own 20 % (CPP), inside the DAS in Annexes I, II, III and V, and outside it (the
// DCTFWeb DARF, with RAT × FAP on the salaries) for the Annex IV share of the month's revenue;
// the DCTFWeb DARF (everything withheld and the CPP outside) and the FGTS Digital guide. Amounts
// in cents.

export { employeeOf, proLaboreOf, PRO_LABORE_INSS_RATE, CPP_RATE }
export { employeeInss, fgtsOf, irrfOf, proLaboreInss } from './withholding'

export const payrollSources = {
  PRO_LABORE_INSS_RATE: withholdingSources.PRO_LABORE_INSS_RATE,
  EMPLOYEE_INSS: withholdingSources.EMPLOYEE_INSS,
  FGTS_RATE: withholdingSources.FGTS_RATE,
  IRRF_DEDUCTIONS: withholdingSources.IRRF_DEDUCTIONS,
  CPP_RATE: cppSources.CPP_RATE,
  ANNEX_IV_OUTSIDE: cppSources.ANNEX_IV_OUTSIDE,
  MIXED_ANNEXES: cppSources.MIXED_ANNEXES,
  RAT: cppSources.RAT,
  FAP: cppSources.FAP,
  FATOR_R_PAYROLL:
    'Resolução CGSN nº 140/2018, art. 26, § 1º (pró-labore e salários pagos, mais CPP e FGTS efetivamente recolhidos)',
} as const

/**
 * Where the company's CPP is paid: inside the DAS, or (an Annex IV activity) outside it for the
 * Annex IV share of the month's revenue, with the company's RAT (hundredths of a percent; null
 * when not known) and FAP (ten-thousandths).
 */
export type CppContext =
  | { outside: false }
  | {
      outside: true
      rat: number | null
      fap: number
      annexIvRevenue: number
      totalRevenue: number
      onlyAnnexIv: boolean
    }

export interface PayrollInput {
  proLabore: readonly { partnerId: string; amount: number }[]
  /** Employees of the month: salary in cents. */
  employees: readonly { name: string; cpf: string; salary: number; dependents: number }[]
  cpp: CppContext
}

export const payrollRuleMessages = {
  ratUnknown:
    'O RAT da empresa não é conhecido: sem ele não há CPP do Anexo IV sobre os salários. Informe o RAT (1 %, 2 % ou 3 %) e o FAP no cadastro da empresa.',
} as const

/** The RAT is not known and employees are paid: the CPP outside the DAS cannot be computed. */
export class RatUnknown extends RuleDataMissing {
  constructor() {
    super(payrollRuleMessages.ratUnknown)
  }
}

/**
 * The payroll of a month (`period`, `YYYY-MM`): each partner's and employee's figures by that
 * year's tables; the CPP (20 % of pró-labore and salaries, informative where the DAS carries
 * it); the CPP outside the DAS; the DCTFWeb DARF (INSS and IRRF withheld, the CPP outside); the
 * FGTS guide; and the payroll the fator R counts (pró-labore, salaries, FGTS, the CPP outside).
 * Throws UnknownTaxYear for a year the table lacks, RatUnknown as said above.
 */
export function payrollOf(period: string, input: PayrollInput) {
  const partners = input.proLabore.map((entry) => ({
    partnerId: entry.partnerId,
    ...proLaboreOf(period, entry.amount),
  }))
  const employees = input.employees.map((employee) => ({
    name: employee.name,
    cpf: employee.cpf,
    dependents: employee.dependents,
    ...employeeOf(period, employee.salary, employee.dependents),
  }))
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)
  const proLabore = sum(partners.map((partner) => partner.gross))
  const salaries = sum(employees.map((employee) => employee.gross))
  const inss = sum(partners.map((partner) => partner.inss))
  const irrf = sum(partners.map((partner) => partner.irrf))
  const employeesInss = sum(employees.map((employee) => employee.inss))
  const employeesIrrf = sum(employees.map((employee) => employee.irrf))
  const fgts = sum(employees.map((employee) => employee.fgts))
  const cpp = Number(roundHalfUp(mul(ratio(proLabore + salaries), ratio(CPP_RATE, 10_000))))
  let outside: CppOutside = NO_CPP_OUTSIDE
  if (input.cpp.outside) {
    if (input.cpp.rat === null && salaries > 0) throw new RatUnknown()
    outside = cppOutsideOf({
      proLabore,
      salaries,
      rat: input.cpp.rat ?? 0,
      fap: input.cpp.fap,
      annexIvRevenue: input.cpp.annexIvRevenue,
      totalRevenue: input.cpp.totalRevenue,
      onlyAnnexIv: input.cpp.onlyAnnexIv,
    })
  }
  return {
    partners,
    employees,
    proLabore,
    salaries,
    inss,
    irrf,
    employeesInss,
    employeesIrrf,
    fgts,
    cpp,
    cppOutsideDas: input.cpp.outside,
    cppOutside: outside,
    darf: inss + irrf + employeesInss + employeesIrrf + outside.amount,
    fatorRPayroll: proLabore + salaries + fgts + outside.amount,
  }
}
