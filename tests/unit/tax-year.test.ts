import { describe, expect, it } from 'vitest'
import {
  holidaysOf,
  inssTableOf,
  irrfRulesOf,
  minimumWageOf,
  TAX_YEARS,
  UnknownTaxYear,
  yearsWith,
} from '@/kernel/tax/parameters'
import {
  employeeInss,
  employeeOf,
  fgtsOf,
  irrfOf,
  proLaboreOf,
  withholdingSources,
} from '@/kernel/tax/withholding'
import { cppOutsideOf, cppSources, ratDefaultOf } from '@/kernel/tax/cpp'
import { limitSources, limitStanding, yearLimits, withTolerance } from '@/kernel/tax/limits'
import { guideOrCarry, MINIMUM_GUIDE, minimumGuideSources } from '@/kernel/tax/minimum-guide'
import { ISS_CAP_COEFFICIENTS, issCapSources } from '@/kernel/tax/iss-cap'
import {
  dasMeiFor,
  latePaymentOf,
  latePaymentSources,
  monthCalculation,
  restatedWithoutLocalTaxes,
  simplesMonth,
  simplesMonthSources,
  type RevenueItem,
} from '@/kernel/tax'
import { cnaeCatalog } from '../../mock-server/reference/cnaes'
import { seriesBetween, simulatedRate } from '../../mock-server/stand-ins/banco-central/series'

// Each competence by its own year's rules (src/kernel/tax/parameters.ts), and the payroll, CPP,
// limit and minimum-guide rules built on them; every test names the rule's source.

const cents = (reais: number) => Math.round(reais * 100)

describe('the yearly parameters — each value with its source', () => {
  it(`minimum wage 2025 R$ 1.518,00 — ${TAX_YEARS[2025]!.minimumWage!.source}`, () =>
    expect(minimumWageOf(2025)).toBe(151_800))
  it(`minimum wage 2026 R$ 1.621,00 — ${TAX_YEARS[2026]!.minimumWage!.source}`, () =>
    expect(minimumWageOf('2026-10')).toBe(162_100))
  it(`INSS 2025: bands to 1.518,00 / 2.793,88 / 4.190,83 / 8.157,41 — ${TAX_YEARS[2025]!.inss!.source}`, () => {
    expect(inssTableOf(2025).employee.map((band) => band.upTo)).toEqual([
      151_800, 279_388, 419_083, 815_741,
    ])
    expect(inssTableOf(2025).ceiling).toBe(815_741)
  })
  it(`INSS 2026: bands to 1.621,00 / 2.902,84 / 4.354,27 / 8.475,55 — ${TAX_YEARS[2026]!.inss!.source}`, () => {
    expect(inssTableOf(2026).employee.map((band) => band.upTo)).toEqual([
      162_100, 290_284, 435_427, 847_555,
    ])
    expect(inssTableOf(2026).employee.map((band) => band.rate)).toEqual([750, 900, 1_200, 1_400])
  })
  it(`IRRF 01–04/2025: exempt to R$ 2.259,20, simplified R$ 564,80 — ${irrfRulesOf('2025-04').source}`, () => {
    const rules = irrfRulesOf('2025-04')
    expect(rules.brackets[0]!.upTo).toBe(225_920)
    expect(rules.simplified).toBe(56_480)
    expect(rules.reduction).toBeNull()
  })
  it(`IRRF from 05/2025: exempt to R$ 2.428,80, simplified R$ 607,20, no reduction yet — ${irrfRulesOf('2025-05').source}`, () => {
    const rules = irrfRulesOf('2025-10')
    expect(rules.brackets[0]!.upTo).toBe(242_880)
    expect(rules.simplified).toBe(60_720)
    expect(rules.reduction).toBeNull()
  })
  it(`IRRF 2026: the same table and the Lei 15.270/2025 reduction — ${irrfRulesOf('2026-01').source}`, () =>
    expect(irrfRulesOf('2026-01').reduction).not.toBeNull())
  it(`national holidays 2025–2027 — ${TAX_YEARS[2027]!.holidays.source}`, () => {
    expect(holidaysOf(2025)).toContain('2025-04-18')
    expect(holidaysOf(2026)).toContain('2026-11-20')
    expect(holidaysOf(2027)).toContain('2027-03-26')
  })
  it('2027: only what was published (holidays, the IRRF in force by law); the minimum wage and the INSS table are refused, never guessed', () => {
    expect(yearsWith('minimumWage')).toEqual([2025, 2026])
    expect(yearsWith('inss')).toEqual([2025, 2026])
    expect(() => minimumWageOf(2027)).toThrow(UnknownTaxYear)
    expect(() => minimumWageOf(2027)).toThrow(
      'Os valores de 2027 para o salário mínimo (e o DAS-MEI que sai dele) não estão na tabela de parâmetros anuais do sistema',
    )
    expect(() => inssTableOf('2027-01')).toThrow(
      'Os valores de 2027 para a tabela e o teto do INSS',
    )
  })
  it('a year before the table is refused too (2024)', () => {
    expect(() => inssTableOf(2024)).toThrow(UnknownTaxYear)
    expect(() => irrfOf('2024-12', cents(5_000), 0)).toThrow(UnknownTaxYear)
  })
})

