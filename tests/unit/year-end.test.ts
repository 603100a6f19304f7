import { describe, expect, it } from 'vitest'
import {
  darf1841DueDate,
  dasnSimei,
  dasnSimeiDueDate,
  dasnSimeiLateFine,
  dasnSources,
  defisDueDate,
  defisLateFine,
  exemptProfits,
  exemptShares,
  fineSources,
  incomeReportBlocks,
  incomeReportDueDate,
  incomeReportSources,
  monthsOrFractionLate,
  monthTaxOn,
  monthWithholding,
  presumptionOf,
  profitSources,
  resultsUpTo2025Problem,
  withholdingMessages,
  withholdingSources,
  yearEndDateSources,
} from '@/kernel/tax/year-end'
import type { ActivityTax } from '@/schemas/cnae'
import { cnaeCatalog } from '../../mock-server/reference/cnaes'
import { simplesMonth } from '@/kernel/tax'

// The year's rules against the worked examples of docs/product.md and the law; each test names
// its source.

const reais = (value: number) => Math.round(value * 100)

describe('exempt profits of a Simples ME/EPP', () => {
  it(`services: 32 % of R$ 360.000 less IRPJ R$ 14.000 → R$ 101.200 — ${profitSources.EXEMPT_PROFITS}; ${profitSources.PRESUMPTION_SERVICES}`, () => {
    const result = exemptProfits({
      activities: [
        {
          cnae: '7410299',
          text: 'Design',
          annex: 'III',
          revenue: reais(360_000),
          irpj: reais(14_000),
        },
      ],
      das: reais(40_000),
    })
    expect(result.presumed).toBe(reais(115_200))
    expect(result.presumptionRate).toBe(3_200)
    expect(result.exemptLimit).toBe(reais(101_200))
    expect(result.basis).toBe('presumption')
  })

  it(`commerce: 8 % of R$ 360.000 less IRPJ R$ 1.118,70 → R$ 27.681,30 — ${profitSources.PRESUMPTION_GENERAL}`, () => {
    const result = exemptProfits({
      activities: [
        {
          cnae: '4781400',
          text: 'Roupas',
          annex: 'I',
          revenue: reais(360_000),
          irpj: reais(1_118.7),
        },
      ],
      das: reais(20_340),
    })
    expect(result.exemptLimit).toBe(reais(27_681.3))
    // LC 123's literal text deducts the whole DAS: 28.800 − 20.340.
    expect(result.literalLimit).toBe(reais(8_460))
  })

  it(`commerce through the PGDAS-D engine: twelve months of R$ 30.000 at RBT12 R$ 360.000 → DAS R$ 20.340, IRPJ 5,5 % of it — ${profitSources.EXEMPT_PROFITS}`, () => {
    const activities = cnaeCatalog().taxOf(['4781400'])
    let das = 0
    let irpj = 0
    for (let month = 1; month <= 12; month++) {
      const period = `2026-${String(month).padStart(2, '0')}`
      const revenue: Record<string, number> = {}
      for (let back = 1; back <= 24; back++) {
        const index = 2026 * 12 + month - 1 - back
        revenue[`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`] =
          reais(30_000)
      }
      const result = simplesMonth({
        period,
        openedOn: '2020-01-10',
        activities,
        revenue,
        payroll: {},
        items: [
          { service: null, cnae: '4781400', annex: 'I', segment: 'normal', cents: reais(30_000) },
        ],
      })
      das += reais(result.das.amount)
      irpj += reais(result.taxes.IRPJ)
    }
    expect(das).toBe(reais(20_340))
    // Each month's IRPJ is its share rounded to the cent: 12 × 93,23 against 1.118,70 exact.
    expect(Math.abs(irpj - reais(1_118.7))).toBeLessThanOrEqual(12)
    const limit = exemptProfits({
      activities: [{ cnae: '4781400', text: 'Roupas', annex: 'I', revenue: reais(360_000), irpj }],
      das,
    })
    expect(Math.abs(limit.exemptLimit - reais(27_681.3))).toBeLessThanOrEqual(12)
  })

  it(`the books' higher profit is exempt instead — ${profitSources.BOOKS}`, () => {
    const activities = [
      {
        cnae: '7410299',
        text: 'Design',
        annex: 'III' as const,
        revenue: reais(360_000),
        irpj: reais(14_000),
      },
    ]
    const higher = exemptProfits({ activities, das: 0, booksProfit: reais(150_000) })
    expect(higher.basis).toBe('books')
    expect(higher.exemptLimit).toBe(reais(150_000))
    const lower = exemptProfits({ activities, das: 0, booksProfit: reais(50_000) })
    expect(lower.basis).toBe('presumption')
    expect(lower.exemptLimit).toBe(reais(101_200))
  })

  it(`presumption by activity — ${profitSources.PRESUMPTION_FUEL}; ${profitSources.PRESUMPTION_PASSENGERS}; ${profitSources.PRESUMPTION_CARGO}; ${profitSources.PRESUMPTION_HOSPITAL}`, () => {
    expect(presumptionOf('4731800', 'I').rate).toBe(160)
    expect(presumptionOf('4929902', 'III').rate).toBe(1_600)
    expect(presumptionOf('4930202', 'III').rate).toBe(800)
    expect(presumptionOf('8610101', 'III', 'private_limited').rate).toBe(800)
    expect(presumptionOf('8610101', 'III', 'simple_partnership').rate).toBe(3_200)
    expect(presumptionOf('1412601', 'II').rate).toBe(800)
    expect(presumptionOf('6911701', 'IV').rate).toBe(3_200)
  })

  it('splits the limit among partners in proportion to what each received', () => {
    const shares = exemptShares(
      [
        { partnerId: 'a', amount: 60_000 },
        { partnerId: 'b', amount: 40_000 },
      ],
      50_001,
    )
    expect(shares.map((s) => s.exempt)).toEqual([30_001, 20_000])
    expect(shares.reduce((t, s) => t + s.exempt, 0)).toBe(50_001)
    expect(exemptShares([{ partnerId: 'a', amount: 10 }], 20)[0]!.taxable).toBe(0)
  })
})

