import type { Company } from '../../../src/schemas/company'
import type { MonthCalculation } from '../../../src/kernel/tax/calculation'
import type { Store } from '../../store/database'
import type { CompanyFacts } from '../simples/facts'
import { noteMonthClosed } from './company-year'
import { yearFactsOf } from './facts'

// What the year does when something it counts changes elsewhere. The month close calls this
// inside its transaction (mock-server/simples/months.ts), so the year-end queue's row is written
// with the month it counts — never computed when the queue is read.

/**
 * After a month closed: its year keeps the month's figures and its row follows (`month`: the
 * company's facts the close read, in the same transaction).
 */
export function yearAfterMonthClose(
  store: Store,
  company: Company,
  calculation: MonthCalculation,
  now: string,
  month?: CompanyFacts,
) {
  const facts = yearFactsOf(store, company, month)
  if (facts) noteMonthClosed(store, facts, calculation, now)
}
