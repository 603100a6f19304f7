import type { ActivityTax } from '../../src/schemas/cnae'
import type { Company } from '../../src/schemas/company'
import {
  activityWindow,
  addMonths,
  dasDueDateOrProblem,
  dasMeiOf,
  rbt12Of,
  centsOf,
  simplesMonth,
  simplesTaxes,
  type MonthProblem,
} from '../../src/schemas/simples'
import type { ClosedMonthRecord, MonthIssue } from '../../src/schemas/simples/api'
import type { MonthSources } from './sources'

// The month of one company, from its sources: a Simples Nacional company's PGDAS-D calculation
// (src/schemas/simples/month.ts) or a MEI's fixed DAS-MEI, in the shape the API answers (the
// part a closed month freezes).

export type Regime = 'simples' | 'mei'
export type Calculation = ClosedMonthRecord['calculation']

/** The regime a company's size puts it in: the Simples Nacional (ME, EPP) or the MEI. */
export const regimeOf = (company: Pick<Company, 'size'>): Regime | null =>
  company.size === 'MEI'
    ? 'mei'
    : company.size === 'ME' || company.size === 'EPP'
      ? 'simples'
      : null

/** What a company's month is calculated with, besides its sources. */
export interface CompanyFacts {
  company: Company
  regime: Regime
  activities: ActivityTax[]
  /** Start of activity (`YYYY-MM-DD`) or null when unknown. */
  openedOn: string | null
}

const zeroTaxes = () =>
  Object.fromEntries(simplesTaxes.map((tax) => [tax, 0])) as Calculation['taxes']

export const meiMessages = {
  unknown:
    'O valor do DAS-MEI depende da ocupação registrada no CNPJ e a tabela de ocupações (Resolução CGSN 140/2018, Anexo XI) não o define para as atividades da empresa: confira a ocupação antes de publicar a guia.',
} as const

/** The month of a company: the calculation, with its problems. */
export function calculate(facts: CompanyFacts, period: string, sources: MonthSources): Calculation {
  const { company } = facts
  const year = Number(period.slice(0, 4))
  const revenue = sources.revenue(company.id, `${year - 1}-01`, addMonths(period, -1))
  const month = sources.month(company.id, period)
  const declared = month.declared
  const invoices = { count: month.invoices.count, total: month.invoices.cents / 100 }
  if (facts.regime === 'mei') {
    const monthCents = month.items.reduce((total, item) => total + item.cents, 0)
    const window = activityWindow(period, facts.openedOn)
    const rbt12 = centsOf(rbt12Of(window, { ...revenue, [period]: monthCents }, period))
    const das = dasMeiOf(facts.activities)
    const problems: MonthProblem[] =
      das.kind === 'known' ? [] : [{ code: 'activity-without-annex', message: meiMessages.unknown }]
    const dueDate = dasDueDateOrProblem(period, problems)
    const yearBefore = Object.entries(revenue)
      .filter(([m]) => m >= `${year}-01`)
      .reduce((total, [, cents]) => total + cents, 0)
    return {
      companyId: company.id,
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
    }
  }
  const payroll = sources.payroll(company.id, addMonths(period, -12), period)
  const result = simplesMonth({
    period,
    openedOn: facts.openedOn,
    activities: facts.activities,
    revenue,
    payroll,
    items: month.items,
  })
  return {
    companyId: company.id,
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
  }
}

/** The problems of a calculation as the API lists what is missing. */
export const issuesOf = (calculation: Calculation): MonthIssue[] =>
  calculation.problems.map(({ code, message }) => ({ code, message }))
