import { describe, expect, it } from 'vitest'
import { isValidBoleto } from '@brazilian-utils/brazilian-utils'
import { paymentLineProblem } from '@/schemas/payment-line'
import {
  calendarSources,
  centsOfLine,
  collectionLine,
  dasDueDate,
  dctfWebDueDate,
  INSS_CEILING_2026,
  irrfOf,
  ISS_MAX_RATE,
  LATE_FINE_MAX,
  LATE_FINE_PER_DAY,
  latePaymentOf,
  latePaymentSources,
  NATIONAL_HOLIDAYS,
  payrollOf,
  payrollSources,
  proLaboreOf,
  rbt12Sources,
  SelicMissing,
  SIMPLES_DISTRIBUTION,
  SIMPLES_SUBLIMIT,
  simplesMonth,
  simplesMonthSources,
  simplesTableSources,
  simplesTaxes,
  UnknownCalendarYear,
  type Monthly,
  type RevenueItem,
  type SimplesMonthInput,
} from '@/kernel/tax'
import type { SimplesAnnex } from '@/schemas/cnae'
import { cnaeCatalog } from '../../mock-server/reference/cnaes'

// The Simples Nacional month (PGDAS-D), the pró-labore and the guides, checked against the figures
// the law and the PGDAS-D manual give for 2026 (DOMAIN.md "How a month is calculated" and
// "Pró-labore 2026"); each test names its source.

const activities = (...codes: string[]) => cnaeCatalog().taxOf(codes)
const cents = (reais: number) => Math.round(reais * 100)

/** Every month from `from` to `to` with the same amount (cents). */
function monthly(from: string, to: string, reais: number): Record<string, number> {
  const result: Record<string, number> = {}
  let [year, month] = from.split('-').map(Number) as [number, number]
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number]
  while (year < toYear || (year === toYear && month <= toMonth)) {
    result[`${year}-${String(month).padStart(2, '0')}`] = cents(reais)
    month += 1
    if (month === 13) [year, month] = [year + 1, 1]
  }
  return result
}

const service = (
  code: string,
  reais: number,
  segment: RevenueItem['segment'] = 'normal',
): RevenueItem => ({
  service: code,
  cnae: null,
  segment,
  cents: cents(reais),
})

function month(input: Partial<SimplesMonthInput> & { items: RevenueItem[] }) {
  return simplesMonth({
    period: '2026-09',
    openedOn: null,
    activities: activities('6911701'),
    revenue: {} as Monthly,
    payroll: {} as Monthly,
    ...input,
  })
}

const sumOf = (taxes: Record<string, number>) =>
  Object.values(taxes).reduce((total, value) => total + cents(value), 0) / 100

describe(`distribution of the effective rate — ${simplesTableSources.SIMPLES_DISTRIBUTION_ANNEX_III}`, () => {
  for (const annex of Object.keys(SIMPLES_DISTRIBUTION) as SimplesAnnex[])
    SIMPLES_DISTRIBUTION[annex].forEach((row, index) =>
      it(`Annex ${annex}, ${index + 1}ª faixa sums to 100 % — ${simplesTableSources[`SIMPLES_DISTRIBUTION_ANNEX_${annex}`]}`, () =>
        expect(Object.values(row).reduce((total, share) => total + share, 0)).toBe(10_000)),
    )
  it('the 6th bracket has no ICMS nor ISS share (they go by the 5th) — Resolução CGSN 140/2018, art. 21, III, b', () => {
    for (const annex of Object.keys(SIMPLES_DISTRIBUTION) as SimplesAnnex[]) {
      expect(SIMPLES_DISTRIBUTION[annex][5]!.ISS).toBeUndefined()
      expect(SIMPLES_DISTRIBUTION[annex][5]!.ICMS).toBeUndefined()
    }
  })
  it('Annex II 6ª: PIS is 4,54 % (the law), not the 23,5 % of a widely copied table', () =>
    expect(SIMPLES_DISTRIBUTION.II[5]!.PIS).toBe(454))
  it('Annex IV has no CPP in any bracket (paid outside the DAS) — LC 123/2006, art. 18, § 5º-C', () =>
    expect(SIMPLES_DISTRIBUTION.IV.every((row) => row.CPP === undefined)).toBe(true))
})

