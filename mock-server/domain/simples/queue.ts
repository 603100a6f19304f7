import type { z } from 'zod'
import { dasDueDate, UnknownCalendarYear } from '../../../src/kernel/tax'
import {
  monthOverdue,
  type SimplesQueueRow,
  type simplesQueueQuerySchema,
} from '../../../src/schemas/simples/api'
import { companyRefOf } from '../companies/company-records'
import { foldText } from '../../store/fold-text'
import { DomainError } from '../errors'
import type { Store } from '../../store/database'
import type { MonthQueueQuery } from '../../store/month-queue'
import { registryOf } from '../companies/registry'
import { afterBatch } from '../pacing'
import { calculate } from './calculate'
import { companyFactsOf, regimeOf } from './facts'
import { monthView } from './months'
import { basisOf, storeSources } from './sources'

// The month-close queue (`GET /simples/{period}`): every active Simples Nacional and MEI company
// with its month. The page, its search and its status filter are read from the queue's summary
// (mock-server/store/month-queue.ts: one row per company and month, kept by the store's
// triggers), under its indexes, and so is the overdue filter (what each month owes is kept there
// too); only the page's companies have their month calculated.

type Query = z.output<typeof simplesQueueQuerySchema>

/** The DAS's due date of a competence (the same for every company); null past the calendar. */
function dueDateOf(period: string) {
  try {
    return dasDueDate(period)
  } catch (error) {
    if (error instanceof UnknownCalendarYear) return null
    throw error
  }
}

/**
 * The companies whose month is overdue, in the queue's order: nobody's before the period's DAS is
 * due; from then, the summary's rows of the search and status asked for whose month owes its DAS
 * (monthOverdue: an open month whose DAS is more than zero, a closed one that published a DAS
 * still unpaid), read under its indexes. The open months whose DAS the summary does not know
 * (never calculated, or a write of the company since: mock-server/store/month-queue.ts) are
 * calculated first, and the summary keeps what they owe.
 */
async function overduePage(
  store: Store,
  period: string,
  selection: Omit<MonthQueueQuery, 'limit' | 'offset'>,
  query: Query,
  today: string,
  batchMs: number,
) {
  const dueDate = dueDateOf(period)
  if (dueDate === null || dueDate >= today) return { companyIds: [], total: 0 }
  await learnOwes(store, period, today, batchMs)
  return store.monthQueue.page({
    ...selection,
    owing: true,
    limit: query.limit,
    offset: query.offset,
  })
}

/** The longest a batch of open months' calculations holds the thread (ms), as close-several.ts. */
export const OWES_BATCH_MS = 40
/** The months whose open DAS are being calculated, per store: a second request waits for the first. */
const learning = new WeakMap<Store, Map<string, Promise<void>>>()

/**
 * Calculates the open months of a period whose DAS the summary does not know, and keeps what they
 * owe: in batches cut at a time budget and, while other requests are being answered, followed by
 * a pause as long (a month asked for the first time over a firm's companies is tens of seconds of
 * calculation, which must not hold every other request). Each batch calculates and writes in one
 * turn, so what it keeps is what the store held; the rows a write forgot meanwhile are calculated
 * again, the last time in one turn.
 */
function learnOwes(store: Store, period: string, today: string, batchMs: number): Promise<void> {
  let running = learning.get(store)
  if (!running) learning.set(store, (running = new Map()))
  const current = running.get(period)
  if (current) return current
  const work = (async () => {
    for (let pass = 0; ; pass++) {
      const unknown = store.monthQueue.unknownOwes(period)
      if (unknown.length === 0) return
      const budget = pass < 2 ? batchMs : Infinity
      let next = 0
      while (next < unknown.length) {
        const started = performance.now()
        const owes = new Map<string, boolean>()
        while (next < unknown.length && (owes.size === 0 || performance.now() < started + budget)) {
          const companyId = unknown[next++]!
          owes.set(companyId, openDasAmount(store, companyId, period, today) > 0)
        }
        store.write(() => store.monthQueue.owe(period, owes))
        // A request for the queue waits for it: the pause is for the others.
        await afterBatch(performance.now() - started, 0.5, next < unknown.length, 1)
      }
    }
  })().finally(() => running.delete(period))
  running.set(period, work)
  return work
}

/**
 * An open month's DAS as its live calculation gives it (months.ts liveCalculation), read without
 * what only the month's view needs (the partners, the months before us the revenue history
 * lacks); 0 when the company has no month to close (neither Simples nor MEI, a month not begun or
 * before its start: the queue's row says why).
 */
function openDasAmount(store: Store, companyId: string, period: string, today: string) {
  const company = store.companies.get(companyId)
  const facts = company && companyFactsOf(company, registryOf(store), [])
  if (!facts || period > today.slice(0, 7)) return 0
  try {
    return calculate(facts, period, basisOf(storeSources(store), facts, period)).das.amount
  } catch (error) {
    if (error instanceof RangeError) return 0
    throw error
  }
}

export async function simplesQueue(
  store: Store,
  period: string,
  query: Query,
  today: string,
  batchMs = OWES_BATCH_MS,
) {
  // A month asked for the first time has its rows written, once, in one statement.
  if (!store.monthQueue.has(period)) store.write(() => store.monthQueue.begin(period))
  const words = query.query ? foldText(query.query).split(' ').filter(Boolean) : []
  const selection = {
    period,
    words,
    digits: query.query?.replace(/\D/g, '') ?? '',
    status: query.status,
    byStatus: query.sort === 'status',
  }
  const { companyIds, total } = query.overdue
    ? await overduePage(store, period, selection, query, today, batchMs)
    : store.monthQueue.page({ ...selection, limit: query.limit, offset: query.offset })
  const data: SimplesQueueRow[] = companyIds.flatMap((id) => {
    const company = store.companies.get(id)
    const regime = company && regimeOf(company)
    if (!company || !regime) return []
    let month
    try {
      month = monthView(store, company, period, today)
    } catch (error) {
      // A company that began after this competence (or a month not begun) has no month to close:
      // it stays in the list with the reason, rather than failing the accountant's whole page.
      if (!(error instanceof DomainError) || error.kind !== 'invalid') throw error
      return [
        {
          company: companyRefOf(company),
          period,
          regime,
          status: 'open' as const,
          revenue: 0,
          das: { amount: 0, dueDate: null },
          missing: [{ code: 'no-month', message: error.message }],
          guide: null,
          lateInvoices: 0,
          overdue: false,
        },
      ]
    }
    return [
      {
        company: companyRefOf(company),
        period,
        regime,
        status: month.status,
        revenue: month.revenue,
        das: month.das,
        missing: month.missing,
        guide: month.guide,
        lateInvoices: month.lateInvoices.length,
        overdue: monthOverdue(
          { status: month.status, das: month.das, hasGuide: month.guide !== null },
          today,
        ),
      },
    ]
  })
  return { data, total }
}
