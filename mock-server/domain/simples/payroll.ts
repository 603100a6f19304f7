import { RuleDataMissing } from '../../../src/kernel/rule-data-missing'
import type { Company } from '../../../src/schemas/company'
import { addMonths, monthIndex } from '../../../src/kernel/dates'
import { toCents } from '../../../src/kernel/money'
import {
  dctfWebDueDate,
  fgtsDueDate,
  payrollOf,
  UnknownCalendarYear,
  type CppContext,
} from '../../../src/kernel/tax'
import {
  monthKey,
  payrollRecordSchema,
  simplesMessages,
  type Payroll,
  type PayrollInput,
  type PayrollRecord,
} from '../../../src/schemas/simples/api'
import { toNumber } from '../../../src/kernel/tax/ratio'
import { ratDefaultOf } from '../../../src/kernel/tax/cpp'
import type { ActivityTax } from '../../../src/schemas/cnae'
import { invalid, conflict } from '../errors'
import type { Store } from '../../store/database'
import type { Calculation } from './calculate'
import { factsOf, partnersOf, type CompanyFacts } from './facts'
import { guideViewOf } from './guides'

// The payroll of a month (each partner's pró-labore, each employee's salary and dependants):
// entered by the company or the accountant, computed by the rules of the competence's own year
// (src/kernel/tax/payroll.ts) and kept as computed; month by month it is
// the fator R's payroll. The CPP outside the DAS (Annex IV) follows the month's revenue split:
// measured when the payroll is saved and again when the month closes.

const reais = (cents: number) => cents / 100

const dueDateOf = (due: (period: string) => string, period: string) => {
  try {
    return due(period)
  } catch (error) {
    if (error instanceof UnknownCalendarYear) return null
    throw error
  }
}

const inAnnexIv = (activity: ActivityTax) => activity.simplesAnnexes?.includes('IV') === true

/**
 * Whether the company pays some of its CPP outside the DAS: it has an Annex IV activity (LC
 * 123/2006, art. 18, § 5º-C).
 */
export const cppOutsideDas = (facts: Pick<CompanyFacts, 'activities'>) =>
  facts.activities.some(inAnnexIv)

/**
 * The company's RAT and FAP: as the accountant set them, else the RAT of its first activity the
 * table of src/kernel/tax/cpp.ts knows and FAP 1,0000. RAT in percent, FAP as published.
 */
export function payrollRiskOf(facts: Pick<CompanyFacts, 'company' | 'activities'>) {
  const set = facts.company.payrollRisk
  const fromActivity =
    facts.activities.map((activity) => ratDefaultOf(activity.code)).find((rate) => rate !== null) ??
    null
  const rat = set?.rat ?? (fromActivity === null ? null : fromActivity / 100)
  return {
    rat,
    ratFrom: set?.rat ? ('company' as const) : rat === null ? null : ('activity' as const),
    fap: set?.fap ?? 1,
    fapFrom: set?.fap ? ('company' as const) : ('default' as const),
  }
}

/**
 * Where the month's CPP is paid, with the revenue split that measures the Annex IV share (cents:
 * the month's Annex IV revenue and all of it).
 */
export function cppContextOf(
  facts: Pick<CompanyFacts, 'company' | 'activities'>,
  revenue: { annexIv: number; total: number },
): CppContext {
  if (!cppOutsideDas(facts)) return { outside: false }
  const risk = payrollRiskOf(facts)
  return {
    outside: true,
    rat: risk.rat === null ? null : Math.round(risk.rat * 100),
    fap: Math.round(risk.fap * 10_000),
    annexIvRevenue: revenue.annexIv,
    totalRevenue: revenue.total,
    onlyAnnexIv: facts.activities.every(
      (activity) => activity.simplesAnnexes?.length === 1 && activity.simplesAnnexes[0] === 'IV',
    ),
  }
}

/** The month's revenue of Annex IV activities and all of it (cents), from its calculation. */
export const annexIvSplitOf = (
  calculation: Pick<Calculation, 'activities' | 'revenue'> | null,
) => ({
  annexIv: (calculation?.activities ?? [])
    .filter((activity) => activity.annex === 'IV')
    .reduce((total, activity) => total + toCents(activity.revenue), 0),
  total: calculation ? toCents(calculation.revenue) : 0,
})

export interface PayrollEntry {
  proLabore: readonly { partnerId: string; amount: number }[]
  employees: readonly { name: string; cpf: string; salary: number; dependents: number }[]
}