describe(`ISS at most 5 % — ${simplesTableSources.ISS_MAX_RATE}`, () => {
  const law = activities('6911701') // Annex IV
  const design = activities('7410299') // Annex III with fator R ≥ 28 %
  const twelve = (rbt12: number) => monthly('2025-09', '2026-08', rbt12 / 12)
  const highPayroll = monthly('2025-09', '2026-08', 1_000_000)

  it('the cap is 5 %', () => expect(ISS_MAX_RATE).toBe(500))
  it('Annex III below RBT12 R$ 2.068.275,18: ISS is 33,5 % of the 5ª effective rate, not capped', () => {
    const result = month({
      activities: design,
      revenue: twelve(2_068_200),
      payroll: highPayroll,
      items: [service('23.01', 100_000)],
    })
    const row = result.activities[0]!
    expect(row.annex).toBe('III')
    expect(row.bracket).toBe(5)
    expect(row.taxes.ISS).toBeLessThan(5_000)
    expect(row.taxes.ISS).toBeGreaterThan(4_999)
  })
  it('Annex III at RBT12 R$ 3 mi: effective 16,812 %; ISS 5 % (not 5,63202 %), the excess to the federal taxes, the total unchanged', () => {
    const result = month({
      activities: design,
      revenue: twelve(3_000_000),
      payroll: highPayroll,
      items: [service('23.01', 100_000)],
    })
    const row = result.activities[0]!
    expect(row.effectiveRate).toBeCloseTo(0.16812, 10)
    expect(row.amount).toBe(16_812)
    expect(row.taxes.ISS).toBe(5_000)
    expect(sumOf(row.taxes)).toBe(16_812)
    // Each federal tax got its share of the excess: more than e × its share alone.
    expect(row.taxes.CPP).toBeGreaterThan(7_296.41)
    expect(row.taxes.IRPJ).toBeGreaterThan(672.48)
    // The excess (0,63202 % of revenue) goes by the law's printed coefficients 6,02/5,26/19,28/4,18/65,26.
    const excess = 632.02
    expect(((row.taxes.CPP - 7_296.41) / excess) * 100).toBeCloseTo(65.26, 1)
    expect(((row.taxes.IRPJ - 672.48) / excess) * 100).toBeCloseTo(6.02, 1)
  })
  it('Annex IV from RBT12 R$ 1.934.526,32 (effective rate above 12,5 %): ISS capped at 5 %', () => {
    const below = month({
      activities: law,
      revenue: twelve(1_934_000),
      items: [service('17.14', 10_000)],
    })
    const above = month({
      activities: law,
      revenue: twelve(2_004_000),
      items: [service('17.14', 10_000)],
    })
    expect(below.activities[0]!.taxes.ISS).toBeLessThan(500)
    // (2.004.000 × 22 % − 183.780) / 2.004.000 = 12,8293… %; ISS 40 % of it = 5,13 % → 5 %.
    expect(above.activities[0]!.effectiveRate).toBeCloseTo(0.128293, 6)
    expect(above.activities[0]!.taxes.ISS).toBe(500)
    expect(above.activities[0]!.amount).toBe(1_282.93)
    expect(above.activities[0]!.taxes.CPP).toBe(0)
  })
})