describe(`the 10 % on profits from 2026 — ${withholdingSources.DIVIDEND_WITHHOLDING}`, () => {
  const pay = (id: string, date: string, amount: number, excepted = false) => ({
    id,
    date,
    amount: reais(amount),
    excepted,
  })

  it('R$ 50.000,00 in a month → nothing; R$ 50.000,01 → R$ 5.000,00', () => {
    expect(monthTaxOn(reais(50_000), '2026-06')).toBe(0)
    expect(monthTaxOn(reais(50_000.01), '2026-06')).toBe(reais(5_000))
  })

  it('R$ 60.000 in one month → R$ 6.000,00 withheld', () =>
    expect(monthWithholding([pay('a', '2026-06-15', 60_000)])[0]!.irrf).toBe(reais(6_000)))

  it('30.000 + 30.000 in one month → the second withholds 6.000,00', () =>
    expect(
      monthWithholding([pay('a', '2026-06-05', 30_000), pay('b', '2026-06-25', 30_000)]).map(
        (row) => row.irrf,
      ),
    ).toEqual([0, reais(6_000)]))

  it('30.000 in June and 30.000 in July → nothing (each month apart)', () => {
    expect(monthWithholding([pay('a', '2026-06-05', 30_000)])[0]!.irrf).toBe(0)
    expect(monthWithholding([pay('b', '2026-07-05', 30_000)])[0]!.irrf).toBe(0)
  })

  it('payments recorded out of order are taken in date order', () =>
    expect(
      monthWithholding([pay('late', '2026-06-25', 30_000), pay('early', '2026-06-05', 30_000)]).map(
        (row) => row.irrf,
      ),
    ).toEqual([reais(6_000), 0]))

  it('before 2026 nothing is withheld', () =>
    expect(monthWithholding([pay('a', '2025-12-15', 60_000)])[0]!.irrf).toBe(0))

  it(`results up to 2025 approved by 31/01/2026 are not withheld nor counted — ${withholdingSources.RESULTS_UP_TO_2025}`, () => {
    expect(
      monthWithholding([
        pay('old', '2026-06-05', 80_000, true),
        pay('new', '2026-06-10', 40_000),
      ]).map((row) => row.irrf),
    ).toEqual([0, 0])
    expect(resultsUpTo2025Problem('2026-06-05', '2026-01-31')).toBeNull()
    expect(resultsUpTo2025Problem('2026-06-05', '2026-02-01')).toBe(
      withholdingMessages.approvalTooLate,
    )
    expect(resultsUpTo2025Problem('2026-06-05', null)).toBe(withholdingMessages.approvalRequired)
    expect(resultsUpTo2025Problem('2029-01-02', '2025-12-20')).toBe(withholdingMessages.paidTooLate)
  })

  it(`DARF 1841 of a 15/06/2026 payment is due 20/07/2026 — ${yearEndDateSources.DARF_1841_DUE}`, () => {
    expect(darf1841DueDate('2026-06-15')).toBe('2026-07-20')
    // 20/09/2026 is a Sunday: the last business day of the second ten-day period is Friday 18.
    expect(darf1841DueDate('2026-08-03')).toBe('2026-09-18')
  })
})

