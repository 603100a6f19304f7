import { describe, expect, it } from 'vitest'
import { minimumGuideSources } from '@/kernel/tax/minimum-guide'
import { monthCalculation } from '@/kernel/tax'
import type { ClosedMonthRecord, PayrollRecord, TaxGuideRecord } from '@/schemas/simples/api'
import type { CompanyDocument } from '@/schemas/document'
import type { Company } from '@/schemas/company'
import { cnaeCatalog } from '../../mock-server/reference/cnaes'
import { closedMonthRecords } from '../../mock-server/domain/simples/months'

// A DAS under R$ 10,00 is not issued: the close carries it, and the next close's DAS adds it with
// a line saying where it came from (mock-server/domain/simples/months.ts over src/kernel/tax).

const law = cnaeCatalog().taxOf(['6911701']) // Annex IV, 1st bracket: 4,5 %

/** A store-like sink for what the closes write. */
function sink() {
  const documents: CompanyDocument[] = []
  const taxGuides: TaxGuideRecord[] = []
  const closedMonths: ClosedMonthRecord[] = []
  return {
    documents: { insert: (d: CompanyDocument) => documents.push(d) },
    taxGuides: { insert: (g: TaxGuideRecord) => taxGuides.push(g) },
    closedMonths: {
      insert: (m: ClosedMonthRecord) => closedMonths.push(m),
      find: ({ where }: { where: { companyId: string } }) =>
        closedMonths.filter((m) => m.companyId === where.companyId),
      update: (m: ClosedMonthRecord) => {
        closedMonths[closedMonths.findIndex((x) => x.id === m.id)] = m
      },
    },
    payrolls: { get: (): PayrollRecord | undefined => undefined, put: () => {} },
    all: { documents, taxGuides, closedMonths },
  }
}

const month = (period: string, reais: number) =>
  monthCalculation({
    companyId: 'cmp-law',
    period,
    regime: 'simples',
    openedOn: '2020-01-01',
    activities: law,
    revenue: {},
    payroll: {},
    items: [{ service: '17.14', cnae: null, segment: 'normal', cents: Math.round(reais * 100) }],
    declared: [],
    invoices: { count: 1, total: reais },
  })

describe(`a DAS under R$ 10,00 — ${minimumGuideSources.MINIMUM_GUIDE}`, () => {
  const facts = { company: { id: 'cmp-law' } as Company, activities: law }

  it('R$ 7,00 in 09/2026: no guide, carried; 10/2026 pays R$ 90,00 + R$ 7,00 with a line naming 09/2026', () => {
    const store = sink()
    const september = month('2026-09', 155.56) // 4,5 % = R$ 7,0002
    expect(september.das.amount).toBe(7)
    const first = closedMonthRecords(store, facts, september, 'uid-admin', '2026-10-05T14:00:00Z')
    expect(first.das).toBeNull()
    expect(first.record.carry.das).toEqual({ carriedIn: 0, from: [], carriedOut: 7 })

    const october = month('2026-10', 2_000) // R$ 90,00
    const second = closedMonthRecords(store, facts, october, 'uid-admin', '2026-11-05T14:00:00Z')
    expect(second.das!.guide.amount).toBe(97)
    expect(second.das!.guide.lines.at(-1)).toEqual({
      label: 'Competências anteriores abaixo de R$ 10,00 (09/2026; Lei nº 9.430/1996, art. 68)',
      amount: 7,
    })
    expect(second.record.carry.das).toEqual({ carriedIn: 7, from: ['2026-09'], carriedOut: 0 })
    // September's amount is paid with October's: it is not carried again.
    expect(store.all.closedMonths.find((m) => m.period === '2026-09')!.carriedInto.das).toBe(
      '2026-10',
    )
    const november = month('2026-11', 2_000)
    const third = closedMonthRecords(store, facts, november, 'uid-admin', '2026-12-05T14:00:00Z')
    expect(third.das!.guide.amount).toBe(90)
  })
})
