import { Router } from 'express'
import type { BankTransaction } from '../../src/schemas/bank'
import {
  fromCents,
  monthOf,
  periodRange,
  todayInBrazil,
  toCents,
} from '../../src/schemas/finance-common'
import {
  anualBillingQuerySchema,
  billingByCategoryQuerySchema,
  simplesSummaryQuerySchema,
  type AnualBilling,
  type BillingByCategory,
  type SimplesSummary,
} from '../../src/schemas/report'
import type { Company } from '../../src/schemas/company'
import { FATOR_R_PAYROLL_CATEGORIES, meiLimitFor, proportionalRbt12 } from '../../src/schemas/tax'
import { callerOf } from '../auth'
import type { RouteModule } from '../deps'
import { handle, parse } from '../http'
import { sliceByDate } from '../finance/grouped-index'
import { companyFor, companyKey, financeOf } from '../finance/state'
import { cnaeCatalog } from '../reference/cnaes'
import { recentMonths } from '../finance/statement-generator'

/** The day a company started operating: when it first became active, else when it was created. */
export function openedOn(company: Company): string {
  const opened =
    company.statusHistory.find((change) => change.to === 'active')?.at ?? company.createdAt
  return todayInBrazil(new Date(opened))
}

/**
 * The panel's reports (SPEC section 7 "Reports and payments"), and what the Simples Nacional
 * rates are computed from.
 */
