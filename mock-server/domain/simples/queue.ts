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
import { regimeOf } from './facts'
import { liveCalculation, monthView } from './months'

// The month-close queue (`GET /simples/{period}`): every active Simples Nacional and MEI company
// with its month. The page, its search and its status filter are read from the queue's summary
// (mock-server/store/month-queue.ts: one row per company and month, kept by the store's
// triggers), under its indexes; only the page's companies have their month calculated.

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
 * The companies whose month is overdue, in the queue's order: the summary's rows of the search and
 * status asked for, less the months not overdue (monthOverdue: an open month past its DAS's due
 * date whose DAS is more than zero; a closed one only when it published a DAS still unpaid). Read
 * beyond the page: the overdue filter is not on the summary's indexes, and an open month's DAS
 * is calculated (only for an open month past its due date).
 */
function overduePage(
  store: Store,
  period: string,
  selection: Omit<Parameters<Store['monthQueue']['page']>[0], 'limit' | 'offset'>,
  query: Query,
  today: string,
) {
  const dueDate = dueDateOf(period)
  if (dueDate === null || dueDate >= today) return { companyIds: [], total: 0 }
  const months = new Map(
    store.closedMonths
      .find({ where: { period } })
      .map((month) => [month.companyId, month] as const),
  )
  const all = store.monthQueue.page({ ...selection, limit: -1, offset: 0 }).companyIds
  const overdue = all.filter((id) => {
    const month = months.get(id)
    const amount = month ? month.calculation.das.amount : openDasAmount(store, id, period, today)
    return monthOverdue(
      {
        status: month?.status ?? 'open',
        das: { amount, dueDate },
        hasGuide: (month?.dasDocumentId ?? null) !== null,
      },
      today,
    )
  })
  return {
    companyIds: overdue.slice(query.offset, query.offset + query.limit),
    total: overdue.length,
  }
}

/** An open month's DAS as calculated now; 0 when the company has no month to close (its row says why). */
function openDasAmount(store: Store, companyId: string, period: string, today: string) {
  const company = store.companies.get(companyId)
  if (!company || !regimeOf(company)) return 0
  try {
    return liveCalculation(store, company, period, today).calculation.das.amount
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') return 0
    throw error
  }
}

export function simplesQueue(store: Store, period: string, query: Query, today: string) {
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
    ? overduePage(store, period, selection, query, today)
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