/** The payroll record a month's entry makes (amounts in reais, computed to the cent). */
export function payrollRecordOf(
  company: Pick<Company, 'id'>,
  period: string,
  partners: readonly { partnerId: string; name: string; cpf: string }[],
  entry: PayrollEntry,
  cpp: CppContext,
  by: string,
  now: string,
): PayrollRecord {
  const amounts = new Map(entry.proLabore.map((item) => [item.partnerId, toCents(item.amount)]))
  const computed = payrollOf(period, {
    proLabore: partners.map((partner) => ({
      partnerId: partner.partnerId,
      amount: amounts.get(partner.partnerId) ?? 0,
    })),
    employees: entry.employees.map((employee) => ({
      name: employee.name,
      cpf: employee.cpf,
      salary: toCents(employee.salary),
      dependents: employee.dependents,
    })),
    cpp,
  })
  const outside = computed.cppOutside
  return {
    id: monthKey(company.id, period),
    companyId: company.id,
    period,
    partners: partners.map((partner, index) => {
      const row = computed.partners[index]!
      return {
        ...partner,
        amount: reais(row.gross),
        inss: reais(row.inss),
        irrf: reais(row.irrf),
        net: reais(row.net),
      }
    }),
    employees: computed.employees.map((employee) => ({
      name: employee.name,
      cpf: employee.cpf,
      salary: reais(employee.gross),
      dependents: employee.dependents,
      inss: reais(employee.inss),
      irrf: reais(employee.irrf),
      fgts: reais(employee.fgts),
      net: reais(employee.net),
    })),
    salaries: reais(computed.salaries),
    fgts: reais(computed.fgts),
    proLabore: reais(computed.proLabore),
    inss: reais(computed.inss),
    irrf: reais(computed.irrf),
    employeesInss: reais(computed.employeesInss),
    employeesIrrf: reais(computed.employeesIrrf),
    cpp: reais(computed.cpp),
    cppOutsideDas: computed.cppOutsideDas,
    cppOutside: cpp.outside
      ? {
          amount: reais(outside.amount),
          base: Math.round(toNumber(outside.base)) / 100,
          ratFap: Math.round(toNumber(outside.ratFap)) / 100,
          rat: cpp.rat === null ? null : cpp.rat / 100,
          fap: cpp.fap / 10_000,
          annexIvRevenue: reais(cpp.annexIvRevenue),
          totalRevenue: reais(cpp.totalRevenue),
          onlyAnnexIv: cpp.onlyAnnexIv,
        }
      : null,
    darf: reais(computed.darf),
    fatorRPayroll: reais(computed.fatorRPayroll),
    updatedAt: now,
    updatedBy: by,
  }
}

/** A stored payroll with the fields an older record lacks filled in. */
export const storedPayroll = (record: PayrollRecord | undefined) =>
  record ? payrollRecordSchema.parse(record) : undefined

/** The payroll entry a stored record was made from (to compute it again). */
export const entryOf = (record: PayrollRecord): PayrollEntry => ({
  proLabore: record.partners.map((partner) => ({
    partnerId: partner.partnerId,
    amount: partner.amount,
  })),
  employees: record.employees.map(({ name, cpf, salary, dependents }) => ({
    name,
    cpf,
    salary,
    dependents,
  })),
})

/**
 * The stored payroll of a closing month computed again on the month's final revenue split
 * (the CPP outside the DAS follows it); the same record when nothing changed.
 */
function payrollAtClose(
  record: PayrollRecord,
  facts: Pick<CompanyFacts, 'company' | 'activities'>,
  calculation: Calculation,
): PayrollRecord {
  if (!cppOutsideDas(facts)) return record
  const again = payrollRecordOf(
    facts.company,
    record.period,
    record.partners,
    entryOf(record),
    cppContextOf(facts, annexIvSplitOf(calculation)),
    record.updatedBy,
    record.updatedAt,
  )
  return again.darf === record.darf && again.fatorRPayroll === record.fatorRPayroll ? record : again
}

/**
 * The closing month's payroll: the stored one computed again on the month's final revenue split
 * (saved when that changed it), or undefined when none was entered.
 */
export function closingPayroll(
  payrolls: { get(id: string): PayrollRecord | undefined; put(record: PayrollRecord): unknown },
  facts: Pick<CompanyFacts, 'company' | 'activities'>,
  calculation: Calculation,
) {
  const stored = storedPayroll(payrolls.get(monthKey(facts.company.id, calculation.period)))
  const payroll = stored ? payrollAtClose(stored, facts, calculation) : undefined
  if (payroll && payroll !== stored) payrolls.put(payroll)
  return payroll
}

/** Why a month's payroll cannot be computed (a year the tables lack, no RAT), or null. */
function problemOf(error: unknown): string | null {
  if (error instanceof RuleDataMissing) return error.message
  throw error
}