describe(`the pró-labore by its own year — ${withholdingSources.PRO_LABORE_INSS_RATE}`, () => {
  it('R$ 8.500 in 10/2025 → INSS R$ 897,32 (ceiling R$ 8.157,41), IRRF R$ 1.182,01 (no Lei 15.270 reduction)', () => {
    expect(proLaboreOf('2025-10', cents(8_500))).toEqual({
      gross: cents(8_500),
      inss: cents(897.32),
      irrf: cents(1_182.01),
      net: cents(8_500 - 897.32 - 1_182.01),
    })
  })
  it('R$ 8.500 in 10/2026 → INSS R$ 932,31 (ceiling R$ 8.475,55), IRRF R$ 1.172,38', () => {
    expect(proLaboreOf('2026-10', cents(8_500))).toMatchObject({
      inss: cents(932.31),
      irrf: cents(1_172.38),
    })
  })
  it('R$ 5.000 in 03/2025 (table of Lei 14.848/2024), 10/2025 (MP 1.294/2025) and 10/2026 (Lei 15.270/2025: zero); the simplified discount beats the INSS of R$ 550,00', () => {
    // 5.000 − 564,80 = 4.435,20 × 22,5 % − 662,77; 5.000 − 607,20 = 4.392,80 × 22,5 % − 675,49.
    expect(proLaboreOf('2025-03', cents(5_000)).irrf).toBe(cents(335.15))
    expect(proLaboreOf('2025-10', cents(5_000)).irrf).toBe(cents(312.89))
    expect(proLaboreOf('2026-10', cents(5_000)).irrf).toBe(0)
  })
})

describe(`employees — ${withholdingSources.EMPLOYEE_INSS}; ${withholdingSources.FGTS_RATE}`, () => {
  it('R$ 3.000 in 2026: INSS 121,575 + 115,3656 + 11,6592 = R$ 248,60; FGTS R$ 240,00; IRRF 0; net R$ 2.751,40', () => {
    expect(employeeOf('2026-10', cents(3_000))).toEqual({
      gross: cents(3_000),
      inss: cents(248.6),
      irrf: 0,
      fgts: cents(240),
      net: cents(2_751.4),
    })
  })
  it('R$ 3.000 in 2025: R$ 253,41 (the 2025 bands)', () =>
    expect(employeeInss('2025-10', cents(3_000))).toBe(cents(253.41)))
  it('at or above the ceiling the INSS stops: R$ 951,63 in 2025, R$ 988,09 in 2026', () => {
    expect(employeeInss('2025-10', cents(20_000))).toBe(cents(951.63))
    expect(employeeInss('2026-10', cents(8_475.55))).toBe(cents(988.09))
    expect(employeeInss('2026-10', cents(20_000))).toBe(cents(988.09))
  })
  it('the minimum wage of 2026: 7,5 % = R$ 121,58', () =>
    expect(employeeInss('2026-01', cents(1_621))).toBe(cents(121.58)))
  it(`IRRF of an employee with dependants: R$ 9.000 and 2 dependants in 2026 — ${withholdingSources.IRRF_DEDUCTIONS}`, () => {
    const inss = employeeInss('2026-10', cents(9_000))
    // Base 9.000 − 988,09 − 2 × 189,59 = 7.632,73; 27,5 % − 908,73 = 1.190,27 (no reduction above 7.350).
    expect(irrfOf('2026-10', cents(9_000), inss, 2)).toBe(cents(1_190.27))
  })
  it('FGTS is 8 % of the salary, to the cent', () =>
    expect(fgtsOf(cents(2_345.67))).toBe(cents(187.65)))
})

