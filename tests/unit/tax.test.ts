import { describe, expect, it } from 'vitest'
import {
  annexByFatorR,
  dasMeiDueDate,
  dasMeiFor,
  effectiveRate,
  estimateSimplesTax,
  FATOR_R_PAYROLL_CATEGORIES,
  FATOR_R_THRESHOLD,
  fatorR,
  MEI_ANNUAL_LIMIT,
  MEI_DAS_DUE_DAY,
  MEI_ICMS,
  MEI_INSS_RATE,
  MEI_ISS,
  MEI_MONTHLY_LIMIT,
  MEI_TOLERANCE,
  MEI_WARNING_SHARE,
  meiActivityKindOf,
  meiActivityKinds,
  meiLimitFor,
  meiStanding,
  meiToleranceFor,
  MINIMUM_WAGE,
  payrollToReachFatorR,
  proportionalRbt12,
  SIMPLES_ANNEX_III,
  SIMPLES_ANNEX_V,
  ME_ANNUAL_LIMIT,
  SIMPLES_CEILING,
  SIMPLES_FIRST_BAND_RATE,
  simplesRateFor,
  TAX_YEAR,
  taxFactSources as source,
} from '@/schemas/tax'

// Every rule is checked against the value the law gives for 2026; each test names its source.

describe(`tax facts of ${TAX_YEAR}`, () => {
  it('are dated 2026', () => expect(TAX_YEAR).toBe(2026))
  it(`MEI limit R$ 81.000 a year — ${source.MEI_ANNUAL_LIMIT}`, () =>
    expect(MEI_ANNUAL_LIMIT).toBe(81_000))
  it(`MEI limit R$ 6.750 a month in the opening year — ${source.MEI_MONTHLY_LIMIT}`, () =>
    expect(MEI_MONTHLY_LIMIT).toBe(6_750))
  it(`MEI tolerance 20 % — ${source.MEI_TOLERANCE}`, () => expect(MEI_TOLERANCE).toBe(0.2))
  it(`MEI warning from 80 % — ${source.MEI_WARNING_SHARE}`, () =>
    expect(MEI_WARNING_SHARE).toBe(0.8))
  it(`minimum wage R$ 1.621 — ${source.MINIMUM_WAGE}`, () => expect(MINIMUM_WAGE).toBe(1_621))
  it(`MEI INSS 5 % — ${source.MEI_INSS_RATE}`, () => expect(MEI_INSS_RATE).toBe(0.05))
  it(`MEI ICMS R$ 1,00 — ${source.MEI_ICMS}`, () => expect(MEI_ICMS).toBe(1))
  it(`MEI ISS R$ 5,00 — ${source.MEI_ISS}`, () => expect(MEI_ISS).toBe(5))
  it(`DAS-MEI due on the 20th — ${source.MEI_DAS_DUE_DAY}`, () => expect(MEI_DAS_DUE_DAY).toBe(20))
  it(`ME limit R$ 360 mil — ${source.ME_ANNUAL_LIMIT}`, () => expect(ME_ANNUAL_LIMIT).toBe(360_000))
  it(`Simples ceiling R$ 4,8 mi — ${source.SIMPLES_CEILING}`, () =>
    expect(SIMPLES_CEILING).toBe(4_800_000))
  it(`fator R line 28 % — ${source.FATOR_R_THRESHOLD}`, () => expect(FATOR_R_THRESHOLD).toBe(0.28))
  it(`payroll of the fator R: pró-labore, salaries, FGTS, INSS — ${source.FATOR_R_PAYROLL_CATEGORIES}`, () =>
    expect([...FATOR_R_PAYROLL_CATEGORIES].sort()).toEqual([
      'folha-encargos',
      'folha-salarios',
      'impostos-inss',
      'pro-labore',
    ]))
  it(`Annex III brackets — ${source.SIMPLES_ANNEX_III}`, () =>
    expect(SIMPLES_ANNEX_III.map((b) => [b.upTo, b.nominalRate, b.deduction])).toEqual([
      [180_000, 0.06, 0],
      [360_000, 0.112, 9_360],
      [720_000, 0.135, 17_640],
      [1_800_000, 0.16, 35_640],
      [3_600_000, 0.21, 125_640],
      [4_800_000, 0.33, 648_000],
    ]))
  it(`Annex V brackets — ${source.SIMPLES_ANNEX_V}`, () =>
    expect(SIMPLES_ANNEX_V.map((b) => [b.upTo, b.nominalRate, b.deduction])).toEqual([
      [180_000, 0.155, 0],
      [360_000, 0.18, 4_500],
      [720_000, 0.195, 9_900],
      [1_800_000, 0.205, 17_100],
      [3_600_000, 0.23, 62_100],
      [4_800_000, 0.305, 540_000],
    ]))
  it(`first-bracket rates of every annex — ${source.SIMPLES_FIRST_BAND_RATE}`, () =>
    expect(SIMPLES_FIRST_BAND_RATE).toEqual({ I: 4, II: 4.5, III: 6, IV: 4.5, V: 15.5 }))
  it('every fact has a source', () => {
    for (const text of Object.values(source)) expect(text.length).toBeGreaterThan(5)
  })
})

