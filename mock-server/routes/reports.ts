import type { z } from 'zod'
import { recordOf } from '../../src/schemas/common'
import { fromCents, monthOf, periodRange, toCents } from '../../src/schemas/finance-common'
import {
  anualBillingQuerySchema,
  anualBillingSchema,
  billingByCategoryQuerySchema,
  billingByCategorySchema,
  type AnualBilling,
  type BillingByCategory,
} from '../../src/schemas/report'
import { meiLimitFor } from '../../src/kernel/tax/facts'
import { recentMonths } from '../../src/kernel/dates'
import { endpoint, type Call } from '../api'
import * as clock from '../clock'
import { taxCategoriesById } from '../domain/bank/ledger'
import { openedOnOf } from '../domain/simples/facts'
import type { Store } from '../store/database'

// The panel's reports (docs/product.md §10 "Reports"), and what the Simples Nacional
// rates are computed from (docs/decisions.md "The panel and the account screens").

type DayRange = { from: string; to: string }

/** The company's issued invoices of some days. */
const issuedIn = (store: Store, companyId: string, date: DayRange) =>
  store.nfsRequests.find({
    where: { companyId, status: 'issued', date },
    order: 'date DESC, id DESC',
  })

/** The company's bank transactions of some days. */
const transactionsIn = (store: Store, companyId: string, date: DayRange) =>
  store.bankTransactions.find({ where: { companyId, date }, order: 'date DESC, id DESC' })

/** Faturamento: issued invoices per month over the last 12 months; the MEI limit of the year. */
function getAnualBilling({ store, company }: Call) {
  const today = clock.today()
  const months = recentMonths(today, 12)
  const cents = new Map(months.map((m) => [m, { total: 0, count: 0 }]))
  for (const r of issuedIn(store, company.id, { from: `${months[0]}-01`, to: today })) {
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
    const limit = meiLimitFor(year, openedOnOf(store, company))
    const used = issuedIn(store, company.id, { from: `${year}-01-01`, to: `${year}-12-31` }).reduce(
      (sum, r) => sum + toCents(r.totalValue),
      0,
    )
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
}

/** The bank transactions of a year or a month summed by tax category. */
function getBillingByCategory({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof billingByCategoryQuerySchema> }>) {
  const range = periodRange(q.period)!
  const transactions = transactionsIn(store, companyId, range)
  const groups = new Map<string | null, { credits: number; debits: number; count: number }>()
  for (const t of transactions) {
    let group = groups.get(t.taxCategoryId)
    if (!group) groups.set(t.taxCategoryId, (group = { credits: 0, debits: 0, count: 0 }))
    const cents = toCents(t.amount)
    if (cents >= 0) group.credits += cents
    else group.debits -= cents
    group.count++
  }
  const categories = taxCategoriesById(store)
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
    companyId,
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
}

export const reportEndpoints = [
  endpoint({
    method: 'GET',
    path: '/reports/anual-billing-by-company',
    summary: 'Issued invoices per month over the last 12 months; the MEI limit of the year.',
    access: 'company',
    query: anualBillingQuerySchema,
    answers: { 200: recordOf(anualBillingSchema) },
    errors: [404],
    handler: getAnualBilling,
  }),
  endpoint({
    method: 'GET',
    path: '/reports/billing-by-category',
    summary: 'Bank transactions of a year or a month by tax category.',
    access: 'company',
    query: billingByCategoryQuerySchema,
    answers: { 200: recordOf(billingByCategorySchema) },
    errors: [404],
    handler: getBillingByCategory,
  }),
]