/** The month's payroll as the API answers it: every partner, with zeros before it is entered. */
export function payrollView(
  store: Store,
  company: Company,
  period: string,
  today: string,
  calculation: Calculation | null,
): Payroll {
  const record = storedPayroll(store.payrolls.get(monthKey(company.id, period)))
  const closed = store.closedMonths.get(monthKey(company.id, period))
  const facts = factsOf(store, company)
  const guides = [
    guideViewOf(store, closed?.darfDocumentId ?? null, today),
    guideViewOf(store, closed?.fgtsDocumentId ?? null, today),
  ].filter((guide) => guide !== null)
  const risk = facts
    ? payrollRiskOf(facts)
    : { rat: null, ratFrom: null, fap: 1, fapFrom: 'default' as const }
  const needed = facts ? cppOutsideDas(facts) : false
  let problem: string | null = null
  let base: Omit<PayrollRecord, 'updatedAt'> & { updatedAt: string | null }
  if (record) base = record
  else {
    const partners = partnersOf(store, company.id)
    const empty = {
      id: monthKey(company.id, period),
      companyId: company.id,
      period,
      partners: partners.map((partner) => ({ ...partner, amount: 0, inss: 0, irrf: 0, net: 0 })),
      employees: [],
      salaries: 0,
      fgts: 0,
      proLabore: 0,
      inss: 0,
      irrf: 0,
      employeesInss: 0,
      employeesIrrf: 0,
      cpp: 0,
      cppOutsideDas: needed,
      cppOutside: null,
      darf: 0,
      fatorRPayroll: 0,
      updatedBy: '',
      updatedAt: null,
    }
    try {
      base = {
        ...payrollRecordOf(
          company,
          period,
          partners,
          { proLabore: [], employees: [] },
          facts ? cppContextOf(facts, annexIvSplitOf(calculation)) : { outside: false },
          '',
          '',
        ),
        updatedAt: null,
      }
    } catch (error) {
      problem = problemOf(error)
      base = empty
    }
  }
  const { id: _id, updatedBy: _by, ...figures } = base
  return {
    ...figures,
    entered: record !== undefined,
    locked: closed !== undefined,
    darfDueDate: dueDateOf(dctfWebDueDate, period),
    fgtsDueDate: dueDateOf(fgtsDueDate, period),
    guides,
    risk: {
      needed,
      ...risk,
      message:
        needed && risk.rat === null
          ? 'O RAT das atividades da empresa não está na nossa tabela (Decreto nº 3.048/1999, Anexo V): informe o RAT (1 %, 2 % ou 3 %) para calcular a CPP dos empregados.'
          : null,
    },
    problem,
    updatedAt: record ? record.updatedAt : null,
  }
}

/**
 * The months a payroll may be entered for: from the start of activity (when the registry knows
 * it) to the month after the current one; anything else is refused in pt-BR.
 */
export function checkPayrollPeriod(
  facts: Pick<CompanyFacts, 'openedOn'> | null,
  period: string,
  today: string,
) {
  const last = addMonths(today.slice(0, 7), 1)
  if (monthIndex(period) > monthIndex(last))
    throw invalid(simplesMessages.periodTooLate(period, last))
  const start = facts?.openedOn?.slice(0, 7)
  if (start && period < start) throw invalid(simplesMessages.periodBeforeStart(period, start))
}

/**
 * Saves a month's payroll (inside store.write): refused for a closed month, a stranger, a period
 * outside the company's life, a year the tables lack, an Annex IV company whose RAT is unknown.
 */
export function savePayroll(
  store: Store,
  company: Company,
  period: string,
  input: Pick<PayrollInput, 'proLabore'> & { employees: PayrollEntry['employees'] },
  calculation: Calculation | null,
  by: string,
  now: string,
  today: string,
  audience: 'client' | 'accountant' = 'client',
) {
  const facts = factsOf(store, company)
  checkPayrollPeriod(facts, period, today)
  if (store.closedMonths.exists({ id: monthKey(company.id, period) }))
    throw conflict(simplesMessages.monthClosed(period, audience))
  const partners = partnersOf(store, company.id)
  const known = new Set(partners.map((partner) => partner.partnerId))
  input.proLabore.forEach((entry, index) => {
    if (!known.has(entry.partnerId)) {
      const message = simplesMessages.unknownPartner(entry.partnerId)
      throw invalid(message, [{ path: ['proLabore', index, 'partnerId'], message }])
    }
  })
  // A year the tables lack or an unknown RAT is refused with what is missing
  // (src/kernel/rule-data-missing.ts), before anything is kept.
  const record = payrollRecordOf(
    company,
    period,
    partners,
    { proLabore: input.proLabore as PayrollEntry['proLabore'], employees: input.employees },
    facts ? cppContextOf(facts, annexIvSplitOf(calculation)) : { outside: false },
    by,
    now,
  )
  store.payrolls.put(record)
  return record
}