describe(`MEI limit — ${source.MEI_ANNUAL_LIMIT}; ${source.MEI_MONTHLY_LIMIT}`, () => {
  it('is R$ 81.000 in a full year (opened in an earlier year, or opening date unknown)', () => {
    expect(meiLimitFor(2026, '2023-05-10')).toBe(81_000)
    expect(meiLimitFor(2026, null)).toBe(81_000)
  })
  it('is R$ 6.750 for each month from the opening month in the opening year', () => {
    expect(meiLimitFor(2026, '2026-01-15')).toBe(81_000)
    expect(meiLimitFor(2026, '2026-03-31')).toBe(67_500) // March to December: 10 months
    expect(meiLimitFor(2026, '2026-12-01')).toBe(6_750) // a started month counts whole
  })
  it(`tolerates 20 % over: R$ 97.200 in a full year — ${source.MEI_TOLERANCE}`, () => {
    expect(meiToleranceFor(81_000)).toBe(97_200)
    expect(meiToleranceFor(67_500)).toBe(81_000)
  })
  it(`standing: warning from 80 %, then over within and beyond 20 % — ${source.MEI_TOLERANCE}`, () => {
    expect(meiStanding(64_799.99, 81_000)).toBe('ok')
    expect(meiStanding(64_800, 81_000)).toBe('warning') // exactly 80 %
    expect(meiStanding(81_000, 81_000)).toBe('warning') // at the limit is not over it
    expect(meiStanding(81_000.01, 81_000)).toBe('over-within-tolerance')
    expect(meiStanding(97_200, 81_000)).toBe('over-within-tolerance') // exactly 20 % over
    expect(meiStanding(97_200.01, 81_000)).toBe('over-beyond-tolerance')
  })
})

describe(`DAS-MEI — ${source.MEI_INSS_RATE}; ${source.MEI_ICMS}; ${source.MEI_ISS}`, () => {
  it('INSS is 5 % of the R$ 1.621 minimum wage: R$ 81,05', () =>
    expect(dasMeiFor({ commerceOrIndustry: false, services: false }).inss).toBe(81.05))
  it('commerce or industry: R$ 82,05', () =>
    expect(dasMeiFor({ commerceOrIndustry: true, services: false })).toEqual({
      inss: 81.05,
      icms: 1,
      iss: 0,
      total: 82.05,
    }))
  it('services: R$ 86,05', () =>
    expect(dasMeiFor({ commerceOrIndustry: false, services: true }).total).toBe(86.05))
  it('both: R$ 87,05', () =>
    expect(dasMeiFor({ commerceOrIndustry: true, services: true }).total).toBe(87.05))
  it('activity kind by CNAE division: industry 05–33 and commerce 45–47 pay ICMS, the rest ISS', () => {
    expect(meiActivityKindOf('1091101')).toBe('commerceOrIndustry') // padaria (indústria)
    expect(meiActivityKindOf('4781-4/00')).toBe('commerceOrIndustry') // comércio de roupas
    expect(meiActivityKindOf('7410202')).toBe('services') // design de interiores
    expect(meiActivityKinds(['4781400', '9602501'])).toEqual({
      commerceOrIndustry: true,
      services: true,
    })
    expect(meiActivityKinds([])).toEqual({ commerceOrIndustry: false, services: true })
  })
  it(`falls due on the 20th of the next month — ${source.MEI_DAS_DUE_DAY}`, () => {
    expect(dasMeiDueDate('2026-05')).toBe('2026-06-20')
    expect(dasMeiDueDate('2026-12')).toBe('2027-01-20')
  })
})

