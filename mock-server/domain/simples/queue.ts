import type { z } from 'zod'
import type { SimplesQueueRow, simplesQueueQuerySchema } from '../../../src/schemas/simples/api'
import { companyRefOf } from '../companies/company-records'
import { foldText } from '../../store/fold-text'
import { HttpError } from '../../http'
import type { Store } from '../../store/database'
import { regimeOf } from './calculate'
import { monthView } from './months'

// The month-close queue (`GET /simples/{period}`): every active Simples Nacional and MEI company
// with its month. The page, its search and its status filter are read from the queue's summary
// (mock-server/store/month-queue.ts: one row per company and month, kept by the store's
// triggers), under its indexes; only the page's companies have their month calculated.

type Query = z.output<typeof simplesQueueQuerySchema>

export function simplesQueue(store: Store, period: string, query: Query, today: string) {
  // A month asked for the first time has its rows written, once, in one statement.
  if (!store.monthQueue.has(period)) store.write(() => store.monthQueue.begin(period))
  const words = query.query ? foldText(query.query).split(' ').filter(Boolean) : []
  const { companyIds, total } = store.monthQueue.page({
    period,
    words,
    digits: query.query?.replace(/\D/g, '') ?? '',
    status: query.status,
    byStatus: query.sort === 'status',
    limit: query.limit,
    offset: query.offset,
  })
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
      if (!(error instanceof HttpError) || error.status !== 400) throw error
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
      },
    ]
  })
  return { data, total }
}
