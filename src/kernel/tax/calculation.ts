import type { ActivityTax } from '../../schemas/cnae'
import type { ClosedMonthRecord, SimplesMonthView } from '../../schemas/simples/api'
import { dasMeiOf } from './mei'
import { dasDueDateOrProblem, simplesMonth, type MonthProblem, type RevenueItem } from './month'
import { activityWindow, centsOf, rbt12Of, type Monthly } from './rbt12'
import { simplesTaxes } from './tables'

// A company's month in the shape the API answers (the part a closed month freezes), from what it
// is calculated with: a Simples Nacional company's PGDAS-D calculation (month.ts) or a MEI's
// fixed DAS-MEI. The server gathers the basis from its store; screens and tests run the same.

export type Regime = 'simples' | 'mei'
export type MonthCalculation = ClosedMonthRecord['calculation']

export interface MonthBasisInput {
  companyId: string
  period: string
  regime: Regime
  openedOn: string | null
  activities: ActivityTax[]
  /** Revenue of the months before the period (cents, from January of the year before). */
  revenue: Monthly
  /** Fator R payroll by month (cents). */
  payroll: Monthly
  items: RevenueItem[]
  declared: SimplesMonthView['declared']
  invoices: SimplesMonthView['invoices']
}

export const meiMessages = {
  unknown:
    'O valor do DAS-MEI depende da ocupação registrada no CNPJ e a tabela de ocupações (Resolução CGSN 140/2018, Anexo XI) não o define para as atividades da empresa: confira a ocupação antes de publicar a guia.',
} as const

const zeroTaxes = () =>
  Object.fromEntries(simplesTaxes.map((tax) => [tax, 0])) as MonthCalculation['taxes']

/** The month of a company from its basis. */
export function monthCalculation(input: MonthBasisInput): MonthCalculation {
  const { companyId, period, openedOn, activities, revenue, payroll, items, declared, invoices } =
    input
  const basis = { openedOn, activities, revenue, payroll, items }
  if (input.regime === 'mei') {
    const monthCents = items.reduce((total, item) => total + item.cents, 0)
    const window = activityWindow(period, openedOn)
    const rbt12 = centsOf(rbt12Of(window, { ...revenue, [period]: monthCents }, period))
    const das = dasMeiOf(activities)
    const problems: MonthProblem[] =
      das.kind === 'known' ? [] : [{ code: 'activity-without-annex', message: meiMessages.unknown }]
    const dueDate = dasDueDateOrProblem(period, problems)
    const yearBefore = Object.entries(revenue)
      .filter(([month]) => month >= `${period.slice(0, 4)}-01` && month < period)
      .reduce((total, [, cents]) => total + cents, 0)
    return {
      companyId,
      period,
      regime: 'mei',
      revenue: monthCents / 100,
      invoices,
      declared,
      rbt12: rbt12 / 100,
      rbt12Rule: window.rule,
      monthsOfActivity: window.monthsOfActivity,
      yearRevenue: yearBefore / 100,
      payroll12: null,
      fatorR: null,
      fatorRRule: null,
      subjectToFatorR: false,
      sublimitExceeded: false,
      sublimit: { limit: 0, exceeded: false, excessRevenue: 0, impeded: false },
      activities: [],
      unplaced: [],
      taxes: zeroTaxes(),
      das: { amount: das.kind === 'known' ? das.das.total : 0, dueDate },
      dasMei: das.kind === 'known' ? das.das : null,
      problems,
      basis: { ...basis, payroll: {} },
    }
  }
  const result = simplesMonth({ period, openedOn, activities, revenue, payroll, items })
  return {
    companyId,
    period,
    regime: 'simples',
    revenue: result.revenue,
    invoices,
    declared,
    rbt12: result.rbt12,
    rbt12Rule: result.rbt12Rule,
    monthsOfActivity: result.monthsOfActivity,
    yearRevenue: result.yearRevenue,
    payroll12: result.payroll12,
    fatorR: result.fatorR,
    fatorRRule: result.fatorRRule,
    subjectToFatorR: result.subjectToFatorR,
    sublimitExceeded: result.sublimit.exceeded,
    sublimit: result.sublimit,
    activities: result.activities,
    unplaced: result.unplaced,
    taxes: result.taxes,
    das: result.das,
    dasMei: null,
    problems: result.problems,
    basis,
  }
}
