import { monthWithholding } from '../../src/kernel/tax/year-end'
import type { Company } from '../../src/schemas/company'
import type { CompanyDocument } from '../../src/schemas/document'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { roundMoney, toCents } from '../../src/kernel/money'
import { addDays, addMonths } from '../../src/kernel/tax'
import type { ClosedMonthRecord, TaxGuideRecord } from '../../src/schemas/simples/api'
import type { CompanyYearRecord } from '../../src/schemas/year-end'
import { monthsOfYear, yearMonthOf } from '../../src/kernel/tax/year-end/months'
import { deriveYear, newYear } from '../domain/year-end/company-year'
import { yearFactsFrom, type YearFacts } from '../domain/year-end/facts'
import { darfGuide } from '../domain/year-end/profits'
import type { Model, TrackRecord } from '../model'
import type { CnpjRegistry } from '../domain/companies/registry'
import { guideRecords } from '../domain/simples/guides'
import { seededFactsOf } from './simples'

// The year in the demo (counted back from today, like the months): every client company has its
// year and the one before in the year-end queue, with the months closed in them; ana has drawn
// profits every month, and her income report of last year was sent; leonardo's company paid a
// partner R$ 80.000,00 two months ago (the 10 % withheld, its DARF 1841 paid); eva's studio
// delivered last year's DEFIS. Amounts typed here are what happened (distributions, balances); the
// withholding and the guides come from the rules.

type Plan = { companyId: string; cpf: string; amount: number; monthsAgo: number[]; day: number }

const monthsAgo = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => from - index)

const DISTRIBUTIONS: Plan[] = [
  // Ana: R$ 6.000,00 on the 10th of every month of the history but this one.
  {
    companyId: 'cmp-ana-design',
    cpf: '52998224725',
    amount: 6_000,
    day: 10,
    monthsAgo: monthsAgo(13, 1),
  },
  {
    companyId: 'cmp-eva-studio',
    cpf: '11417075350',
    amount: 2_000,
    day: 15,
    monthsAgo: monthsAgo(13, 1),
  },
  { companyId: 'cmp-leonardo-ti', cpf: '', amount: 80_000, day: 5, monthsAgo: [2] },
]

export type YearEndData = Pick<Model, 'distributions' | 'companyYears' | 'documents' | 'taxGuides'>

/** Records grouped by a key, in their order. */
function groupBy<T>(records: readonly T[], key: (record: T) => string) {
  const groups = new Map<string, T[]>()
  for (const record of records)
    groups.set(key(record), [...(groups.get(key(record)) ?? []), record])
  return groups
}

