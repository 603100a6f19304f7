import { monthCalculation, type MonthBasisInput } from '@/kernel/tax'
import type { SimplesMonthView } from '@/schemas/simples/api'

// A month as `GET /companies/{id}/simples/{period}` answers it, calculated by the same rules the
// server runs (src/kernel/tax/calculation.ts) from a basis the test writes.

/** The same amount (reais) in each of these months, as cents by month. */
export const eachMonth = (months: readonly string[], reais: number) =>
  Object.fromEntries(months.map((month) => [month, Math.round(reais * 100)]))

/** The 12 months before a month (`YYYY-MM`), oldest first. */
export const twelveMonthsBefore = (period: string) =>
  Array.from({ length: 12 }, (_, i) => {
    const index = Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 13 + i
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
  })

export function monthAnswer(
  basis: Partial<MonthBasisInput> & Pick<MonthBasisInput, 'activities'>,
  view: Partial<SimplesMonthView> = {},
): SimplesMonthView {
  const calculation = monthCalculation({
    companyId: 'cmp-1',
    period: '2026-10',
    regime: 'simples',
    openedOn: null,
    revenue: {},
    payroll: {},
    items: [],
    declared: [],
    invoices: { count: basis.items?.length ?? 0, total: 0 },
    ...basis,
  })
  return {
    ...calculation,
    status: 'open',
    missing: calculation.problems,
    guide: null,
    closedAt: null,
    lateInvoices: [],
    ...view,
  }
}