describe(`the CPP outside the DAS — ${cppSources.MIXED_ANNEXES}; ${cppSources.RAT}`, () => {
  it('pró-labore R$ 5.000, engineering and construction, the month all engineering: no CPP outside (the DAS carries it): DARF R$ 550,00, not R$ 1.550,00', () => {
    const cpp = cppOutsideOf({
      proLabore: cents(5_000),
      salaries: 0,
      rat: 300,
      fap: 10_000,
      annexIvRevenue: 0,
      totalRevenue: cents(30_000),
      onlyAnnexIv: false,
    })
    const partner = proLaboreOf('2026-10', cents(5_000))
    expect(cpp.amount).toBe(0)
    expect(partner.inss + partner.irrf + cpp.amount).toBe(cents(550))
  })
  it('a third of the month from construction: a third of (20 % × R$ 5.000 + 3 % × 1,0000 × R$ 3.000 + 20 % × R$ 3.000) outside', () => {
    const cpp = cppOutsideOf({
      proLabore: cents(5_000),
      salaries: cents(3_000),
      rat: 300,
      fap: 10_000,
      annexIvRevenue: cents(10_000),
      totalRevenue: cents(30_000),
      onlyAnnexIv: false,
    })
    // (1.600 + 90) / 3 = 563,333… → 563,33
    expect(cpp.amount).toBe(cents(563.33))
  })
  it(`only Annex IV: the whole CPP with RAT × FAP (FAP 1,5000) — ${cppSources.FAP}`, () => {
    const cpp = cppOutsideOf({
      proLabore: cents(5_000),
      salaries: cents(3_000),
      rat: 300,
      fap: 15_000,
      annexIvRevenue: cents(10_000),
      totalRevenue: cents(10_000),
      onlyAnnexIv: true,
    })
    // 20 % × 8.000 + 4,5 % × 3.000 = 1.600 + 135
    expect(cpp.amount).toBe(cents(1_735))
  })
  it('RAT defaults by CNAE: construction 3 %, cleaning 3 %, security 3 %, law firms 1 %; unknown activity: none', () => {
    expect(ratDefaultOf('4120400')).toBe(300)
    expect(ratDefaultOf('4399103')).toBe(300)
    expect(ratDefaultOf('8121400')).toBe(300)
    expect(ratDefaultOf('8011101')).toBe(300)
    expect(ratDefaultOf('6911701')).toBe(100)
    expect(ratDefaultOf('8130300')).toBeNull()
  })
})