describe(`6th bracket and the R$ 3,6 mi sublimit — ${simplesTableSources.SIMPLES_SUBLIMIT}; ${simplesTableSources.SIXTH_BRACKET}`, () => {
  const design = activities('7410299')
  // RBT12 R$ 4,5 mi (R$ 375 mil a month since 09/2025); R$ 3,0 mi from January to August 2026.
  const revenue = monthly('2025-09', '2026-08', 375_000)
  const payroll = monthly('2025-09', '2026-08', 150_000)

  it('the sublimit is R$ 3,6 mi in 2026', () => expect(SIMPLES_SUBLIMIT).toBe(3_600_000))
  it("the PGDAS-D manual's example: Annex III, RBT12 R$ 4,5 mi, R$ 600 mil within the sublimit → 18,60 % + ISS 5 % (6,09968 % capped) = 24,69968 % → R$ 148.198,08", () => {
    const result = month({
      activities: design,
      revenue,
      payroll,
      items: [service('23.01', 600_000)],
    })
    const row = result.activities[0]!
    expect(result.rbt12).toBe(4_500_000)
    expect(row.bracket).toBe(6)
    expect(row.effectiveRate).toBeCloseTo(0.186, 12)
    expect(row.dasRate).toBeCloseTo(0.2469968, 12)
    expect(row.amount).toBe(148_198.08)
    expect(row.taxes.ISS).toBe(30_000)
    expect(sumOf(row.taxes)).toBe(148_198.08)
    expect(result.das.amount).toBe(148_198.08)
    expect(result.sublimit).toEqual({
      limit: 3_600_000,
      exceeded: false,
      excessRevenue: 0,
      impeded: false,
    })
  })
  it(`R$ 1,0 mi in the month: the R$ 400 mil above the sublimit pay ISS at the 5ª rate on R$ 3,6 mi (17,51 % × 33,5 %, capped at 5 %) — ${simplesMonthSources.SUBLIMIT_EXCESS}`, () => {
    const result = month({
      activities: design,
      revenue,
      payroll,
      items: [service('23.01', 1_000_000)],
    })
    // 600.000 × 24,69968 % + 400.000 × (18,6 % + 5 % + 0,86585 %) = 148.198,08 + 97.863,40.
    expect(result.das.amount).toBe(246_061.48)
    expect(result.taxes.ISS).toBe(50_000)
    expect(result.sublimit).toEqual({
      limit: 3_600_000,
      exceeded: true,
      excessRevenue: 400_000,
      impeded: false,
    })
  })
  it(`over R$ 4,32 mi earlier in the year (20 % above): ICMS and ISS leave the DAS from the next month — ${simplesTableSources.SIMPLES_SUBLIMIT_TOLERANCE}`, () => {
    const result = month({
      period: '2026-12',
      activities: design,
      revenue: monthly('2026-01', '2026-11', 400_000),
      payroll: monthly('2026-01', '2026-11', 150_000),
      items: [service('23.01', 600_000)],
    })
    expect(result.rbt12).toBe(4_400_000)
    expect(result.sublimit.impeded).toBe(true)
    expect(result.taxes.ISS).toBe(0)
    // Only the federal part: e(6ª) = (4,4 mi × 33 % − 648.000) / 4,4 mi = 18,2727… %.
    expect(result.das.amount).toBe(109_636.36)
  })
  it('over the sublimit in the year before: impeded the whole year', () => {
    const result = month({
      period: '2026-03',
      activities: design,
      revenue: {
        ...monthly('2025-01', '2025-12', 310_000),
        ...monthly('2026-01', '2026-02', 100_000),
      },
      payroll: monthly('2025-01', '2026-02', 120_000),
      items: [service('23.01', 100_000)],
    })
    expect(result.sublimit.impeded).toBe(true)
    expect(result.taxes.ISS).toBe(0)
  })
})

