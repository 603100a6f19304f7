import { annexOfActivity } from '../../../src/kernel/tax'
import type { ActivityTax, SimplesAnnex } from '../../../src/schemas/cnae'
import type { Company } from '../../../src/schemas/company'
import type { MonthCalculation } from '../../../src/kernel/tax/calculation'
import { monthsOfYear, yearEndMessages, type YearMonth } from '../../../src/schemas/year-end'
import type { ActivityPeriod } from '../../../src/kernel/tax/year-end'
import { toCents } from '../../../src/kernel/money'
import { factsOf, isMonthlyClient, type CompanyFacts, type Regime } from '../simples/facts'
import type { Store } from '../../store/database'
import { invalid, refused } from './errors'

// What the year needs to know of a company: its regime, activities, start of activity and
// partners (with their share of the capital); which months of a year count; a closed month's
// figures as the year keeps them.

export interface YearPartner {
  partnerId: string
  name: string
  cpf: string
  email: string | null
  /** Share of the capital, 0 to 1. */
  share: number
}

export interface YearFacts {
  company: Company
  regime: Regime
  activities: ActivityTax[]
  openedOn: string | null
  /** The first day the company was active with us (the month's calculation reads it). */
  activeSince: string | null
  partners: YearPartner[]
}

/** The year's facts of a client company from its month's facts (read once), else null. */
export function yearFactsFrom(facts: CompanyFacts | null): YearFacts | null {
  if (!facts?.client) return null
  return {
    company: facts.company,
    regime: facts.regime,
    activities: facts.activities,
    openedOn: facts.openedOn,
    activeSince: facts.activeSince,
    partners: facts.partners.map((partner) => ({
      partnerId: partner.cpf,
      name: partner.name,
      cpf: partner.cpf,
      email: partner.email ?? null,
      share: (partner.sharePercent ?? 0) / 100,
    })),
  }
}

/**
 * The year's facts of a client company (an active ME, EPP or MEI with CNPJ), else null; `month`:
 * the month's facts of the company, when its caller read them already (a month close).
 */
export const yearFactsOf = (store: Store, company: Company, month?: CompanyFacts) =>
  yearFactsFrom(month ?? (isMonthlyClient(company) ? factsOf(store, company) : null))

/** The facts, or a refusal naming why the company has no year to declare. */
export function requireYearFacts(store: Store, company: Company, regime?: Regime): YearFacts {
  const facts = yearFactsOf(store, company)
  if (!facts) throw refused(yearEndMessages.notClient)
  if (regime === 'simples' && facts.regime !== 'simples')
    throw refused(yearEndMessages.notSimplesCompany)
  if (regime === 'mei' && facts.regime !== 'mei') throw refused(yearEndMessages.notMei)
  return facts
}

/** A year that has begun (a future one is refused). */
export function requireYearBegun(year: number, today: string) {
  if (year > Number(today.slice(0, 4))) throw invalid(yearEndMessages.yearNotBegun(year))
}

/** The months of `year` from its start (or the opening) to December, or to `today`'s month. */
export function monthsOfActivity(year: number, openedOn: string | null, today?: string) {
  const from = openedOn && openedOn.slice(0, 4) === String(year) ? openedOn.slice(0, 7) : null
  const to = today && today.slice(0, 4) === String(year) ? today.slice(0, 7) : null
  return monthsOfYear(year).filter(
    (month) => (from === null || month >= from) && (to === null || month <= to),
  )
}

/** The annex of an activity's revenue when the year has no month to say it (its first). */
export const mainAnnexOf = (activity: ActivityTax | undefined): SimplesAnnex => {
  if (!activity) return 'III'
  const where = annexOfActivity(activity, false)
  if (where.kind === 'annex') return where.annex
  if (where.kind === 'by-revenue') return where.annexes[0]!
  return 'III'
}

/** The kind of revenue a MEI declares for an activity's revenue: commerce, industry, services. */
export function meiKindOf(activities: readonly ActivityTax[], cnae: string | null) {
  if (cnae === null) return 'services' as const
  const annexes = activities.find((activity) => activity.code === cnae)?.simplesAnnexes ?? []
  if (annexes.includes('II') && !annexes.includes('I')) return 'industry' as const
  if (annexes.includes('I')) return 'commerce' as const
  return 'services' as const
}

/** A closed month's figures as the year keeps them. */
export function yearMonthOf(calculation: MonthCalculation): YearMonth {
  const kinds = { commerce: 0, industry: 0, services: 0 }
  if (calculation.regime === 'mei')
    for (const item of calculation.basis.items)
      kinds[meiKindOf(calculation.basis.activities, item.cnae)] += item.cents
  return {
    revenue: calculation.revenue,
    das: calculation.das.amount,
    irpj: calculation.taxes.IRPJ,
    activities: calculation.activities.map((activity) => ({
      cnae: activity.cnae,
      text: activity.text,
      annex: activity.annex,
      revenue: activity.revenue,
      irpj: activity.taxes.IRPJ,
      issWithheld: activity.issWithheld,
      exported: activity.exported,
    })),
    kinds:
      calculation.regime === 'mei'
        ? {
            commerce: kinds.commerce / 100,
            industry: kinds.industry / 100,
            services: kinds.services / 100,
          }
        : null,
  }
}

/** The activities' revenue and IRPJ over some months' figures, in cents, by activity and annex. */
export function activitiesOver(months: readonly YearMonth[]): ActivityPeriod[] {
  const byKey = new Map<string, ActivityPeriod>()
  for (const month of months)
    for (const activity of month.activities) {
      const key = `${activity.cnae}|${activity.annex}`
      const row = byKey.get(key) ?? {
        cnae: activity.cnae,
        text: activity.text,
        annex: activity.annex as SimplesAnnex,
        revenue: 0,
        irpj: 0,
      }
      row.revenue += toCents(activity.revenue)
      row.irpj += toCents(activity.irpj)
      byKey.set(key, row)
    }
  return [...byKey.values()]
}
