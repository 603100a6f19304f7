import type { z } from 'zod'
import { addDays } from '../../../src/kernel/tax'
import { toCents } from '../../../src/kernel/money'
import type {
  CompanyYearRecord,
  yearEndQueueQuerySchema,
  YearEndRow,
} from '../../../src/schemas/year-end'
import { companyRefOf } from '../companies/company-records'
import { foldText } from '../../store/fold-text'
import type { Where } from '../../store/table'
import type { Store } from '../../store/database'
import { statusOf } from './declarations'

// The accountant's year-end queue (`GET /year-end/{year}`): every client company's year with its
// DEFIS or DASN-SIMEI status, the income reports sent and the profits above the exempt amount.
// A page is read from the years as kept (companyYears: status, due date and pt-BR name rank are
// columns with their indexes, the total a kept count), never computed per request: 25 rows of
// 100,000 cost what 25 rows of 10 do.

type Query = z.output<typeof yearEndQueueQuerySchema>

/** The conditions of a status filter: "late" is any not delivered past its due date. */
function statusWhere(status: Query['status'], today: string): Where {
  const yesterday = addDays(today, -1)
  switch (status) {
    case undefined:
      return {}
    case 'delivered':
      return { status: 'delivered' }
    case 'late':
      return { status: ['to-complete', 'ready'], dueDate: { to: yesterday } }
    default:
      return { status, dueDate: { from: today } }
  }
}

/** Words of a search (name or alias, accents and case ignored), or the digits of a CNPJ. */
function searchWhere(query: string | undefined): Where {
  if (!query) return {}
  const digits = query.replace(/\D/g, '')
  if (digits.length >= 4 && !/[a-z]/i.test(query)) return { searchText: { contains: [digits] } }
  const words = foldText(query).split(' ').filter(Boolean)
  return words.length ? { searchText: { contains: words } } : {}
}

/** A figure of the year's closed months, added up to the cent. */
const sumOf = (record: CompanyYearRecord, field: 'revenue' | 'das') =>
  Object.values(record.months).reduce((total, month) => total + toCents(month[field]), 0) / 100

export function yearEndQueue(store: Store, year: number, query: Query, today: string) {
  const page = store.companyYears.page({
    where: { year, ...statusWhere(query.status, today), ...searchWhere(query.query) },
    order: 'nameRank',
    limit: query.limit,
    offset: query.offset,
  })
  const data: YearEndRow[] = page.data.map((record) => {
    const company = store.companies.get(record.companyId)
    return {
      company: company
        ? companyRefOf(company)
        : { id: record.companyId, ...record.company, status: 'active' as const },
      year: record.year,
      regime: record.regime,
      declaration: record.regime === 'mei' ? 'dasn-simei' : 'defis',
      status: statusOf(record, record.missing, today),
      dueDate: record.dueDate,
      delivery: record.delivery && {
        receipt: record.delivery.receipt,
        deliveredOn: record.delivery.deliveredOn,
        fine: record.delivery.fine?.fine ?? null,
      },
      missing: record.missing,
      monthsClosed: Object.keys(record.months).length,
      revenue: sumOf(record, 'revenue'),
      das: sumOf(record, 'das'),
      distributed: record.distributed,
      exemptLimit: record.exemptLimit,
      aboveExempt: record.aboveExempt,
      outcome: record.outcome,
      reportsSentAt: record.reportsSent?.at ?? null,
    }
  })
  return { data, total: page.total }
}
