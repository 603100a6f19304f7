import type { ActivityTax } from '../../../src/schemas/cnae'
import type { Company } from '../../../src/schemas/company'
import { addMonths } from '../../../src/kernel/tax'
import type { MonthIssue } from '../../../src/schemas/simples/api'
import {
  monthCalculation,
  type MonthCalculation,
  type Regime,
} from '../../../src/kernel/tax/calculation'
import type { MonthSources } from './sources'

// The month of one company from its sources (src/kernel/tax/calculation.ts calculates it).

export type { Regime }
export type Calculation = MonthCalculation

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

/** The month of a company, its basis gathered from the sources. */
export function calculate(facts: CompanyFacts, period: string, sources: MonthSources): Calculation {
  const { company } = facts
  const year = Number(period.slice(0, 4))
  const month = sources.month(company.id, period)
  return monthCalculation({
    companyId: company.id,
    period,
    regime: facts.regime,
    openedOn: facts.openedOn,
    activities: facts.activities,
    revenue: sources.revenue(company.id, `${year - 1}-01`, addMonths(period, -1)),
    payroll:
      facts.regime === 'simples' ? sources.payroll(company.id, addMonths(period, -12), period) : {},
    items: month.items,
    declared: month.declared,
    invoices: { count: month.invoices.count, total: month.invoices.cents / 100 },
  })
}

/** The problems of a calculation as the API lists what is missing. */
export const issuesOf = (calculation: Calculation): MonthIssue[] =>
  calculation.problems.map(({ code, message }) => ({ code, message }))
