import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { monthCalculation, restatedWithoutLocalTaxes, type RevenueItem } from '@/kernel/tax'
import { MonthBreakdown } from '@/screens/simples/MonthBreakdown'
import { designActivity } from '../support/activities'
import { eachMonth, monthAnswer } from '../support/simples-month'

// A company in its opening year that went more than 20 % over the proportional sublimit: the
// month page shows the months it closed before, done again without ICMS and ISS (LC 123/2006,
// art. 3º, § 11), with what each closed DAS carried and what the month owes now. The figures are
// the kernel's (src/kernel/tax/calculation.ts `restatedWithoutLocalTaxes`), as the server's
// mock-server/domain/simples/months.ts answers them.

afterEach(cleanup)

const OPENED = '2026-07-01'
const payroll = eachMonth(
  ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12'],
  150_000,
)
const service = (reais: number): RevenueItem => ({
  service: '23.01',
  cnae: null,
  segment: 'normal',
  cents: Math.round(reais * 100),
})
const closedMonth = (period: string, before: readonly string[]) =>
  monthCalculation({
    companyId: 'cmp-1',
    period,
    regime: 'simples',
    openedOn: OPENED,
    activities: [designActivity],
    revenue: eachMonth(before, 400_000),
    payroll,
    items: [service(400_000)],
    declared: [],
    invoices: { count: 1, total: 400_000 },
  })

describe('the opening year done again from its start', () => {
  it('12/2026 over the proportional sublimit by more than 20 %: August to November listed with the closed DAS, the DAS owed now and the ICMS and ISS now outside it', () => {
    const closed = [
      closedMonth('2026-08', ['2026-07']),
      closedMonth('2026-09', ['2026-07', '2026-08']),
      closedMonth('2026-10', ['2026-07', '2026-08', '2026-09']),
      closedMonth('2026-11', ['2026-07', '2026-08', '2026-09', '2026-10']),
    ]
    const restated = closed.map(restatedWithoutLocalTaxes)
    const month = monthAnswer(
      {
        period: '2026-12',
        openedOn: OPENED,
        activities: [designActivity],
        revenue: eachMonth(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'], 400_000),
        payroll,
        items: [service(400_000)],
      },
      { restated },
    )
    expect(month.limits?.sublimitEffect).toBe('retroactive')

    render(<MonthBreakdown month={month} />)
    const table = screen.getByRole('table', {
      name: 'Meses do ano de início refeitos sem ICMS e ISS',
    })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      '08/2026',
      '09/2026',
      '10/2026',
      '11/2026',
    ])
    // August, as the kernel's unit test works it out (tests/unit/tax-year.test.ts): closed with
    // R$ 102.632,55, owed now R$ 78.000,00, and the R$ 20.000,00 of ISS it carried now due to
    // the municipality.
    expect(rows[0]).toHaveTextContent(/R\$\s102\.632,55/)
    expect(rows[0]).toHaveTextContent(/R\$\s78\.000,00/)
    expect(rows[0]).toHaveTextContent(/R\$\s20\.000,00/)
    // Every row: the DAS owed now is the one closed less what leaves it, never more.
    for (const [index, row] of restated.entries()) {
      expect(row.das).toBeLessThan(row.closedDas)
      expect(rows[index]).toHaveTextContent(row.period.slice(5))
    }
    expect(screen.getByText(/cada PGDAS-D abaixo deve ser retificado/)).toBeInTheDocument()
  })

  it('a month of a company within its limits lists nothing done again', () => {
    const month = monthAnswer({
      period: '2026-10',
      openedOn: '2025-03-01',
      activities: [designActivity],
      revenue: eachMonth(['2026-07', '2026-08', '2026-09'], 20_000),
      payroll,
      items: [service(20_000)],
    })
    render(<MonthBreakdown month={month} />)
    expect(screen.queryByRole('table', { name: /refeitos sem ICMS e ISS/ })).toBeNull()
  })
})