describe(`RBT12 and fator R of a young company — ${rbt12Sources.RBT12_YOUNG_COMPANY}; ${rbt12Sources.FATOR_R_YOUNG_COMPANY}`, () => {
  const design = activities('7410299')
  const opened = '2026-01-15'
  it(`1st month: RBT12 is the month × 12 and r is the month's payroll / revenue — ${rbt12Sources.RBT12_FIRST_MONTH}; ${rbt12Sources.FATOR_R_FIRST_MONTH}`, () => {
    const result = month({
      period: '2026-01',
      openedOn: opened,
      activities: design,
      payroll: { '2026-01': cents(3_000) },
      items: [service('23.01', 10_000)],
    })
    expect(result.rbt12Rule).toBe('first-month')
    expect(result.rbt12).toBe(120_000)
    expect(result.fatorR).toBe(0.3)
    expect(result.activities[0]!.annex).toBe('III')
    expect(result.das.amount).toBe(600)
  })
  it('6th month: payroll and revenue of the 6 months alike (30 %, Annex III), not payroll of 6 over an RBT12 of 12 (15 %, Annex V)', () => {
    const result = month({
      period: '2026-07',
      openedOn: opened,
      activities: design,
      revenue: monthly('2026-01', '2026-06', 10_000),
      payroll: monthly('2026-01', '2026-06', 3_000),
      items: [service('23.01', 10_000)],
    })
    expect(result.rbt12Rule).toBe('young-company')
    expect(result.monthsOfActivity).toBe(6)
    expect(result.rbt12).toBe(120_000)
    expect(result.payroll12).toBe(36_000)
    expect(result.fatorR).toBe(0.3)
    expect(result.activities[0]!.annex).toBe('III')
  })
  it('11th month: the average of the 11 months before × 12', () => {
    const result = month({
      period: '2026-12',
      openedOn: opened,
      activities: design,
      revenue: monthly('2026-01', '2026-11', 11_000),
      payroll: monthly('2026-01', '2026-11', 3_300),
      items: [service('23.01', 10_000)],
    })
    expect(result.monthsOfActivity).toBe(11)
    expect(result.rbt12).toBe(132_000)
    expect(result.fatorR).toBe(0.3)
    expect(result.activities[0]!.annex).toBe('III')
  })
  it('13th month on: the 12 months before', () => {
    const result = month({
      period: '2027-01',
      openedOn: opened,
      activities: design,
      revenue: monthly('2026-01', '2026-12', 10_000),
      payroll: monthly('2026-01', '2026-12', 2_000),
      items: [service('23.01', 10_000)],
    })
    expect(result.rbt12Rule).toBe('twelve-months')
    expect(result.rbt12).toBe(120_000)
    expect(result.fatorR).toBe(0.2)
    expect(result.activities[0]!.annex).toBe('V')
  })
  it(`1st month with payroll and no revenue: r = 0,28 — ${rbt12Sources.FATOR_R_FIRST_MONTH}`, () => {
    const result = month({
      period: '2026-01',
      openedOn: opened,
      activities: design,
      payroll: { '2026-01': cents(2_000) },
      items: [],
    })
    expect(result.fatorR).toBe(0.28)
    expect(result.fatorRRule).toBe('payroll-without-revenue')
  })
  it('1st month with revenue and no payroll: r = 0,01, Annex V', () => {
    const result = month({
      period: '2026-01',
      openedOn: opened,
      activities: design,
      items: [service('23.01', 10_000)],
    })
    expect(result.fatorR).toBe(0.01)
    expect(result.activities[0]!.annex).toBe('V')
  })
  it(`later month with payroll and no revenue before it: r = 0,28, Annex III at the first bracket (RBT12 0 counts as R$ 1,00) — ${rbt12Sources.FATOR_R_NO_REVENUE_OR_PAYROLL}; ${rbt12Sources.RBT12_ZERO}`, () => {
    const result = month({
      period: '2026-04',
      openedOn: opened,
      activities: design,
      payroll: monthly('2026-01', '2026-03', 2_000),
      items: [service('23.01', 5_000)],
    })
    expect(result.fatorR).toBe(0.28)
    expect(result.activities[0]!.annex).toBe('III')
    expect(result.activities[0]!.bracket).toBe(1)
    expect(result.das.amount).toBe(300)
  })
  it('a period before the start of activity is refused', () =>
    expect(() => month({ period: '2025-12', openedOn: opened, items: [] })).toThrow(
      /anterior ao início/,
    ))
})