export const panelRoutes: RouteModule = {
  create: ({ store, auth }) => {
    const router = Router()

    router.get(
      '/reports/anual-billing-by-company',
      auth.authenticate,
      handle((req) => {
        const company = companyFor(store, callerOf(req), req.query.companyId)
        parse(anualBillingQuerySchema, req.query)
        const today = todayInBrazil()
        const months = recentMonths(today, 12)
        const issued = financeOf(store).requests.list(companyKey(company.id), 'issued')
        const cents = new Map(months.map((m) => [m, { total: 0, count: 0 }]))
        for (const r of sliceByDate(
          issued,
          { from: `${months[0]}-01`, to: today },
          (r) => r.date,
        )) {
          const slot = cents.get(monthOf(r.date))
          if (!slot) continue
          slot.total += toCents(r.totalValue)
          slot.count++
        }
        const rows = months.map((month) => {
          const slot = cents.get(month) as { total: number; count: number }
          return { month, total: fromCents(slot.total), count: slot.count }
        })
        let mei: AnualBilling['mei'] = null
        if (company.size === 'MEI') {
          const year = Number(today.slice(0, 4))
          const limit = meiLimitFor(year, openedOn(company))
          const used = sliceByDate(
            issued,
            { from: `${year}-01-01`, to: `${year}-12-31` },
            (r) => r.date,
          ).reduce((sum, r) => sum + toCents(r.totalValue), 0)
          mei = {
            year,
            limit,
            used: fromCents(used),
            remaining: fromCents(Math.max(0, toCents(limit) - used)),
            percentUsed: Math.round((used / toCents(limit)) * 1000) / 10,
            exceeded: used > toCents(limit),
          }
        }
        const data: AnualBilling = {
          companyId: company.id,
          months: rows,
          total: fromCents(rows.reduce((sum, row) => sum + toCents(row.total), 0)),
          mei,
        }
        return { data }
      }),
    )

    router.get(
      '/reports/billing-by-category',
      auth.authenticate,
      handle((req) => {
        const company = companyFor(store, callerOf(req), req.query.companyId)
        const q = parse(billingByCategoryQuerySchema, req.query)
        const range = periodRange(q.period)!
        const transactions = sliceByDate(
          financeOf(store).transactions.list(companyKey(company.id)),
          range,
          (t: BankTransaction) => t.date,
        )
        const groups = new Map<string | null, { credits: number; debits: number; count: number }>()
        for (const t of transactions) {
          let group = groups.get(t.taxCategoryId)
          if (!group) groups.set(t.taxCategoryId, (group = { credits: 0, debits: 0, count: 0 }))
          const cents = toCents(t.amount)
          if (cents >= 0) group.credits += cents
          else group.debits -= cents
          group.count++
        }
        const categories = new Map(store.data.taxCategories.map((c) => [c.id, c]))
        const rows = [...groups.entries()]
          .map(([id, g]) => ({
            taxCategory: id ? (categories.get(id) ?? null) : null,
            credits: fromCents(g.credits),
            debits: fromCents(g.debits),
            total: fromCents(g.credits - g.debits),
            count: g.count,
          }))
          .sort((a, b) =>
            !a.taxCategory
              ? 1
              : !b.taxCategory
                ? -1
                : a.taxCategory.code.localeCompare(b.taxCategory.code),
          )
        const credits = [...groups.values()].reduce((sum, g) => sum + g.credits, 0)
        const debits = [...groups.values()].reduce((sum, g) => sum + g.debits, 0)
        const data: BillingByCategory = {
          companyId: company.id,
          period: q.period,
          from: range.from,
          to: range.to,
          categories: rows,
          totals: {
            credits: fromCents(credits),
            debits: fromCents(debits),
            balance: fromCents(credits - debits),
            count: transactions.length,
          },
        }
        return { data }
      }),
    )

    router.get(
      '/reports/simples-nacional',
      auth.authenticate,
      handle((req) => {
        const company = companyFor(store, callerOf(req), req.query.companyId)
        parse(simplesSummaryQuerySchema, req.query)
        const today = todayInBrazil()
        // The 12 months before the month being calculated (LC 123/2006, art. 18, § 1º).
        const window = recentMonths(today, 13)
        const before = window.slice(0, 12)
        const month = window[12]!
        const from = `${before[0]}-01`
        const to = periodRange(before[11]!)!.to
        const key = companyKey(company.id)
        const issued = financeOf(store).requests.list(key, 'issued')
        const sumIssued = (range: { from: string; to: string }) =>
          sliceByDate(issued, range, (r) => r.date).reduce(
            (sum, r) => sum + toCents(r.totalValue),
            0,
          )
        const opened = monthOf(openedOn(company))
        const monthsOfActivity = before.filter((m) => m >= opened).length
        const revenue = sumIssued({ from, to })
        const currentMonthRevenue = sumIssued(periodRange(month)!)

        const payrollIds = new Set<string>(FATOR_R_PAYROLL_CATEGORIES)
        const payrollCents = new Map<string, number>()
        for (const t of sliceByDate(
          financeOf(store).transactions.list(key),
          { from, to },
          (t: BankTransaction) => t.date,
        )) {
          if (!t.taxCategoryId || !payrollIds.has(t.taxCategoryId)) continue
          // Money paid out; a refund (credit) in the same category lowers it.
          payrollCents.set(
            t.taxCategoryId,
            (payrollCents.get(t.taxCategoryId) ?? 0) - toCents(t.amount),
          )
        }
        const categories = new Map(store.data.taxCategories.map((c) => [c.id, c]))
        const payrollByCategory = [...payrollCents.entries()]
          .filter(([id]) => categories.has(id))
          .map(([id, total]) => ({ taxCategory: categories.get(id)!, total: fromCents(total) }))
          .sort((a, b) => a.taxCategory.code.localeCompare(b.taxCategory.code))
        const payroll = [...payrollCents.values()].reduce((sum, v) => sum + v, 0)
        const data: SimplesSummary = {
          companyId: company.id,
          month,
          from,
          to,
          revenue: fromCents(revenue),
          monthsOfActivity,
          currentMonthRevenue: fromCents(currentMonthRevenue),
          rbt12: proportionalRbt12(
            fromCents(revenue),
            monthsOfActivity,
            fromCents(currentMonthRevenue),
          ),
          payroll: fromCents(Math.max(0, payroll)),
          payrollByCategory,
          activities: cnaeCatalog().taxOf(company.activities),
        }
        return { data }
      }),
    )

    return router
  },
}
