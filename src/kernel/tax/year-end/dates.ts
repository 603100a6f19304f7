import { monthIndex } from '../../dates'
import { lastDayOf, nextMonth, onOrBeforeBusinessDay } from '../calendar'

// The year's deadlines: the DARF of the dividend withholding, the partners' income report, the
// DEFIS and the DASN-SIMEI; and how many months (or fractions) a declaration is late. Each date
// with its source in `yearEndDateSources` (tests/unit/year-end.test.ts names them).

export const yearEndDateSources = {
  DARF_1841_DUE:
    'Lei nº 11.196/2005, art. 70, I, "e" (IRRF sobre lucros e dividendos: último dia útil do 2º decêndio do mês seguinte ao do pagamento)',
  INCOME_REPORT_DUE:
    'IN RFB nº 2.060/2021, art. 2º (comprovante de rendimentos entregue até o último dia útil de fevereiro do ano seguinte)',
  DEFIS_DUE: 'Resolução CGSN nº 140/2018, art. 72, § 1º (DEFIS até 31 de março do ano seguinte)',
  DASN_SIMEI_DUE:
    'Resolução CGSN nº 140/2018, art. 109 (DASN-SIMEI até 31 de maio do ano seguinte)',
} as const

/** The last day banks open in a `YYYY-MM` month. */
export const lastBusinessDayOf = (period: string) => onOrBeforeBusinessDay(lastDayOf(period))

/**
 * Due date of the DARF 1841 of profits paid on `paymentDate` (`YYYY-MM-DD`): the last business day
 * of the second ten-day period (days 11 to 20) of the next month — 15/06/2026 → 20/07/2026.
 */
export const darf1841DueDate = (paymentDate: string) =>
  onOrBeforeBusinessDay(`${nextMonth(paymentDate.slice(0, 7))}-20`)

/** The partners' income report of `year` is due the last business day of February after it. */
export const incomeReportDueDate = (year: number) => lastBusinessDayOf(`${year + 1}-02`)

/** The DEFIS of `year` is due on 31 March of the next year. */
export const defisDueDate = (year: number) => `${year + 1}-03-31`

/** The DASN-SIMEI of `year` is due on 31 May of the next year. */
export const dasnSimeiDueDate = (year: number) => `${year + 1}-05-31`

/** A declaration of `year` may be delivered from 1 January of the next year. */
export const deliverableFrom = (year: number) => `${year + 1}-01-01`

/**
 * Calendar months or fractions from the day after `dueDate` to `deliveredOn`, both `YYYY-MM-DD`
 * (the fines count "por mês-calendário ou fração"): due 31/03, delivered 15/05 → 2 (April, and
 * May's fraction); delivered on or before the due date → 0.
 */
export function monthsOrFractionLate(dueDate: string, deliveredOn: string): number {
  if (deliveredOn <= dueDate) return 0
  // The months after the due date's, up to the delivery's, each counted whole; a due date before
  // its month's end leaves that month's rest as a fraction of its own.
  const endOfDueMonth = lastDayOf(dueDate.slice(0, 7))
  const months = monthIndex(deliveredOn.slice(0, 7)) - monthIndex(dueDate.slice(0, 7))
  return dueDate === endOfDueMonth ? months : months + 1
}