describe(`the opening year's limits — ${limitSources.OPENING_CEILING}; ${limitSources.OPENING_SUBLIMIT}`, () => {
  it('opened in 07/2026: 6 months → ceiling R$ 2,4 mi, sublimit R$ 1,8 mi; a full year R$ 4,8 mi and R$ 3,6 mi', () => {
    expect(yearLimits(2026, '2026-07-14')).toEqual({
      year: 2026,
      opening: true,
      months: 6,
      ceiling: cents(2_400_000),
      sublimit: cents(1_800_000),
    })
    expect(yearLimits(2027, '2026-07-14')).toMatchObject({
      opening: false,
      ceiling: cents(4_800_000),
      sublimit: cents(3_600_000),
    })
  })
  it(`R$ 400 mil a month from 07/2026: 11/2026 goes R$ 200 mil over the proportional sublimit (within 20 %: the impediment next year) — ${limitSources.SUBLIMIT_OPENING_NEXT_YEAR}`, () => {
    const standing = limitStanding(2026, '2026-07-01', cents(1_600_000), cents(400_000))
    expect(standing.sublimit.effect).toBe('next-year')
    expect(standing.sublimit.source).toBe(limitSources.SUBLIMIT_OPENING_NEXT_YEAR)
    expect(standing.ceiling.effect).toBe('within')
  })
  it(`12/2026: R$ 2,4 mi is more than 20 % over R$ 1,8 mi (R$ 2,16 mi): the impediment goes back to the start — ${limitSources.SUBLIMIT_OPENING_RETROACTIVE}`, () => {
    const standing = limitStanding(2026, '2026-07-01', cents(2_000_000), cents(400_000))
    expect(withTolerance(cents(1_800_000))).toBe(cents(2_160_000))
    expect(standing.sublimit.effect).toBe('retroactive')
    expect(standing.ceiling.effect).toBe('within')
  })
  it(`over the proportional ceiling by more than 20 %: excluded back to the start — ${limitSources.CEILING_OPENING_RETROACTIVE}`, () => {
    const standing = limitStanding(2026, '2026-07-01', cents(2_600_000), cents(400_000))
    expect(standing.ceiling.effect).toBe('retroactive')
    expect(standing.ceiling.source).toBe(limitSources.CEILING_OPENING_RETROACTIVE)
  })
  it(`a full year: over R$ 4,8 mi by up to 20 % → next year; beyond → next month — ${limitSources.CEILING_NEXT_YEAR}; ${limitSources.CEILING_NEXT_MONTH}`, () => {
    expect(limitStanding(2026, '2020-01-01', cents(4_700_000), cents(200_000)).ceiling.effect).toBe(
      'next-year',
    )
    expect(limitStanding(2026, null, cents(5_700_000), cents(200_000)).ceiling.effect).toBe(
      'next-month',
    )
  })
})

describe(`under R$ 10,00 — ${minimumGuideSources.MINIMUM_GUIDE}`, () => {
  it('the least guide is R$ 10,00', () => expect(MINIMUM_GUIDE).toBe(1_000))
  it('a R$ 7,00 DAS is not issued: carried to the next period', () =>
    expect(guideOrCarry(cents(7))).toEqual({
      own: cents(7),
      carriedIn: 0,
      payable: 0,
      carriedOut: cents(7),
    }))
  it('the next period pays it with its own: R$ 7,00 + R$ 2.577,67', () =>
    expect(guideOrCarry(cents(2_577.67), cents(7))).toMatchObject({
      payable: cents(2_584.67),
      carriedOut: 0,
    }))
  it('R$ 7,00 + R$ 2,50 is still under R$ 10,00: carried on', () =>
    expect(guideOrCarry(cents(2.5), cents(7)).carriedOut).toBe(cents(9.5)))
  it('exactly R$ 10,00 is issued', () => expect(guideOrCarry(cents(10)).payable).toBe(cents(10)))
})

describe(`the ISS cap's printed coefficients — ${issCapSources.ISS_CAP_COEFFICIENTS}`, () => {
  it('Annex III: 6,02 / 5,26 / 19,28 / 4,18 / 65,26, summing to 100 %', () => {
    expect(ISS_CAP_COEFFICIENTS.III).toEqual({
      IRPJ: 602,
      CSLL: 526,
      COFINS: 1_928,
      PIS: 418,
      CPP: 6_526,
    })
    expect(Object.values(ISS_CAP_COEFFICIENTS.III!).reduce((a, b) => a + b, 0)).toBe(10_000)
  })
  it('Annex IV: 31,33 / 32,00 / 30,13 / 6,54, summing to 100 %', () =>
    expect(Object.values(ISS_CAP_COEFFICIENTS.IV!).reduce((a, b) => a + b, 0)).toBe(10_000))
})