describe(`gyms and sports teaching follow the fator R — LC 123/2006, art. 18, §§ 5º-D e 5º-M, II; ${rbt12Sources.FATOR_R_TRUNCATED}`, () => {
  const revenue = monthly('2025-09', '2026-08', 10_000)
  for (const code of ['9313100', '8591100'])
    it(`${code}: 27,99 % is cut to 27 % → Annex V; 28 % → Annex III`, () => {
      const gym = activities(code)
      expect(gym[0]!.fatorR).toBe(true)
      const below = month({
        activities: gym,
        revenue,
        payroll: monthly('2025-09', '2026-08', 2_799),
        items: [service('06.04', 10_000)],
      })
      const at = month({
        activities: gym,
        revenue,
        payroll: monthly('2025-09', '2026-08', 2_800),
        items: [service('06.04', 10_000)],
      })
      expect(below.fatorR).toBe(0.27)
      expect(below.activities[0]!.annex).toBe('V')
      expect(below.das.amount).toBe(1_550)
      expect(at.fatorR).toBe(0.28)
      expect(at.activities[0]!.annex).toBe('III')
      expect(at.das.amount).toBe(600)
    })
})

describe(`segregation — ${simplesMonthSources.SEGREGATION}`, () => {
  const design = activities('7410299')
  const payroll = monthly('2025-09', '2026-08', 5_000)
  const revenue = monthly('2025-09', '2026-08', 10_000)
  it('ISS withheld by the taker is left out of the DAS (Annex III 1ª: 6 % − 33,5 % of it = 3,99 %)', () => {
    const result = month({
      activities: design,
      revenue,
      payroll,
      items: [service('23.01', 10_000, 'iss-withheld')],
    })
    expect(result.activities[0]!.issWithheld).toBe(10_000)
    expect(result.taxes.ISS).toBe(0)
    expect(result.das.amount).toBe(399)
  })
  it('an export pays no Cofins, PIS nor ISS', () => {
    const result = month({
      activities: design,
      revenue,
      payroll,
      items: [service('23.01', 10_000, 'export')],
    })
    expect(result.taxes.ISS).toBe(0)
    expect(result.taxes.COFINS).toBe(0)
    expect(result.taxes.PIS).toBe(0)
    // 6 % × (4 + 3,5 + 43,4) % = 3,054 %.
    expect(result.das.amount).toBe(305.4)
  })
  it('each revenue goes to the annex of its own activity (design by fator R, law firm by Annex IV)', () => {
    const result = month({
      activities: activities('7410299', '6911701'),
      revenue,
      payroll,
      items: [service('23.01', 10_000), service('17.14', 10_000)],
    })
    expect(result.activities.map((row) => [row.cnae, row.annex])).toEqual([
      ['7410299', 'III'],
      ['6911701', 'IV'],
    ])
    expect(result.das.amount).toBe(600 + 450)
  })
  it('a service no activity covers is named, not guessed, and keeps the month from closing', () => {
    const result = month({
      activities: design,
      revenue,
      payroll,
      items: [service('14.09', 1_234.5)],
    })
    expect(result.activities).toEqual([])
    expect(result.unplaced).toEqual([{ service: '14.09', cnae: null, revenue: 1_234.5 }])
    expect(result.problems[0]).toMatchObject({ code: 'service-without-activity' })
    expect(result.problems[0]!.message).toContain('Serviço 14.09 (R$ 1.234,50)')
  })
  it('the DAS is the sum of its taxes to the cent', () => {
    const result = month({
      activities: activities('7410299', '6911701'),
      revenue,
      payroll,
      items: [service('23.01', 3_333.33), service('17.14', 7_777.77, 'iss-withheld')],
    })
    expect(sumOf(result.taxes)).toBe(result.das.amount)
    expect(simplesTaxes.every((tax) => Number.isInteger(Math.round(result.taxes[tax] * 100)))).toBe(
      true,
    )
  })
})