describe('the partners’ income report', () => {
  it(`due the last business day of February — ${yearEndDateSources.INCOME_REPORT_DUE}`, () => {
    expect(incomeReportDueDate(2026)).toBe('2027-02-26')
    expect(incomeReportDueDate(2025)).toBe('2026-02-27')
  })

  it(`quadro 3 lines 1, 2 and 5; quadro 4 line 6 — ${incomeReportSources.MODEL}; ${incomeReportSources.EXEMPT_LINE}`, () => {
    const blocks = incomeReportBlocks(2026, {
      proLabore: reais(102_000),
      inss: reais(11_187.72),
      irrf: reais(14_068.56),
      profits: reais(120_000),
      exemptProfits: reais(101_200),
      profitsIrrf: reais(6_000),
    })
    const line = (quadro: number, n: number) =>
      blocks.find((b) => b.quadro === quadro)!.lines.find((l) => l.line === n)!.amount
    expect(line(3, 1)).toBe(reais(102_000))
    expect(line(3, 2)).toBe(reais(11_187.72))
    expect(line(3, 5)).toBe(reais(14_068.56))
    expect(line(4, 6)).toBe(reais(101_200))
    const notes = blocks.find((b) => b.quadro === 7)!.lines
    expect(notes.map((n) => n.amount)).toEqual([reais(18_800), reais(6_000)])
  })
})

describe('the DEFIS', () => {
  it(`due 31 March of the next year — ${yearEndDateSources.DEFIS_DUE}`, () =>
    expect(defisDueDate(2026)).toBe('2027-03-31'))

  it(`delivered 15/05/2027 with R$ 60.300 of DAS → fine R$ 1.206,00 — ${fineSources.DEFIS_FINE}`, () => {
    const fine = defisLateFine(2026, reais(60_300), '2027-05-15')!
    expect(fine.months).toBe(2)
    expect(fine.gross).toBe(reais(2_412))
    expect(fine.fine).toBe(reais(1_206))
  })

  it('on time → no fine; at most 20 %; at least R$ 200,00 (not reduced)', () => {
    expect(defisLateFine(2026, reais(60_300), '2027-03-31')).toBeNull()
    expect(defisLateFine(2026, reais(60_300), '2028-12-01')!.gross).toBe(reais(12_060))
    expect(defisLateFine(2026, reais(3_000), '2027-04-02')!.fine).toBe(reais(200))
  })

  it(`the fine starts with the DEFIS of 2025 — ${fineSources.DEFIS_FINE_FIRST_YEAR}`, () => {
    expect(defisLateFine(2024, reais(60_300), '2026-05-15')).toBeNull()
    expect(defisLateFine(2025, reais(60_300), '2026-11-28')!.months).toBe(8)
  })

  it('months or fraction after the due date', () => {
    expect(monthsOrFractionLate('2027-03-31', '2027-04-01')).toBe(1)
    expect(monthsOrFractionLate('2027-03-31', '2027-04-30')).toBe(1)
    expect(monthsOrFractionLate('2027-03-31', '2027-05-01')).toBe(2)
  })
})