describe(`DAS-MEI by the competence's year — ${TAX_YEARS[2025]!.minimumWage!.source}`, () => {
  it('2025 (minimum wage R$ 1.518): R$ 75,90 INSS; R$ 76,90 commerce, R$ 80,90 services, R$ 81,90 both', () => {
    expect(dasMeiFor('2025-10', { icms: false, iss: false }).total).toBe(75.9)
    expect(dasMeiFor('2025-10', { icms: true, iss: false }).total).toBe(76.9)
    expect(dasMeiFor('2025-10', { icms: false, iss: true }).total).toBe(80.9)
    expect(dasMeiFor('2025-10', { icms: true, iss: true }).total).toBe(81.9)
  })
  it('2026 (R$ 1.621): R$ 81,05 / 82,05 / 86,05 / 87,05', () => {
    expect(dasMeiFor('2026-10', { icms: false, iss: false }).total).toBe(81.05)
    expect(dasMeiFor('2026-10', { icms: true, iss: false }).total).toBe(82.05)
    expect(dasMeiFor('2026-10', { icms: false, iss: true }).total).toBe(86.05)
    expect(dasMeiFor('2026-10', { icms: true, iss: true }).total).toBe(87.05)
  })
  it('2027: no minimum wage published yet — refused, never the 2026 value', () =>
    expect(() => dasMeiFor('2027-01', { icms: false, iss: true })).toThrow(UnknownTaxYear))
})

const activities = (...codes: string[]) => cnaeCatalog().taxOf(codes)
const each = (months: readonly string[], reais: number) =>
  Object.fromEntries(months.map((month) => [month, cents(reais)]))
const design = activities('7410299') // Annex III with a fator R of 28 % or more
const service = (reais: number): RevenueItem => ({
  service: '23.01',
  cnae: null,
  segment: 'normal',
  cents: cents(reais),
})

