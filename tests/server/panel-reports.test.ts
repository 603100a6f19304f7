import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BankTransaction } from '../../src/schemas/bank'
import { recordOf } from '../../src/schemas/common'
import type { Company } from '../../src/schemas/company'
import { periodRange, todayInBrazil } from '../../src/schemas/finance-common'
import type { NfsRequest } from '../../src/schemas/invoice'
import { simplesSummarySchema } from '../../src/schemas/report'
import { FATOR_R_PAYROLL_CATEGORIES } from '../../src/schemas/tax'
import { recentMonths } from '../../mock-server/finance/statement-generator'
import { ANA, BRUNO, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const cents = (values: number[]) =>
  Math.round(values.reduce((sum, v) => sum + Math.round(v * 100), 0)) / 100

describe('GET /reports/simples-nacional', () => {
  const window = () => {
    const months = recentMonths(todayInBrazil(), 13)
    return {
      month: months[12]!,
      from: `${months[0]}-01`,
      to: periodRange(months[11]!)!.to,
    }
  }

  it('sums issued invoices and payroll of the 12 months before the current month', async () => {
    const res = await server.call('GET', `/reports/simples-nacional?${OWN}`, { as: ANA })
    expect(res.status).toBe(200)
    const { data } = recordOf(simplesSummarySchema).parse(res.body)
    const { month, from, to } = window()
    expect({ month: data.month, from: data.from, to: data.to }).toEqual({ month, from, to })

    const issued = server.store.data.nfsRequests.filter(
      (r: NfsRequest) => r.companyId === 'cmp-ana-design' && r.status === 'issued',
    )
    const inWindow = issued.filter((r: NfsRequest) => r.date >= from && r.date <= to)
    expect(data.revenue).toBe(cents(inWindow.map((r: NfsRequest) => r.totalValue)))
    expect(data.currentMonthRevenue).toBe(
      cents(issued.filter((r: NfsRequest) => r.date.startsWith(month)).map((r) => r.totalValue)),
    )
    // Ana's company has been active since March 2025: a full year, RBT12 is the revenue itself.
    expect(data.monthsOfActivity).toBe(12)
    expect(data.rbt12).toBe(data.revenue)

    const payroll = server.store.data.bankTransactions.filter(
      (t: BankTransaction) =>
        t.companyId === 'cmp-ana-design' &&
        t.date >= from &&
        t.date <= to &&
        (FATOR_R_PAYROLL_CATEGORIES as readonly string[]).includes(t.taxCategoryId ?? ''),
    )
    expect(payroll.length).toBeGreaterThan(0)
    expect(data.payroll).toBe(cents(payroll.map((t: BankTransaction) => -t.amount)))
    expect(cents(data.payrollByCategory.map((c) => c.total))).toBe(data.payroll)
    expect(data.payrollByCategory.map((c) => c.taxCategory.id)).toContain('pro-labore')
  })

  it("describes the company's activities for the tax rules: annexes, fator R, MEI occupations", async () => {
    const ana = await server.call('GET', `/reports/simples-nacional?${OWN}`, { as: ANA })
    const { data } = recordOf(simplesSummarySchema).parse(ana.body)
    // Main activity first, as the company lists them.
    expect(data.activities.map((activity) => activity.code)).toEqual(['7410299', '7319003'])
    expect(data.activities[0]).toMatchObject({
      text: 'Atividades de design não especificadas anteriormente',
      simplesAnnexes: ['III', 'V'],
      fatorR: true,
    })
    expect(data.activities[0]!.basis).toMatch(/LC 123\/2006/)

    const law = await server.call(
      'GET',
      '/reports/simples-nacional?companyId=cmp-marina-advocacia',
      {
        as: 'marina@andradelins.adv.br',
      },
    )
    expect(law.status).toBe(200)
    expect(law.body.data.activities).toEqual([
      expect.objectContaining({ code: '6911701', simplesAnnexes: ['IV'], fatorR: false }),
    ])
    expect(law.body.data.rbt12).toBeGreaterThan(0)

    const mei = await server.call(
      'GET',
      '/reports/simples-nacional?companyId=cmp-marcelo-techfix',
      { as: 'marcelo.techfix.jp@gmail.com' },
    )
    expect(mei.body.data.activities[0].meiOccupations).toEqual([
      { occupation: 'Técnico(a) de manutenção de computador independente', iss: true, icms: false },
    ])
  })

  it('scales the revenue to 12 months for a company opened less than a year ago', async () => {
    const company = server.store.data.companies.find((c: Company) => c.id === 'cmp-ana-design')!
    const { month } = window()
    const months = recentMonths(todayInBrazil(), 13)
    // Active from four months before the current one.
    const openedMonth = months[8]!
    company.statusHistory = [
      { from: 'opening', to: 'active', at: `${openedMonth}-15T12:00:00.000Z`, by: 'system' },
    ]
    server.store.write(() => server.store.companies.update(company))
    const res = await server.call('GET', `/reports/simples-nacional?${OWN}`, { as: ANA })
    const { data } = recordOf(simplesSummarySchema).parse(res.body)
    expect(data.month).toBe(month)
    expect(data.monthsOfActivity).toBe(4)
    // Res. CGSN 140/2018, art. 22, § 2º: the average of the 4 months of activity × 12.
    expect(data.rbt12).toBe(Math.round((data.revenue * 100 * 12) / 4) / 100)
    await server.store.reset()
  })

  it('refuses other companies and anonymous callers', async () => {
    expect(
      (await server.call('GET', `/reports/simples-nacional?${OWN}`, { as: BRUNO })).status,
    ).toBe(403)
    expect((await server.call('GET', '/reports/simples-nacional')).status).toBe(401)
  })
})
