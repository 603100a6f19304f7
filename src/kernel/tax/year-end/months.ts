import type { ActivityTax, SimplesAnnex } from '../../../schemas/cnae'
import type { YearMonth } from '../../../schemas/year-end'
import { toCents } from '../../money'
import { annexOfActivity } from '../annex'
import type { MonthCalculation } from '../calculation'
import type { ActivityPeriod } from './profits'

// The months of a year and what the year keeps of them: which months count (from the start of
// activity), a closed month's figures as the year keeps them, and the activities' revenue and
// IRPJ over some months. Pure; the server's year (mock-server/domain/year-end) and the seed use
// them.

/** `YYYY-MM` months of a year. */
export const monthsOfYear = (year: number) =>
  Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`)

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
