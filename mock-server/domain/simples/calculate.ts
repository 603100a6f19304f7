import { monthCalculation, type MonthCalculation } from '../../../src/kernel/tax/calculation'
import type { CompanyFacts } from './facts'
import type { MonthBasis } from './sources'

// The month of one company from its facts and its basis, both read before (domain/simples/facts.ts,
// domain/simples/sources.ts); src/kernel/tax/calculation.ts calculates it. Reads nothing.

export type Calculation = MonthCalculation

/** The month of a company from its facts and the basis its sources gave (`basisOf`). */
export function calculate(
  facts: Pick<CompanyFacts, 'company' | 'regime' | 'openedOn' | 'activities'>,
  period: string,
  basis: MonthBasis,
): Calculation {
  return monthCalculation({
    companyId: facts.company.id,
    period,
    regime: facts.regime,
    openedOn: facts.openedOn,
    activities: facts.activities,
    revenue: basis.revenue,
    payroll: basis.payroll,
    items: basis.month.items,
    declared: basis.month.declared,
    invoices: { count: basis.month.invoices.count, total: basis.month.invoices.cents / 100 },
  })
}
