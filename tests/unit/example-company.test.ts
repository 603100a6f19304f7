import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  exampleCompany,
  exampleCompanySummary,
} from '../../src/screens/site/content/example-company'

// The public home's example: a fictional company whose figures the product's own rules work out
// at build. Worked out here by hand from the law, so the card cannot drift from it.
const fixture = (file: string) =>
  JSON.parse(readFileSync(path.join(__dirname, '../../fixtures', file), 'utf8')) as unknown

describe('the home example (Estúdio Aurora, fictional)', () => {
  const summary = exampleCompanySummary()

  it('LC 123/2006, art. 18, § 5º-J: a payroll of 28 % or more of RBT12 puts design in Annex III', () => {
    // 12 × R$ 5.200 of pró-labore over R$ 216.000 of revenue: 0,2888, cut to two decimals: 0,28
    expect(summary.payroll12).toBe(62_400)
    // as the PGDAS-D takes it, which reaches the 0,28 line.
    expect(summary.fatorR).toBe(0.28)
    expect(summary.annex).toBe('III')
  })

  it('LC 123/2006, Annex III, 2nd bracket: (RBT12 × 11,2 % − R$ 9.360) ÷ RBT12 on the month', () => {
    // R$ 216.000 is in the 2nd bracket (R$ 180.000,01 to R$ 360.000): 11,2 %, deduction R$ 9.360.
    const effective = (216_000 * 0.112 - 9_360) / 216_000
    expect(summary.effectiveRate).toBeCloseTo(effective, 12)
    // R$ 19.400 × 6,8666…% = R$ 1.332,1333… → R$ 1.332,13 (half up to the cent).
    expect(summary.das).toBe(1332.13)
  })

  it('LC 123/2006, art. 21, III: each DAS is due on the 20th of the next month, a working day here', () => {
    expect(summary.paidDasDue).toBe('2026-07-20')
    expect(summary.nextMonth).toBe('2026-07')
    expect(summary.nextDasDue).toBe('2026-08-20')
    for (const due of [summary.paidDasDue, summary.nextDasDue]) {
      const weekday = new Date(`${due}T12:00:00Z`).getUTCDay()
      expect(weekday, due).toBeGreaterThanOrEqual(1)
      expect(weekday, due).toBeLessThanOrEqual(5)
    }
  })

  it("classifies its activity as the product's curated CNAE data does (fator R, Annex III or V)", () => {
    const { activities } = fixture('cnae-details.json') as {
      activities: { code: string; annexes: string[]; basis: string }[]
    }
    const design = activities.find((activity) => activity.code === exampleCompany.activity.code)
    expect(design).toMatchObject({ annexes: ['III', 'V'], basis: 'fator_r' })
    expect(exampleCompany.activity.simplesAnnexes).toEqual(design!.annexes)
    expect(exampleCompany.activity.fatorR).toBe(true)
  })

  it("is no client's: its name and owner are in none of the seeded companies or users", () => {
    const seeded = JSON.stringify([fixture('companies.json'), fixture('users.json')])
    expect(seeded).not.toContain('Aurora')
    expect(seeded).not.toContain(exampleCompany.owner)
  })

  it("is the company of the home page's testimonial, and the home places the card, not its figures", () => {
    const testimonials = fixture('content/testimonials.json') as {
      slug: string
      author: string
      business: string
    }[]
    const home = JSON.stringify(fixture('content/stories/home.json'))
    const owner = testimonials.find((item) => item.author === exampleCompany.owner)
    expect(owner?.business.startsWith(exampleCompany.alias)).toBe(true)
    expect(home).toContain(`depoimentos/${owner!.slug}`)
    expect(home).toContain('"component":"example_company"')
    expect(home).not.toMatch(/summary_card|summary_row/)
    // No seeded client is named on the public home any more.
    expect(home + JSON.stringify(testimonials)).not.toContain('Ana Design')
  })
})
