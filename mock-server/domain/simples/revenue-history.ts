import type { Company } from '../../../src/schemas/company'
import { addMonths, monthsFrom } from '../../../src/kernel/dates'
import {
  revenueHistoryMessages,
  type RevenueHistory,
  type RevenueHistoryInput,
} from '../../../src/schemas/simples/api'
import type { Store } from '../../store/database'
import { conflict, invalid, type DomainError } from '../errors'
import { factsOf } from './facts'
import { firstMonthWithUs, missingMonthsOf } from './sources'

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

/** The company's facts when it is a Simples ME or EPP (the history is its RBT12's), else null. */
function simplesFactsOf(store: Store, company: Company) {
  const facts = factsOf(store, company)
  return facts && facts.regime === 'simples' ? facts : null
}

/** `GET /companies/{id}/revenue-history`; null for a company that is not a Simples ME or EPP. */
export function revenueHistoryView(
  store: Store,
  company: Company,
  today: string,
): RevenueHistory | null {
  const facts = simplesFactsOf(store, company)
  if (!facts) return null
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
 * Why a company's history may not be saved, as the domain error the caller throws: not a Simples
 * company (`conflict`), or a month outside what it may hold (`invalid`, pointing at the month);
 * null when it may.
 */
type HistoryMonths = Pick<RevenueHistoryInput, 'months'> & {
  months: { period: string; amount: number }[]
}

/** Each month within the company's life, before its data here, at most 24 months back. */
export function revenueHistoryRefusal(
  store: Store,
  company: Company,
  input: HistoryMonths,
  today: string,
  notSimples: string,
): DomainError | null {
  const facts = simplesFactsOf(store, company)
  if (!facts) return conflict(notSimples)
  const first = firstMonthWithUs(store, company.id)
  const allowed = new Set(allowedMonths(facts.openedOn, first, today))
  for (const [index, month] of input.months.entries()) {
    if (allowed.has(month.period)) continue
    const message =
      facts.openedOn && month.period < facts.openedOn.slice(0, 7)
        ? revenueHistoryMessages.beforeStart(month.period, facts.openedOn)
        : first && month.period >= first
          ? revenueHistoryMessages.notBefore(month.period, first)
          : month.period >= today.slice(0, 7)
            ? revenueHistoryMessages.notBefore(month.period, today.slice(0, 7))
            : revenueHistoryMessages.tooOld(month.period)
    return invalid(message, [{ path: ['months', index, 'period'], message }])
  }
  return null
}

/**
 * Replaces a company's history (inside store.write, after revenueHistoryRefusal said nothing); an
 * empty list removes it.
 */
export function saveRevenueHistory(
  store: Store,
  company: Company,
  input: HistoryMonths,
  by: string,
  now: string,
) {
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