describe('the DASN-SIMEI', () => {
  const services = cnaeCatalog().taxOf(['9511800']) as ActivityTax[]
  const commerce = cnaeCatalog().taxOf(['4781400']) as ActivityTax[]

  it(`due 31 May of the next year — ${yearEndDateSources.DASN_SIMEI_DUE}`, () =>
    expect(dasnSimeiDueDate(2026)).toBe('2027-05-31'))

  it(`services R$ 90.000 in 2026 → excess R$ 9.000 (11,1 %) → DAS R$ 540,00, ME from 01/01/2027 — ${dasnSources.UP_TO_20}`, () => {
    const result = dasnSimei({
      year: 2026,
      openedOn: '2021-03-10',
      revenue: { commerce: 0, industry: 0, services: reais(90_000) },
      activities: services,
    })
    expect(result.limit).toBe(reais(81_000))
    expect(result.excess).toBe(reais(9_000))
    expect(result.excessShare).toBe(1_111)
    expect(result.outcome).toBe('excess-up-to-20')
    expect(result.complementaryDas!.amount).toBe(reais(540))
    expect(result.complementaryDas!.dueDate).toBe('2027-02-22')
    expect(result.meFrom).toBe('2027-01-01')
  })

  it(`opened in July 2026 with R$ 45.000 → limit R$ 40.500, DAS R$ 270,00 (services) or R$ 180,00 (commerce) — ${dasnSources.LIMIT}`, () => {
    const opened = (activities: ActivityTax[], kind: 'services' | 'commerce') =>
      dasnSimei({
        year: 2026,
        openedOn: '2026-07-20',
        revenue: { commerce: 0, industry: 0, services: 0, [kind]: reais(45_000) },
        activities,
      })
    const result = opened(services, 'services')
    expect(result.limit).toBe(reais(40_500))
    expect(result.excess).toBe(reais(4_500))
    expect(result.complementaryDas!.amount).toBe(reais(270))
    expect(opened(commerce, 'commerce').complementaryDas!.amount).toBe(reais(180))
  })

  it(`more than 20 % over → MEI lost back to 1 January, every month recalculated — ${dasnSources.OVER_20}`, () => {
    const result = dasnSimei({
      year: 2026,
      openedOn: '2021-03-10',
      revenue: { commerce: 0, industry: 0, services: reais(100_000) },
      activities: services,
    })
    expect(result.outcome).toBe('excess-over-20')
    expect(result.complementaryDas).toBeNull()
    expect(result.meFrom).toBe('2026-01-01')
    expect(result.monthsToRecalculate).toHaveLength(12)
    const opening = dasnSimei({
      year: 2026,
      openedOn: '2026-07-20',
      revenue: { commerce: 0, industry: 0, services: reais(60_000) },
      activities: services,
    })
    expect(opening.meFrom).toBe('2026-07-20')
    expect(opening.monthsToRecalculate[0]).toBe('2026-07')
  })

  it('within the limit (R$ 97.200 is the 20 % line of a full year)', () => {
    const at = (amount: number) =>
      dasnSimei({
        year: 2026,
        openedOn: '2021-03-10',
        revenue: { commerce: 0, industry: 0, services: reais(amount) },
        activities: services,
      }).outcome
    expect(at(81_000)).toBe('within')
    expect(at(97_200)).toBe('excess-up-to-20')
    expect(at(97_200.01)).toBe('excess-over-20')
  })

  it(`late: 2 % a month on the taxes declared, at most 20 %, half before notice, at least R$ 50,00 — ${fineSources.DASN_SIMEI_FINE}`, () => {
    expect(dasnSimeiLateFine(2026, reais(1_032.6), '2027-05-31')).toBeNull()
    expect(dasnSimeiLateFine(2026, reais(1_032.6), '2027-06-10')!.fine).toBe(reais(50))
    const years = dasnSimeiLateFine(2026, reais(1_572.6), '2029-06-10')!
    expect(years.gross).toBe(reais(314.52))
    expect(years.fine).toBe(reais(157.26))
  })
})
