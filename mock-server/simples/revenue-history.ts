import type { Company } from '../../src/schemas/company'
import { addMonths, monthsFrom } from '../../src/schemas/calendar'
import {
  revenueHistoryMessages,
  simplesMessages,
  type RevenueHistory,
  type RevenueHistoryInput,
} from '../../src/schemas/simples/api'
import { badRequest, conflict } from '../http'
import type { Store } from '../store/database'
import { factsOf } from './facts'
import { missingMonthsOf } from './months'
import { firstMonthWithUs } from './sources'

// The revenue from before us: the months before a company's data in this product (a company
// that migrated from another accountant, or whose invoices here start later than its activity),
// as the accountant declares them from the previous accountant's PGDAS-D. They count in RBT12,
// the fator R's revenue and the year's limits like any month (sources.ts); the month asks for
// the ones its RBT12 window lacks (months.ts).

/** How far back the history goes: the months RBT12 and the year before use (24). */
const HISTORY_MONTHS = 24

/** The months a company's history may hold, oldest first. */
function allowedMonths(openedOn: string | null, first: string | null, today: string) {
  const until = addMonths(first ?? today.slice(0, 7), -1)
  const oldest = addMonths(until, -(HISTORY_MONTHS - 1))
  const start = openedOn && openedOn.slice(0, 7) > oldest ? openedOn.slice(0, 7) : oldest
  return start > until ? [] : monthsFrom(start, until)
}

function factsOrRefuse(store: Store, company: Company) {
  const facts = factsOf(store, company)
  if (!facts || facts.regime !== 'simples') throw conflict(simplesMessages.notSimples)
  return facts
}

/** `GET /companies/{id}/revenue-history`. */
export function revenueHistoryView(store: Store, company: Company, today: string): RevenueHistory {
  const facts = factsOrRefuse(store, company)
  const record = store.revenueHistories.get(company.id)
  const first = firstMonthWithUs(store, company.id)
  return {
    companyId: company.id,
    months: [...(record?.months ?? [])].sort((a, b) => a.period.localeCompare(b.period)),
    openedOn: facts.openedOn,
    firstMonthWithUs: first,
    allowed: allowedMonths(facts.openedOn, first, today),
    missingMonths: missingMonthsOf(store, facts, addMonths(today.slice(0, 7), -1)),
    updatedAt: record?.updatedAt ?? null,
  }
}

/**
 * Replaces a company's history (inside store.write): each month within the company's life,
 * before its data here, at most 24 months back; an empty list removes it.
 */
export function saveRevenueHistory(
  store: Store,
  company: Company,
  input: Pick<RevenueHistoryInput, 'months'> & { months: { period: string; amount: number }[] },
  by: string,
  now: string,
  today: string,
) {
  const facts = factsOrRefuse(store, company)
  const first = firstMonthWithUs(store, company.id)
  const allowed = new Set(allowedMonths(facts.openedOn, first, today))
  input.months.forEach((month, index) => {
    if (allowed.has(month.period)) return
    const path = ['months', index, 'period']
    const message =
      facts.openedOn && month.period < facts.openedOn.slice(0, 7)
        ? revenueHistoryMessages.beforeStart(month.period, facts.openedOn)
        : first && month.period >= first
          ? revenueHistoryMessages.notBefore(month.period, first)
          : month.period >= today.slice(0, 7)
            ? revenueHistoryMessages.notBefore(month.period, today.slice(0, 7))
            : revenueHistoryMessages.tooOld(month.period)
    throw badRequest(message, [{ path, message }])
  })
  if (input.months.length === 0) {
    store.revenueHistories.remove(company.id)
    return
  }
  store.revenueHistories.put({
    id: company.id,
    companyId: company.id,
    months: [...input.months].sort((a, b) => a.period.localeCompare(b.period)),
    updatedAt: now,
    updatedBy: by,
  })
}
