import { toCents } from '../../../src/kernel/money'
import {
  activityWindow,
  addMonths,
  type RevenueItem,
  type RevenueSegment,
} from '../../../src/kernel/tax'
import {
  monthKey,
  type DeclaredRevenueRecord,
  type RevenueHistoryRecord,
} from '../../../src/schemas/simples/api'
import type { Store } from '../../store/database'
import type { CompanyFacts } from './facts'

// What a month is calculated from: the revenue of each month (issued NFS-e of the competence plus
// what the client declared, and the months before the company's data here as the accountant
// declared them from the previous accountant's PGDAS-D), the month's revenues one by one (by
// service and segregation), and the fator R payroll of each month. Read from the store in SQL (sums over indexed columns, never
// every invoice parsed), or from the seed's arrays while the seed is made (the same sums).

/** Amounts by month (`YYYY-MM` → cents). */
export type MonthlyCents = Record<string, number>

export interface MonthRevenue {
  items: RevenueItem[]
  invoices: { count: number; cents: number }
  declared: DeclaredRevenueRecord['items']
}

export interface MonthSources {
  /** Revenue of each month from `from` to `to` (`YYYY-MM`): invoices, declared, history. */
  revenue(companyId: string, from: string, to: string): MonthlyCents
  /** The month's revenues: invoices by service and segment, then the declared ones. */
  month(companyId: string, period: string): MonthRevenue
  /** The fator R payroll of each month from `from` to `to`. */
  payroll(companyId: string, from: string, to: string): MonthlyCents
}

const add = (into: MonthlyCents, month: string, cents: number) => {
  if (cents) into[month] = (into[month] ?? 0) + cents
}

const declaredItems = (declared: DeclaredRevenueRecord | undefined): RevenueItem[] =>
  (declared?.items ?? [])
    .filter((item) => item.amount > 0)
    .map((item) => ({
      service: null,
      cnae: item.cnae,
      annex: item.annex,
      segment: 'normal',
      cents: toCents(item.amount),
    }))

/** The months of a revenue history between `from` and `to` added to a monthly sum. */
function addHistory(
  into: MonthlyCents,
  history: RevenueHistoryRecord | undefined,
  from: string,
  to: string,
) {
  for (const month of history?.months ?? [])
    if (month.period >= from && month.period <= to) add(into, month.period, toCents(month.amount))
}

/**
 * The first month this product has revenue data of a company for (an issued invoice, declared
 * revenue or a closed month), or null: the months before it are "before us".
 */
export function firstMonthWithUs(store: Store, companyId: string): string | null {
  // Each source's first month from its index (one entry each, not every month of the company).
  const months = [
    store.nfsRequests.least('month', { companyId, status: 'issued' }),
    store.declaredRevenues.least('period', { companyId }),
    store.closedMonths.least('period', { companyId }),
  ].filter((month): month is string => typeof month === 'string')
  return months.length ? months.sort()[0]! : null
}

/**
 * The months of a period's RBT12 window from before the company's data here (on or after its
 * start of activity) that no revenue history declares: the accountant is asked for them.
 */
export function missingMonthsOf(
  store: Store,
  facts: Pick<CompanyFacts, 'company' | 'regime' | 'openedOn'>,
  period: string,
): string[] {
  if (facts.regime !== 'simples') return []
  let window
  try {
    window = activityWindow(period, facts.openedOn)
  } catch {
    return []
  }
  const first = firstMonthWithUs(store, facts.company.id) ?? period
  const start = facts.openedOn?.slice(0, 7) ?? '0000-00'
  const declared = new Set(
    (store.revenueHistories.get(facts.company.id)?.months ?? []).map((month) => month.period),
  )
  return window.months.filter((month) => month < first && month >= start && !declared.has(month))
}

/** What a month is calculated from, read from its sources (domain/simples/calculate.ts). */
export interface MonthBasis {
  /** The month's revenues one by one. */
  month: MonthRevenue
  /** Revenue of each month from January of the year before to the month before. */
  revenue: MonthlyCents
  /** The fator R payroll of the 12 months before and the month (the Simples only). */
  payroll: MonthlyCents
}

/** Reads a month's basis from its sources: everything the calculation needs, once. */
export function basisOf(
  sources: MonthSources,
  facts: Pick<CompanyFacts, 'company' | 'regime'>,
  period: string,
): MonthBasis {
  const { id } = facts.company
  const year = Number(period.slice(0, 4))
  return {
    month: sources.month(id, period),
    revenue: sources.revenue(id, `${year - 1}-01`, addMonths(period, -1)),
    payroll: facts.regime === 'simples' ? sources.payroll(id, addMonths(period, -12), period) : {},
  }
}