describe(`DAS due dates of 2026 — ${calendarSources.DAS_DUE_DAY}; ${calendarSources.NATIONAL_HOLIDAYS}`, () => {
  const expected: [string, string][] = [
    ['2026-01', '2026-02-20'],
    ['2026-02', '2026-03-20'],
    ['2026-03', '2026-04-20'],
    ['2026-04', '2026-05-20'],
    ['2026-05', '2026-06-22'], // 20/06 is a Saturday
    ['2026-06', '2026-07-20'],
    ['2026-07', '2026-08-20'],
    ['2026-08', '2026-09-21'], // 20/09 is a Sunday
    ['2026-09', '2026-10-20'],
    ['2026-10', '2026-11-23'], // 20/11 is a national holiday (Lei 14.759/2023), then a weekend
    ['2026-11', '2026-12-21'], // 20/12 is a Sunday
    ['2026-12', '2027-01-20'],
  ]
  for (const [period, due] of expected)
    it(`competence ${period.slice(5)}/${period.slice(0, 4)} → ${due.split('-').reverse().join('/')}`, () =>
      expect(dasDueDate(period)).toBe(due))
  it('the national holidays of 2026, Paixão on 03/04 and 20/11 included', () =>
    expect(NATIONAL_HOLIDAYS[2026]).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]))
  it(`the DCTFWeb DARF moves to the business day before — ${calendarSources.DCTFWEB_DUE_DAY}`, () => {
    expect(dctfWebDueDate('2026-05')).toBe('2026-06-19')
    expect(dctfWebDueDate('2026-10')).toBe('2026-11-19')
    expect(dctfWebDueDate('2026-09')).toBe('2026-10-20')
  })
  it('a year without its holidays is not guessed', () =>
    expect(() => dasDueDate('2029-05')).toThrow(UnknownCalendarYear))
})

describe(`pró-labore 2026 — ${payrollSources.PRO_LABORE_INSS_RATE}; ${payrollSources.INSS_CEILING_2026}`, () => {
  it('INSS is 11 %: R$ 5.000 → R$ 550,00', () =>
    expect(proLaboreOf(cents(5_000)).inss).toBe(55_000))
  it('at the ceiling R$ 8.475,55 → R$ 932,31', () => {
    expect(INSS_CEILING_2026).toBe(847_555)
    expect(proLaboreOf(INSS_CEILING_2026).inss).toBe(93_231)
  })
  it('above the ceiling it stays R$ 932,31 (R$ 10.000, R$ 50.000)', () => {
    expect(proLaboreOf(cents(10_000)).inss).toBe(93_231)
    expect(proLaboreOf(cents(50_000)).inss).toBe(93_231)
  })
})

describe(`IRRF on the pró-labore — ${payrollSources.IRRF_MONTHLY_TABLE}; ${payrollSources.IRRF_REDUCTION}`, () => {
  const cases: [number, number, number][] = [
    [5_000, 550, 0],
    [6_000, 660, 380.02],
    [7_350, 808.5, 890.18],
    [10_000, 932.31, 1_584.88],
  ]
  for (const [gross, inss, irrf] of cases)
    it(`R$ ${gross.toLocaleString('pt-BR')} → INSS R$ ${inss.toFixed(2)}, IRRF R$ ${irrf.toFixed(2)} (no dependants)`, () => {
      const partner = proLaboreOf(cents(gross))
      expect(partner.inss).toBe(cents(inss))
      expect(partner.irrf).toBe(cents(irrf))
      expect(partner.net).toBe(cents(gross) - cents(inss) - cents(irrf))
    })
  it('up to R$ 2.428,80 of base nothing is due', () =>
    expect(irrfOf(cents(3_000), cents(330))).toBe(0))
  it(`a dependant deducts R$ 189,59 — ${payrollSources.IRRF_DEPENDANT_DEDUCTION}`, () =>
    // (10.000 − 932,31 − 189,59) × 27,5 % − 908,73 = 1.532,7475.
    expect(irrfOf(cents(10_000), cents(932.31), 1)).toBe(cents(1_532.75)))
})

