import { toCents } from '../../../src/kernel/money'
import type { RevenueItem, RevenueSegment } from '../../../src/kernel/tax'
import type { DeclaredRevenueRecord } from '../../../src/schemas/simples/api'
import type { Store } from '../../store/database'

// What a month is calculated from: the revenue of each month (issued NFS-e of the competence plus
// what the client declared), the month's revenues one by one (by service and segregation), and
// the fator R payroll of each month. Read from the store in SQL (sums over indexed columns, never
// every invoice parsed), or from the seed's arrays while the seed is made (the same sums).

/** Amounts by month (`YYYY-MM` → cents). */
export type MonthlyCents = Record<string, number>

export interface MonthRevenue {
  items: RevenueItem[]
  invoices: { count: number; cents: number }
  declared: DeclaredRevenueRecord['items']
}

export interface MonthSources {
  /** Revenue of each month from `from` to `to` (`YYYY-MM`), issued invoices and declared. */
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

export const monthKey = (companyId: string, period: string) => `${companyId}:${period}`

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