/**
 * What the store holds of an open month: its basis and the months before us the revenue history
 * lacks — the month's reads in one place, before anything is calculated.
 */
export const storedMonthOf = (
  store: Store,
  facts: Pick<CompanyFacts, 'company' | 'regime' | 'openedOn'>,
  period: string,
) => ({
  basis: basisOf(storeSources(store), facts, period),
  missingMonths: missingMonthsOf(store, facts, period),
})

/** The sources of a month in the store (SQL sums over indexed columns). */
export function storeSources(store: Store): MonthSources {
  return {
    revenue(companyId, from, to) {
      const monthly: MonthlyCents = {}
      for (const row of store.nfsRequests.groupSums(['month'], 'cents', {
        companyId,
        status: 'issued',
        month: { from, to },
      }))
        add(monthly, String(row.month), row.total)
      for (const row of store.declaredRevenues.groupSums(['period'], 'cents', {
        companyId,
        period: { from, to },
      }))
        add(monthly, String(row.period), row.total)
      addHistory(monthly, store.revenueHistories.get(companyId), from, to)
      return monthly
    },
    month(companyId, period) {
      const rows = store.nfsRequests.groupSums(['segment', 'serviceCode'], 'cents', {
        companyId,
        status: 'issued',
        month: period,
      })
      const declared = store.declaredRevenues.get(monthKey(companyId, period))
      return {
        items: [
          ...rows.map((row) => ({
            service: String(row.serviceCode),
            cnae: null,
            segment: row.segment as RevenueSegment,
            cents: row.total,
          })),
          ...declaredItems(declared),
        ],
        invoices: {
          count: rows.reduce((total, row) => total + row.count, 0),
          cents: rows.reduce((total, row) => total + row.total, 0),
        },
        declared: declared?.items ?? [],
      }
    },
    payroll(companyId, from, to) {
      const monthly: MonthlyCents = {}
      for (const row of store.payrolls.groupSums(['period'], 'cents', {
        companyId,
        period: { from, to },
      }))
        add(monthly, String(row.period), row.total)
      return monthly
    },
  }
}

/** The same sources over plain arrays (the seed, before anything is stored). */
export function arraySources(data: {
  invoices: readonly {
    companyId: string
    status: string
    date: string
    totalValue: number
    serviceCode: string
    segment: RevenueSegment
  }[]
  payrolls: readonly { companyId: string; period: string; fatorRPayroll: number }[]
  declared?: readonly DeclaredRevenueRecord[]
  histories?: readonly RevenueHistoryRecord[]
}): MonthSources {
  const issued = data.invoices.filter((invoice) => invoice.status === 'issued')
  const declaredOf = (companyId: string, period: string) =>
    data.declared?.find((d) => d.companyId === companyId && d.period === period)
  return {
    revenue(companyId, from, to) {
      const monthly: MonthlyCents = {}
      for (const invoice of issued) {
        const month = invoice.date.slice(0, 7)
        if (invoice.companyId === companyId && month >= from && month <= to)
          add(monthly, month, toCents(invoice.totalValue))
      }
      for (const declared of data.declared ?? [])
        if (declared.companyId === companyId && declared.period >= from && declared.period <= to)
          for (const item of declared.items) add(monthly, declared.period, toCents(item.amount))
      addHistory(
        monthly,
        data.histories?.find((history) => history.companyId === companyId),
        from,
        to,
      )
      return monthly
    },
    month(companyId, period) {
      const groups = new Map<string, RevenueItem>()
      let count = 0
      let cents = 0
      for (const invoice of issued) {
        if (invoice.companyId !== companyId || invoice.date.slice(0, 7) !== period) continue
        const key = `${invoice.segment}|${invoice.serviceCode}`
        const item = groups.get(key) ?? {
          service: invoice.serviceCode,
          cnae: null,
          segment: invoice.segment,
          cents: 0,
        }
        item.cents += toCents(invoice.totalValue)
        groups.set(key, item)
        count += 1
        cents += toCents(invoice.totalValue)
      }
      const declared = declaredOf(companyId, period)
      return {
        items: [...groups.values(), ...declaredItems(declared)],
        invoices: { count, cents },
        declared: declared?.items ?? [],
      }
    },
    payroll(companyId, from, to) {
      const monthly: MonthlyCents = {}
      for (const payroll of data.payrolls)
        if (payroll.companyId === companyId && payroll.period >= from && payroll.period <= to)
          add(monthly, payroll.period, toCents(payroll.fatorRPayroll))
      return monthly
    },
  }
}
