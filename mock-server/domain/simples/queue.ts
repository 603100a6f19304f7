import type { z } from 'zod'
import type {
  MonthStatus,
  SimplesQueueRow,
  simplesQueueQuerySchema,
} from '../../../src/schemas/simples/api'
import { companyRefOf } from '../companies/company-records'
import { foldText } from '../../store/fold-text'
import { HttpError } from '../../http'
import type { Store } from '../../store/database'
import { regimeOf } from './calculate'
import { monthView } from './months'

// The month-close queue (`GET /simples/{period}`): every active Simples Nacional and MEI company
// with its month. The list is filtered and ordered from indexed columns (companies by their pt-BR
// name rank, closed months by period); only the page's companies have their month calculated.

type Query = z.output<typeof simplesQueueQuerySchema>

const statusOrder: Record<MonthStatus, number> = { open: 0, closed: 1, paid: 2 }

export function simplesQueue(store: Store, period: string, query: Query, today: string) {
  const candidates = store.companies
    .rows(['id', 'name', 'alias', 'cnpj'], {
      where: { status: ['active', 'overdue'], size: ['ME', 'EPP', 'MEI'] },
      order: 'nameRank',
    })
    .filter((row) => row.cnpj !== null)
  const words = query.query ? foldText(query.query).split(' ').filter(Boolean) : []
  const digits = query.query?.replace(/\D/g, '') ?? ''
  const matching = words.length
    ? candidates.filter((row) => {
        const text = foldText(`${row.name ?? ''} ${row.alias ?? ''}`)
        return (
          words.every((word) => text.includes(word)) ||
          (digits.length >= 4 && String(row.cnpj).includes(digits))
        )
      })
    : candidates
  const closed = new Map(
    store.closedMonths
      .rows(['companyId', 'status'], { where: { period } })
      .map((row) => [String(row.companyId), row.status as MonthStatus]),
  )
  const statusOf = (id: string): MonthStatus => closed.get(id) ?? 'open'
  let list = query.status
    ? matching.filter((row) => statusOf(String(row.id)) === query.status)
    : matching
  if (query.sort === 'status')
    list = list
      .map((row, index) => ({ row, index }))
      .sort(
        (a, b) =>
          statusOrder[statusOf(String(a.row.id))] - statusOrder[statusOf(String(b.row.id))] ||
          a.index - b.index,
      )
      .map(({ row }) => row)
  const page = list.slice(query.offset, query.offset + query.limit)
  const data: SimplesQueueRow[] = page.flatMap((row) => {
    const company = store.companies.get(String(row.id))
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
  return { data, total: list.length }
}