describe(`effective rate (RBT12 × nominal − deduction) / RBT12 — ${source.EFFECTIVE_RATE}`, () => {
  // [upper edge, bracket, rate at the edge, rate one cent above (next bracket; none past the
  // ceiling)]. Up to R$ 3,6 mi the brackets meet; the 6th starts lower because from there the
  // ISS is paid outside the DAS (its deduction is set for that).
  const edges = {
    III: [
      [180_000, 1, 0.06, 0.06],
      [360_000, 2, 0.086, 0.086],
      [720_000, 3, 0.1105, 0.1105],
      [1_800_000, 4, 0.1402, 0.1402],
      [3_600_000, 5, 0.1751, 0.15],
      [4_800_000, 6, 0.195, null],
    ],
    V: [
      [180_000, 1, 0.155, 0.155],
      [360_000, 2, 0.1675, 0.1675],
      [720_000, 3, 0.18125, 0.18125],
      [1_800_000, 4, 0.1955, 0.1955],
      [3_600_000, 5, 0.21275, 0.155],
      [4_800_000, 6, 0.1925, null],
    ],
  } as const
  for (const annex of ['III', 'V'] as const) {
    const table = annex === 'III' ? source.SIMPLES_ANNEX_III : source.SIMPLES_ANNEX_V
    for (const [rbt12, bracket, rate, rateAbove] of edges[annex]) {
      it(`Annex ${annex}, bracket ${bracket} edge R$ ${rbt12} → ${(rate * 100).toFixed(3)} % (${table})`, () => {
        const atEdge = simplesRateFor(rbt12, annex)
        expect(atEdge?.bracket).toBe(bracket)
        expect(atEdge?.effectiveRate).toBeCloseTo(rate, 10)
        const above = simplesRateFor(rbt12 + 0.01, annex)
        if (rateAbove === null) expect(above).toBeNull()
        else {
          expect(above?.bracket).toBe(bracket + 1)
          expect(above?.effectiveRate).toBeCloseTo(rateAbove, 6)
        }
      })
    }
  }
  it('without revenue yet, the first bracket nominal rate', () => {
    expect(effectiveRate(0, 'III')).toBe(0.06)
    expect(effectiveRate(0, 'V')).toBe(0.155)
  })
  it('estimates the tax of an amount at the effective rate', () =>
    expect(estimateSimplesTax(10_000, 360_000, 'III')).toBe(860))
  it(`first-year RBT12 is the months of activity scaled to 12 — ${source.RBT12_OPENING}`, () => {
    expect(proportionalRbt12(30_000, 3)).toBe(120_000)
    expect(proportionalRbt12(10_000, 1)).toBe(120_000)
    expect(proportionalRbt12(200_000, 12)).toBe(200_000)
    expect(proportionalRbt12(0, 0, 7_500)).toBe(90_000) // opening month: its own revenue × 12
  })
})

describe(`fator R — ${source.FATOR_R_THRESHOLD}`, () => {
  it('is payroll of 12 months over RBT12', () => {
    expect(fatorR(28_000, 100_000)).toBeCloseTo(0.28, 12)
    expect(fatorR(1, 0)).toBeNull()
  })
  it('switches to Annex III at exactly 28 %', () => {
    expect(annexByFatorR(28_000, 100_000)).toBe('III')
    expect(annexByFatorR(27_999.99, 100_000)).toBe('V')
    // 0.28 has no exact binary form: the switch still happens at the cent.
    expect(annexByFatorR(100_800, 360_000)).toBe('III')
    expect(annexByFatorR(100_799.99, 360_000)).toBe('V')
    expect(annexByFatorR(0, 0)).toBe('V')
  })
  it('tells how much payroll reaches 28 %', () => {
    expect(payrollToReachFatorR(20_000, 100_000)).toBe(8_000)
    expect(payrollToReachFatorR(30_000, 100_000)).toBe(0)
    expect(payrollToReachFatorR(0, 123_456.78)).toBe(34_567.9) // 28 % rounded up to the cent
  })
})
