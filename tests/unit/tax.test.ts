import { describe, expect, it } from 'vitest'
import {
  annexOfActivity,
  dasMeiDueDate,
  dasMeiFor,
  dasMeiOf,
  FATOR_R_THRESHOLD,
  MEI_ANNUAL_LIMIT,
  MEI_DAS_DUE_DAY,
  MEI_ICMS,
  MEI_INSS_RATE,
  MEI_ISS,
  MEI_MONTHLY_LIMIT,
  MEI_TOLERANCE,
  MEI_WARNING_SHARE,
  meiLimitFor,
  meiStanding,
  meiToleranceFor,
  meiWarningFrom,
  meiExcess,
  perMonthRoundedUp,
  MINIMUM_WAGE,
  payrollToReachFatorR,
  SIMPLES_ANNEX_I,
  SIMPLES_ANNEX_II,
  SIMPLES_ANNEX_III,
  SIMPLES_ANNEX_IV,
  SIMPLES_ANNEX_V,
  ME_ANNUAL_LIMIT,
  SIMPLES_CEILING,
  SIMPLES_FIRST_BAND_RATE,
  simplesRateFor,
  simplesTaxOn,
  TAX_YEAR,
  taxFactSources as source,
  type SimplesRate,
} from '@/kernel/tax/facts'
import type { ActivityTax, SimplesAnnex } from '@/schemas/cnae'
import { companySchema } from '@/schemas/company'
import { cnaeCatalog } from '../../mock-server/reference/cnaes'
import { fixture } from '../../mock-server/fixtures'

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
  const tables: [
    SimplesAnnex,
    readonly { upTo: number; nominalRate: number; deduction: number }[],
    string,
    number[][],
  ][] = [
    [
      'I',
      SIMPLES_ANNEX_I,
      source.SIMPLES_ANNEX_I,
      [
        [180_000, 0.04, 0],
        [360_000, 0.073, 5_940],
        [720_000, 0.095, 13_860],
        [1_800_000, 0.107, 22_500],
        [3_600_000, 0.143, 87_300],
        [4_800_000, 0.19, 378_000],
      ],
    ],
    [
      'II',
      SIMPLES_ANNEX_II,
      source.SIMPLES_ANNEX_II,
      [
        [180_000, 0.045, 0],
        [360_000, 0.078, 5_940],
        [720_000, 0.1, 13_860],
        [1_800_000, 0.112, 22_500],
        [3_600_000, 0.147, 85_500],
        [4_800_000, 0.3, 720_000],
      ],
    ],
    [
      'III',
      SIMPLES_ANNEX_III,
      source.SIMPLES_ANNEX_III,
      [
        [180_000, 0.06, 0],
        [360_000, 0.112, 9_360],
        [720_000, 0.135, 17_640],
        [1_800_000, 0.16, 35_640],
        [3_600_000, 0.21, 125_640],
        [4_800_000, 0.33, 648_000],
      ],
    ],
    [
      'IV',
      SIMPLES_ANNEX_IV,
      source.SIMPLES_ANNEX_IV,
      [
        [180_000, 0.045, 0],
        [360_000, 0.09, 8_100],
        [720_000, 0.102, 12_420],
        [1_800_000, 0.14, 39_780],
        [3_600_000, 0.22, 183_780],
        [4_800_000, 0.33, 828_000],
      ],
    ],
    [
      'V',
      SIMPLES_ANNEX_V,
      source.SIMPLES_ANNEX_V,
      [
        [180_000, 0.155, 0],
        [360_000, 0.18, 4_500],
        [720_000, 0.195, 9_900],
        [1_800_000, 0.205, 17_100],
        [3_600_000, 0.23, 62_100],
        [4_800_000, 0.305, 540_000],
      ],
    ],
  ]
  for (const [annex, table, law, expected] of tables)
    it(`Annex ${annex} brackets: upper limit, nominal rate, deduction — ${law}`, () =>
      expect(table.map((b) => [b.upTo, b.nominalRate, b.deduction])).toEqual(expected))
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
  it(`warns from R$ 64.800 and counts the excess to the cent — ${source.MEI_WARNING_SHARE}`, () => {
    expect(meiWarningFrom(81_000)).toBe(64_800)
    expect(meiWarningFrom(6_750)).toBe(5_400)
    expect(meiExcess(81_000.1, 81_000)).toBe(0.1) // 0,10, not 0.09999…
    expect(meiExcess(80_000, 81_000)).toBe(0)
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

/** The activities of a company as the server describes them (catalog, curated list, Anexo XI). */
const activitiesOf = (...codes: string[]) => cnaeCatalog().taxOf(codes)

describe(`DAS-MEI — ${source.MEI_INSS_RATE}; ${source.MEI_ICMS}; ${source.MEI_ISS}`, () => {
  it('INSS is 5 % of the R$ 1.621 minimum wage: R$ 81,05', () =>
    expect(dasMeiFor({ icms: false, iss: false })).toEqual({
      inss: 81.05,
      icms: 0,
      iss: 0,
      total: 81.05,
    }))
  it('commerce or industry: R$ 82,05', () =>
    expect(dasMeiFor({ icms: true, iss: false })).toEqual({
      inss: 81.05,
      icms: 1,
      iss: 0,
      total: 82.05,
    }))
  it('services: R$ 86,05', () => expect(dasMeiFor({ icms: false, iss: true }).total).toBe(86.05))
  it('both: R$ 87,05', () => expect(dasMeiFor({ icms: true, iss: true }).total).toBe(87.05))
  it(`falls due on the 20th of the next month, or the next business day — ${source.MEI_DAS_DUE_DAY}`, () => {
    expect(dasMeiDueDate('2026-04')).toBe('2026-05-20')
    expect(dasMeiDueDate('2026-05')).toBe('2026-06-22') // 20/06/2026 is a Saturday
    expect(dasMeiDueDate('2026-10')).toBe('2026-11-23') // 20/11 is a national holiday
    expect(dasMeiDueDate('2026-12')).toBe('2027-01-20')
  })
})

describe(`DAS-MEI by occupation — ${source.MEI_OCCUPATIONS}`, () => {
  const totalOf = (codes: string[]) => {
    const das = dasMeiOf(activitiesOf(...codes))
    return das.kind === 'known' ? das.das.total : das
  }
  it('a snack bar (5611-2/03, proprietário de lanchonete) pays ICMS only: R$ 82,05', () =>
    expect(totalOf(['5611203'])).toBe(82.05))
  it('other food service counts as ICMS too, not as a service (5611-2/01, 5612-1/00, 5620-1/04)', () => {
    expect(totalOf(['5611201'])).toBe(82.05)
    expect(totalOf(['5612100'])).toBe(82.05)
    expect(totalOf(['5620104'])).toBe(82.05)
  })
  it('intercity freight (4930-2/02): the caminhoneiro pays ICMS, not ISS; no amount is guessed for the newer autonomous trucker', () => {
    const [freight] = activitiesOf('4930202')
    expect(freight!.meiOccupations).toContainEqual({
      occupation:
        'Caminhoneiro (a) de cargas não perigosas, intermunicipal e interestadual independente',
      icms: true,
      iss: false,
    })
    // The table also lists "transportador autônomo de carga" for this code without its ICMS/ISS
    // (and that occupation's INSS is not the 5 %): the DAS shows no amount rather than guess.
    expect(dasMeiOf([freight!]).kind).toBe('unknown')
  })
  it('a hairdresser (9602-5/01, cabeleireiro) pays ISS only: R$ 86,05', () =>
    expect(totalOf(['9602501'])).toBe(86.05))
  it('a computer shop that also repairs (4751-2/01 + 9511-8/00) pays both: R$ 87,05', () =>
    expect(totalOf(['4751201', '9511800'])).toBe(87.05))
  it('rentals pay neither ICMS nor ISS: only the INSS, R$ 81,05 (7722-5/00)', () =>
    expect(totalOf(['7722500'])).toBe(81.05))
  it('an activity whose occupations pay differently gives each possible amount (2532-2/01)', () => {
    const das = dasMeiOf(activitiesOf('2532201'))
    expect(das.kind).toBe('depends')
    if (das.kind !== 'depends') return
    expect(das.options.map((option) => option.total)).toEqual([82.05, 87.05])
    expect(das.activities.map((activity) => activity.code)).toEqual(['2532201'])
  })
  it('an activity that is not a MEI occupation gives no amount (6201-5/01)', () =>
    expect(dasMeiOf(activitiesOf('6201501'))).toMatchObject({ kind: 'unknown' }))
  it('the seeded MEI (TechFix, 9511-8/00, técnico de manutenção de computador) pays R$ 86,05', () => {
    const techfix = companyOf('cmp-marcelo-techfix')
    expect(totalOf(techfix.activities)).toBe(86.05)
  })
})

describe(`effective rate (RBT12 × nominal − deduction) / RBT12 — ${source.EFFECTIVE_RATE}`, () => {
  // The exact rate at every bracket edge of every annex, as a fraction worked out by hand from
  // the tables: [RBT12, bracket, numerator, denominator]. R$ 180.000,01 is the first cent of the
  // second bracket. Up to R$ 3,6 mi the brackets meet; the 6th starts lower because from there
  // the ICMS and ISS are paid outside the DAS (its deduction is set for that).
  const edges: Record<SimplesAnnex, [number, number, number, number][]> = {
    I: [
      [180_000, 1, 1, 25],
      [180_000.01, 2, 720_000_073, 18_000_001_000],
      [360_000, 2, 113, 2_000],
      [720_000, 3, 303, 4_000],
      [1_800_000, 4, 189, 2_000],
      [3_600_000, 5, 19, 160],
      [4_800_000, 6, 89, 800],
    ],
    II: [
      [180_000, 1, 9, 200],
      [180_000.01, 2, 405_000_039, 9_000_000_500],
      [360_000, 2, 123, 2_000],
      [720_000, 3, 323, 4_000],
      [1_800_000, 4, 199, 2_000],
      [3_600_000, 5, 493, 4_000],
      [4_800_000, 6, 3, 20],
    ],
    III: [
      [180_000, 1, 3, 50],
      [180_000.01, 2, 135_000_014, 2_250_000_125],
      [360_000, 2, 43, 500],
      [720_000, 3, 221, 2_000],
      [1_800_000, 4, 701, 5_000],
      [3_600_000, 5, 1_751, 10_000],
      [4_800_000, 6, 39, 200],
    ],
    IV: [
      [180_000, 1, 9, 200],
      [180_000.01, 2, 81_000_009, 1_800_000_100],
      [360_000, 2, 27, 400],
      [720_000, 3, 339, 4_000],
      [1_800_000, 4, 1_179, 10_000],
      [3_600_000, 5, 3_379, 20_000],
      [4_800_000, 6, 63, 400],
    ],
    V: [
      [180_000, 1, 31, 200],
      [180_000.01, 2, 139_500_009, 900_000_050],
      [360_000, 2, 67, 400],
      [720_000, 3, 29, 160],
      [1_800_000, 4, 391, 2_000],
      [3_600_000, 5, 851, 4_000],
      [4_800_000, 6, 77, 400],
    ],
  }
  const laws: Record<SimplesAnnex, string> = {
    I: source.SIMPLES_ANNEX_I,
    II: source.SIMPLES_ANNEX_II,
    III: source.SIMPLES_ANNEX_III,
    IV: source.SIMPLES_ANNEX_IV,
    V: source.SIMPLES_ANNEX_V,
  }
  const isExactly = (rate: SimplesRate | null, numerator: number, denominator: number) =>
    rate !== null &&
    rate.exact.numerator * BigInt(denominator) === BigInt(numerator) * rate.exact.denominator
  for (const annex of ['I', 'II', 'III', 'IV', 'V'] as const)
    for (const [rbt12, bracket, numerator, denominator] of edges[annex])
      it(`Annex ${annex}, RBT12 R$ ${rbt12.toLocaleString('pt-BR')} → bracket ${bracket}, ${((numerator / denominator) * 100).toFixed(4)} % (${laws[annex]})`, () => {
        const rate = simplesRateFor(rbt12, annex)
        expect(rate?.bracket).toBe(bracket)
        expect(isExactly(rate, numerator, denominator)).toBe(true)
        expect(rate?.effectiveRate).toBeCloseTo(numerator / denominator, 12)
      })
  it(`past the R$ 4,8 mi ceiling there is no Simples rate — ${source.SIMPLES_CEILING}`, () => {
    for (const annex of ['I', 'II', 'III', 'IV', 'V'] as const)
      expect(simplesRateFor(4_800_000.01, annex)).toBeNull()
  })
  it('without revenue yet, the first bracket nominal rate', () => {
    expect(simplesRateFor(0, 'III')?.effectiveRate).toBe(0.06)
    expect(simplesRateFor(0, 'V')?.effectiveRate).toBe(0.155)
    expect(simplesRateFor(0, 'IV')?.effectiveRate).toBe(0.045)
  })
  it('estimates the tax of an amount at the effective rate, in whole cents', () =>
    expect(simplesTaxOn(10_000, simplesRateFor(360_000, 'III')!)).toBe(860))
  it('rounds half a cent up: Annex III at R$ 180.000 on R$ 16,75 is 1,005 → R$ 1,01', () => {
    // In binary floating point 16.75 × 0.06 is 1.00499…, which rounded to R$ 1,00.
    expect(simplesTaxOn(16.75, simplesRateFor(180_000, 'III')!)).toBe(1.01)
    // Just under half a cent rounds down: R$ 16,74 × 6 % = 1,0044.
    expect(simplesTaxOn(16.74, simplesRateFor(180_000, 'III')!)).toBe(1)
    // Annex I at 4 %: R$ 78,13 → 3,1252 → R$ 3,13.
    expect(simplesTaxOn(78.13, simplesRateFor(100_000, 'I')!)).toBe(3.13)
  })
  it('works out a large amount at a fractional rate without losing cents', () =>
    // R$ 99.999.999,99 at Annex V, R$ 4,8 mi: 19,25 % → 19.249.999,998… → R$ 19.250.000,00.
    expect(simplesTaxOn(99_999_999.99, simplesRateFor(4_800_000, 'V')!)).toBe(19_250_000))
})

describe(`fator R — ${source.FATOR_R_THRESHOLD}`, () => {
  it('spreads the payroll missing over 12 months rounded up, so 12 months reach it', () => {
    expect(perMonthRoundedUp(46_574.8)).toBe(3_881.24) // 3.881,2333…
    expect(perMonthRoundedUp(1_200)).toBe(100)
  })
  it('tells how much payroll reaches 28 %', () => {
    expect(payrollToReachFatorR(20_000, 100_000)).toBe(8_000)
    expect(payrollToReachFatorR(30_000, 100_000)).toBe(0)
    expect(payrollToReachFatorR(0, 123_456.78)).toBe(34_567.9) // 28 % rounded up to the cent
  })
  it('the line is 28 %', () => expect(FATOR_R_THRESHOLD).toBe(0.28))
})

/** A seeded company (fixtures/companies.json). */
function companyOf(id: string) {
  const company = (fixture('companies.json') as unknown[])
    .map((record) => companySchema.parse(record))
    .find((record) => record.id === id)
  if (!company) throw new Error(`no seeded company ${id}`)
  return company
}
/** Where each of a seeded company's activities is taxed, with the fator R reached or not. */
const placementOf = (id: string, fatorRReached = false) =>
  activitiesOf(...companyOf(id).activities).map((activity) =>
    annexOfActivity(activity, fatorRReached),
  )
/** The distinct annexes of a seeded company's activities, in annex order. */
const annexesOfCompany = (id: string, fatorRReached = false) =>
  [
    ...new Set(
      placementOf(id, fatorRReached).flatMap((placed) =>
        placed.kind === 'annex'
          ? [placed.annex]
          : placed.kind === 'by-revenue'
            ? placed.annexes
            : [],
      ),
    ),
  ].sort()

describe(`the annex follows the activities — ${source.ANNEX_BY_ACTIVITY}`, () => {
  it("eva's Ateliê (4781-4/00, clothing retail) is Annex I whatever the payroll", () => {
    expect(annexesOfCompany('cmp-eva-comercio', false)).toEqual(['I'])
    expect(annexesOfCompany('cmp-eva-comercio', true)).toEqual(['I'])
  })
  it('the café (5611-2/03 snack bar, 5611-2/01 restaurant) is Annex I', () =>
    expect(annexesOfCompany('cmp-gustavo-cafe')).toEqual(['I']))
  it('the fashion shop (4781-4/00) is Annex I', () =>
    expect(annexesOfCompany('cmp-patricia-moda')).toEqual(['I']))
  it('the clothing factory (1412-6/01) is Annex II', () =>
    expect(annexesOfCompany('cmp-simone-confeccoes')).toEqual(['II']))
  it(`the law firms (6911-7/01) are Annex IV — ${source.ANNEX_IV_CPP}`, () => {
    expect(annexesOfCompany('cmp-eduardo-advocacia')).toEqual(['IV'])
    expect(annexesOfCompany('cmp-marina-advocacia', true)).toEqual(['IV'])
  })
  it('the yoga studios (9313-1/00, gyms of § 5º-D) go by the fator R (LC 123/2006, art. 18, § 5º-M, II): Annex V below 28 %, Annex III from it', () => {
    for (const id of ['cmp-camila-yoga', 'cmp-paula-yoga']) {
      expect(annexesOfCompany(id, false)).toEqual(['V'])
      expect(annexesOfCompany(id, true)).toEqual(['III'])
      expect(simplesRateFor(200_000, 'III')?.effectiveRate).toBeCloseTo(0.0652, 12)
    }
  })
  it('the language school (8593-7/00) is Annex III without fator R', () =>
    expect(annexesOfCompany('cmp-renata-idiomas', false)).toEqual(['III']))
  it('the software company (6201-5/01, 6202-3/00) goes by the fator R', () => {
    expect(annexesOfCompany('cmp-thiago-software', false)).toEqual(['V'])
    expect(placementOf('cmp-thiago-software', true)).toEqual([
      { kind: 'annex', annex: 'III', byFatorR: true },
      { kind: 'annex', annex: 'III', byFatorR: true },
    ])
  })
  it('a company in two annexes has each activity in its own (auto parts + repair)', () =>
    expect(annexesOfCompany('cmp-ricardo-autopecas')).toEqual(['I', 'III']))
  it('an activity outside the classification gets no annex', () =>
    expect(placementOf('cmp-tatiane-eventos')[0]).toEqual({ kind: 'unknown' }))
  it('a barred activity (6421-2/00, banks) is not placed in any annex', () => {
    const [bank] = activitiesOf('6421200')
    expect(annexOfActivity(bank!, true)).toEqual({ kind: 'barred' })
  })
  it('resale and own production (1091-1/02, bakery) are declared in Annexes I and II', () => {
    const [bakery] = activitiesOf('1091102')
    expect(annexOfActivity(bakery!, false)).toEqual({ kind: 'by-revenue', annexes: ['I', 'II'] })
  })
  it('the fator R applies only where the activity is subject to it', () => {
    const law: ActivityTax = activitiesOf('6911701')[0]!
    expect(annexOfActivity(law, false)).toEqual({ kind: 'annex', annex: 'IV', byFatorR: false })
    expect(annexOfActivity(law, true)).toEqual({ kind: 'annex', annex: 'IV', byFatorR: false })
  })
})