describe(`the opening year in the month — ${limitSources.OPENING_SUBLIMIT}; ${limitSources.SUBLIMIT_OPENING_RETROACTIVE}`, () => {
  const opened = '2026-07-01'
  const revenue = each(['2026-07', '2026-08', '2026-09', '2026-10'], 400_000)
  const payroll = each(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11'], 150_000)
  it('opened in 07/2026 with R$ 400 mil a month: in 11/2026 R$ 200 mil of the month are above the proportional sublimit of R$ 1,8 mi (not all within R$ 3,6 mi)', () => {
    const month = simplesMonth({
      period: '2026-11',
      openedOn: opened,
      activities: design,
      revenue,
      payroll,
      items: [service(400_000)],
    })
    expect(month.limits).toMatchObject({
      opening: true,
      months: 6,
      sublimit: 1_800_000,
      ceiling: 2_400_000,
      yearRevenue: 2_000_000,
      sublimitEffect: 'next-year',
      ceilingEffect: 'within',
    })
    expect(month.sublimit).toEqual({
      limit: 1_800_000,
      exceeded: true,
      excessRevenue: 200_000,
      impeded: false,
    })
    expect(month.limits.notes.join(' ')).toContain('art. 3º, § 13')
  })
  it('12/2026: R$ 2,4 mi is more than 20 % over R$ 1,8 mi — the impediment goes back to the start: no ICMS nor ISS in the DAS, and the note names § 11', () => {
    const month = simplesMonth({
      period: '2026-12',
      openedOn: opened,
      activities: design,
      revenue: { ...revenue, '2026-11': cents(400_000) },
      payroll,
      items: [service(400_000)],
    })
    expect(month.sublimit.impeded).toBe(true)
    expect(month.taxes.ISS).toBe(0)
    expect(month.limits.sublimitEffect).toBe('retroactive')
    expect(month.limits.notes.join(' ')).toContain('art. 3º, § 11')
  })
  it('the months closed before it are done again without ICMS and ISS: 08/2026 the DAS it owes now and the ISS it carried, now due to the municipality', () => {
    const august = monthCalculation({
      companyId: 'cmp-opening',
      period: '2026-08',
      regime: 'simples',
      openedOn: opened,
      activities: design,
      revenue: each(['2026-07'], 400_000),
      payroll,
      items: [service(400_000)],
      declared: [],
      invoices: { count: 1, total: 400_000 },
    })
    // RBT12 of the second month of activity: R$ 400 mil × 12 = R$ 4,8 mi, the 6th bracket. Closed,
    // the DAS carried the ISS of the 5th bracket capped at 5 % (R$ 20.000,00) and its excess over
    // 5 % in the federal taxes; done again, only the 6th bracket's federal taxes: 19,5 %.
    expect(restatedWithoutLocalTaxes(august)).toEqual({
      period: '2026-08',
      closedDas: 102_632.55,
      das: 78_000,
      icms: 0,
      iss: 20_000,
    })
  })
  it(`more than 20 % over the proportional ceiling: excluded back to the start, no DAS — ${limitSources.CEILING_OPENING_RETROACTIVE}`, () => {
    const month = simplesMonth({
      period: '2026-12',
      openedOn: '2026-10-01',
      activities: design,
      revenue: each(['2026-10', '2026-11'], 600_000),
      payroll,
      items: [service(400_000)],
    })
    // 3 months: ceiling R$ 1,2 mi, +20 % R$ 1,44 mi; the year reaches R$ 1,6 mi.
    expect(month.problems.map((problem) => problem.code)).toContain('excluded')
    expect(month.das.amount).toBe(0)
  })
})

describe(`RBT12 above R$ 4,8 mi with the year within the limit — ${simplesMonthSources.RBT12_ABOVE_CEILING}`, () => {
  it('R$ 6,0 mi in the 12 months, R$ 2,4 mi in the year: the 6th bracket by its own formula, not blocked', () => {
    const month = simplesMonth({
      period: '2026-07',
      openedOn: '2020-01-01',
      activities: design,
      revenue: {
        ...each(['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'], 600_000),
        ...each(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'], 400_000),
      },
      payroll: each(
        ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'].concat([
          '2026-01',
          '2026-02',
          '2026-03',
          '2026-04',
          '2026-05',
          '2026-06',
        ]),
        200_000,
      ),
      items: [service(100_000)],
    })
    expect(month.rbt12).toBe(6_000_000)
    expect(month.problems).toEqual([])
    expect(month.activities[0]!.bracket).toBe(6)
    // (6,0 mi × 33 % − 648.000) / 6,0 mi = 22,2 %.
    expect(month.activities[0]!.effectiveRate).toBeCloseTo(0.222, 12)
    expect(month.das.amount).toBeGreaterThan(22_200)
  })
})

describe(`a 2026 guide paid late with the Selic of the Banco Central's stand-in — ${latePaymentSources.LATE_INTEREST}`, () => {
  it('due 20/08/2026, paid 30/11/2026: multa 20 % (102 days, capped), juros = Selic 09/2026 + 10/2026 + 1 %', () => {
    const series = seriesBetween('2026-08', '2026-10', '2026-11-30')
    const selic = Object.fromEntries(
      series.map(({ month, rate }) => [month, Math.round(rate * 100)]),
    )
    // 21 business days in each month at 14,90 % a year: (1,149^(21/252) − 1) = 1,16 %.
    expect(selic['2026-09']).toBe(116)
    expect(selic['2026-10']).toBe(116)
    const charges = latePaymentOf(cents(1_000), '2026-08-20', '2026-11-30', selic)
    expect(charges).toMatchObject({
      days: 102,
      fineRate: 2_000,
      fine: cents(200),
      interestRate: 116 + 116 + 100,
      interest: cents(33.2),
      selicMonths: ['2026-09', '2026-10'],
      total: cents(1_233.2),
    })
  })
  it("the stand-in's simulation gives back the published months of 07–12/2025 (1,28 / 1,16 / 1,22 / 1,28 / 1,05 / 1,22)", () =>
    expect(
      ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12'].map(simulatedRate),
    ).toEqual([1.28, 1.16, 1.22, 1.28, 1.05, 1.22]))
})