describe(`the month's payroll — ${payrollSources.CPP_RATE}; ${payrollSources.FATOR_R_PAYROLL}`, () => {
  it('Annex III: the CPP is inside the DAS; the fator R counts pró-labore, salaries and FGTS', () => {
    const result = payrollOf({
      proLabore: [{ partnerId: 'a', amount: cents(6_000) }],
      salaries: cents(3_000),
      fgts: cents(240),
      cppOutsideDas: false,
    })
    expect(result.cpp).toBe(cents(1_800))
    expect(result.darf).toBe(cents(660 + 380.02))
    expect(result.fatorRPayroll).toBe(cents(9_240))
  })
  it('Annex IV: the CPP (20 %) is paid apart and counts in the payroll', () => {
    const result = payrollOf({
      proLabore: [
        { partnerId: 'a', amount: cents(10_000) },
        { partnerId: 'b', amount: cents(5_000) },
      ],
      salaries: 0,
      fgts: 0,
      cppOutsideDas: true,
    })
    expect(result.cpp).toBe(cents(3_000))
    expect(result.darf).toBe(cents(932.31 + 1_584.88 + 550 + 3_000))
    expect(result.fatorRPayroll).toBe(cents(18_000))
  })
})

describe(`paid late — ${latePaymentSources.LATE_FINE}; ${latePaymentSources.LATE_INTEREST}`, () => {
  const selic = { '2025-11': 105, '2025-12': 122 }
  it('multa of 0,33 % a day, no juros within the month it fell due', () => {
    const result = latePaymentOf(cents(1_000), '2026-11-23', '2026-11-27', {})
    expect(LATE_FINE_PER_DAY).toBe(33)
    expect(result).toMatchObject({
      days: 4,
      fineRate: 132,
      fine: cents(13.2),
      interestRate: 0,
      interest: 0,
    })
    expect(result.total).toBe(cents(1_013.2))
  })
  it('the next month: 1 % of juros', () => {
    const result = latePaymentOf(cents(1_000), '2026-11-23', '2026-12-10', {})
    expect(result.fineRate).toBe(17 * 33)
    expect(result.interestRate).toBe(100)
    expect(result.selicMonths).toEqual([])
  })
  it('the multa stops at 20 %', () => {
    expect(LATE_FINE_MAX).toBe(2_000)
    expect(latePaymentOf(cents(1_000), '2025-10-20', '2026-01-05', selic).fineRate).toBe(2_000)
  })
  it('later: the Selic of each month between, plus 1 %', () => {
    const result = latePaymentOf(cents(1_000), '2025-10-20', '2026-01-05', selic)
    expect(result.selicMonths).toEqual(['2025-11', '2025-12'])
    expect(result.interestRate).toBe(105 + 122 + 100)
    expect(result.interest).toBe(cents(32.7))
    expect(result.total).toBe(cents(1_000 + 200 + 32.7))
  })
  it('a Selic month missing from the reference table is refused, not guessed', () =>
    expect(() => latePaymentOf(cents(1_000), '2026-09-21', '2026-12-01', selic)).toThrow(
      SelicMissing,
    ))
})

describe('the collection line — FEBRABAN, Layout Padrão de Arrecadação (48 dígitos, módulo 11)', () => {
  for (const amount of [0.01, 1_356.18, 148_198.08, 999_999.99])
    it(`R$ ${amount.toFixed(2)}: 48 digits, product 8, segment 5, every check digit right, the value inside`, () => {
      const line = collectionLine(cents(amount), `cmp-ana-design|DAS|2026-10|${amount}`)
      expect(line).toMatch(/^858\d{45}$/)
      expect(paymentLineProblem(line, ['collection'])).toBeNull()
      expect(isValidBoleto(line)).toBe(true)
      expect(centsOfLine(line)).toBe(cents(amount))
    })
  it('the same guide always gets the same line; another guide another', () => {
    expect(collectionLine(100, 'a')).toBe(collectionLine(100, 'a'))
    expect(collectionLine(100, 'a')).not.toBe(collectionLine(100, 'b'))
  })
})