const instant = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-03:00`).toISOString()

export function seedYearEnd(
  data: {
    companies: Company[]
    tracks: TrackRecord[]
    closedMonths: ClosedMonthRecord[]
    /** The Receita's registry as the seed asks it (mock-server/seed/index.ts). */
    registry: CnpjRegistry
  },
  now: Date = new Date(),
): YearEndData {
  const today = todayInBrazil(now)
  const current = today.slice(0, 7)
  const year = Number(today.slice(0, 4))
  const at = now.toISOString()
  const out: YearEndData = { distributions: [], companyYears: [], documents: [], taxGuides: [] }
  const facts = new Map<string, YearFacts>()
  for (const company of data.companies) {
    const found = yearFactsFrom(seededFactsOf(company, data.tracks, data.registry))
    if (found) facts.set(company.id, found)
  }

  // The distributions, their withholding month by month, and the DARF of each month withheld.
  for (const plan of DISTRIBUTIONS) {
    const companyFacts = facts.get(plan.companyId)
    const partner = companyFacts?.partners.find((p) => !plan.cpf || p.cpf === plan.cpf)
    if (!companyFacts || !partner)
      throw new Error(`year-end seed: ${plan.companyId} has no partner`)
    for (const ago of plan.monthsAgo) {
      const date = `${addMonths(current, -ago)}-${String(plan.day).padStart(2, '0')}`
      if (date > today || (companyFacts.openedOn && date < companyFacts.openedOn)) continue
      out.distributions.push({
        id: `dist-${plan.companyId.slice(4)}-${date}`,
        companyId: plan.companyId,
        partnerId: partner.partnerId,
        name: partner.name,
        cpf: partner.cpf,
        date,
        amount: plan.amount,
        fromResultsUpTo2025: false,
        approvedOn: null,
        irrf: 0,
        monthTotal: 0,
        createdAt: instant(date, 17),
        createdBy: 'uid-admin',
      })
    }
  }
  const darfs = new Map<string, Record<string, string[]>>()
  const byMonth = groupBy(
    out.distributions,
    (d) => `${d.companyId}|${d.partnerId}|${d.date.slice(0, 7)}`,
  )
  for (const rows of byMonth.values()) {
    const computed = monthWithholding(
      rows.map((row) => ({
        id: row.id,
        date: row.date,
        amount: toCents(row.amount),
        excepted: false,
      })),
    )
    rows.forEach((row, index) => {
      row.irrf = computed[index]!.irrf / 100
      row.monthTotal = computed[index]!.monthTotal / 100
    })
  }
  const byCompanyMonth = groupBy(out.distributions, (d) => `${d.companyId}|${d.date.slice(0, 7)}`)
  for (const [key, rows] of byCompanyMonth) {
    const owed = rows.reduce((total, row) => total + toCents(row.irrf), 0)
    if (owed === 0) continue
    const [companyId, month] = key.split('|') as [string, string]
    const guide = guideRecords(
      darfGuide(
        { id: companyId },
        month,
        rows,
        { owed, paid: 0 },
        'uid-admin',
        instant(`${month}-28`, 9),
        `doc-darf1841-${companyId.slice(4)}-${month}`,
      ),
    )
    // Paid the day before it fell due, when that day has come.
    const paidDay = addDays(guide.document.guia!.dueDate, -1)
    if (paidDay < today) {
      guide.document.status = 'paid'
      guide.document.paidAt = instant(paidDay, 10)
      guide.document.updatedAt = guide.document.paidAt
    }
    out.documents.push(guide.document as CompanyDocument)
    out.taxGuides.push(guide.guide as TaxGuideRecord)
    const own = darfs.get(companyId) ?? {}
    own[month] = [guide.document.id]
    darfs.set(companyId, own)
  }

  // Each client company's year and the one before, with the months closed in them.
  for (const [companyId, companyFacts] of facts) {
    for (const y of [year - 1, year]) {
      if (companyFacts.openedOn && Number(companyFacts.openedOn.slice(0, 4)) > y) continue
      const record: CompanyYearRecord = newYear(companyFacts, y, at)
      for (const month of data.closedMonths)
        if (month.companyId === companyId && month.period.startsWith(`${y}-`))
          record.months[month.period] = yearMonthOf(month.calculation)
      const own = out.distributions.filter(
        (d) => d.companyId === companyId && d.date.startsWith(`${y}-`),
      )
      record.distributed = own.reduce((total, d) => total + toCents(d.amount), 0) / 100
      record.withheld = own.reduce((total, d) => total + toCents(d.irrf), 0) / 100
      record.darfs = Object.fromEntries(
        Object.entries(darfs.get(companyId) ?? {}).filter(([month]) => month.startsWith(`${y}-`)),
      )
      if (y === year - 1) lastYear(record, companyId, today)
      out.companyYears.push(deriveYear(record, companyFacts))
    }
  }
  return out
}

/** What happened in last year's declarations by now. */
function lastYear(record: CompanyYearRecord, companyId: string, today: string) {
  const y = record.year
  // Ana's income report went out in February.
  const sent = `${y + 1}-02-20`
  if (companyId === 'cmp-ana-design' && sent <= today)
    record.reportsSent = { at: instant(sent, 10), by: 'uid-admin' }
  // Eva's studio delivered last year's DEFIS before the end of March; Aline's agency completed
  // hers and has not delivered it yet.
  const delivered = `${y + 1}-03-25`
  if (
    (companyId === 'cmp-eva-studio' && delivered <= today) ||
    companyId === 'cmp-aline-marketing'
  ) {
    const covered = new Set(Object.keys(record.months))
    const from =
      record.openedOn && record.openedOn.startsWith(`${y}-`)
        ? record.openedOn.slice(0, 7)
        : `${y}-01`
    const other = monthsOfYear(y).filter((month) => month >= from && !covered.has(month))
    const monthly = companyId === 'cmp-eva-studio' ? 2_100 : 9_400
    record.defis = {
      cashStart: 1_200,
      cashEnd: 850,
      bankStart: 4_900,
      bankEnd: 6_200,
      stockStart: 0,
      stockEnd: 0,
      purchases: 0,
      employeesStart: 0,
      employeesEnd: 0,
      otherMonths: other.length
        ? {
            months: other,
            revenue: monthly * other.length,
            das: roundMoney(monthly * 0.06 * other.length),
            irpj: roundMoney(monthly * 0.06 * 0.04 * other.length),
          }
        : null,
    }
  }
  // Marcelo (MEI) answered last year's DASN-SIMEI: no employee, and sales without an invoice.
  if (companyId === 'cmp-marcelo-techfix')
    record.dasn = {
      hadEmployee: false,
      otherRevenue: { commerce: 0, industry: 0, services: 9_800 },
    }
  if (companyId === 'cmp-eva-studio' && delivered <= today) {
    record.delivery = {
      receipt: `${y}.00417.552901`,
      deliveredOn: delivered,
      deliveredAt: instant(delivered, 15),
      deliveredBy: 'uid-admin',
      fine: null,
    }
  }
}
