import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addMonths, todayInBrazil } from '../../src/kernel/dates'
import { dasDueDate } from '../../src/kernel/tax'
import { monthKey, monthOverdue, simplesQueueQuerySchema } from '../../src/schemas/simples/api'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { attachRegistry } from '../../mock-server/domain/companies/registry'
import { standInRegistry } from '../../mock-server/stand-ins/receita-cnpj/registry'
import { DomainError } from '../../mock-server/domain/errors'
import { regimeOf } from '../../mock-server/domain/simples/facts'
import { liveCalculation } from '../../mock-server/domain/simples/months'
import { simplesQueue } from '../../mock-server/domain/simples/queue'
import { foldText } from '../../mock-server/store/fold-text'

// The month-close queue's overdue filter ("Atrasados", mock-server/domain/simples/queue.ts) reads
// what each month owes from the queue's summary (mock-server/store/month-queue.ts) instead of
// calculating every open month of the queue per request. Its answer is the one the calculation
// gives: the oracle below is that calculation — each queued company's month, closed as its record
// says, open as liveCalculation says now — over the seed's months (MEI and Simples companies,
// months without revenue, companies that began after the month), and after each write that
// changes what a month owes (revenue declared, invoices removed, activities removed, a month
// closed, paid and reopened).

const dirs: string[] = []
const stores: Store[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const openStore = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-overdue-'))
  dirs.push(dir)
  const store = new Store(path.join(dir, 'contabil.db'), buildSeed, { log: () => {} })
  attachRegistry(store, standInRegistry(store))
  stores.push(store)
  return store
}

const today = todayInBrazil()
const last = addMonths(today.slice(0, 7), -1)
const NOW = `${today}T12:00:00.000Z`

/** An open month's DAS as the live calculation gives it (0 when the company has no month). */
function liveDas(store: Store, companyId: string, period: string) {
  const company = store.companies.get(companyId)
  if (!company || !regimeOf(company)) return 0
  try {
    return liveCalculation(store, company, period, today).calculation.das.amount
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') return 0
    throw error
  }
}

/** The overdue months of the queue as the rule says, each month calculated now, in queue order. */
function oracle(store: Store, period: string, words: string[] = [], status?: string) {
  let dueDate: string | null
  try {
    dueDate = dasDueDate(period)
  } catch {
    dueDate = null
  }
  // The month's rows of the summary (GET /simples/{period} writes them the first time).
  store.write(() => store.monthQueue.begin(period))
  const ids = store.monthQueue.page({
    period,
    words,
    digits: '',
    status: status as never,
    byStatus: false,
    limit: -1,
    offset: 0,
  }).companyIds
  return ids.filter((id) => {
    const month = store.closedMonths.get(monthKey(id, period))
    return monthOverdue(
      {
        status: month?.status ?? 'open',
        das: {
          amount: month ? month.calculation.das.amount : liveDas(store, id, period),
          dueDate,
        },
        hasGuide: (month?.dasDocumentId ?? null) !== null,
      },
      today,
    )
  })
}

/** The queue's overdue filter as GET /simples/{period} answers it (every row on one page). */
function overdue(store: Store, period: string, query: Record<string, string> = {}) {
  const parsed = simplesQueueQuerySchema.parse({ limit: '100', overdue: 'true', ...query })
  const { data, total } = simplesQueue(store, period, parsed, today)
  expect(data.every((row) => row.overdue)).toBe(true)
  return { ids: data.map((row) => row.company.id), total }
}

const expectOracle = (store: Store, period: string) => {
  const expected = oracle(store, period)
  expect(overdue(store, period)).toEqual({ ids: expected, total: expected.length })
  return expected
}

describe('month-close queue, overdue filter', () => {
  it('lists the months the calculation says are overdue, over the seed’s months', () => {
    const store = openStore()
    const periods = Array.from({ length: 16 }, (_, n) => addMonths(last, -n))
    let some = 0
    for (const period of periods) {
      const expected = expectOracle(store, period)
      some += expected.length
      // Asked again (what it owes is kept now), with a search, a status and the status order.
      expect(overdue(store, period).ids).toEqual(expected)
      for (const status of ['open', 'closed', 'paid'] as const) {
        const byStatus = oracle(store, period, [], status)
        expect(overdue(store, period, { status })).toEqual({
          ids: byStatus,
          total: byStatus.length,
        })
      }
      const word = expected[0] && foldText(store.companies.get(expected[0])!.name).split(' ')[0]!
      if (word)
        expect(overdue(store, period, { query: word }).ids).toEqual(oracle(store, period, [word]))
      const sorted = overdue(store, period, { sort: 'status' }).ids
      expect([...sorted].sort()).toEqual([...expected].sort())
      // A page and the total.
      const second = overdue(store, period, { limit: '2', offset: '1' })
      expect(second).toEqual({ ids: expected.slice(1, 3), total: expected.length })
    }
    // The seed has overdue months and months that are not (no revenue, a MEI, a company that
    // began after the month), else this test proves little.
    expect(some).toBeGreaterThan(0)
    const queued = store.monthQueue.page({
      period: last,
      words: [],
      digits: '',
      byStatus: false,
      limit: -1,
      offset: 0,
    }).companyIds
    const kinds = new Set(
      queued.map((id) => {
        const company = store.companies.get(id)!
        return `${regimeOf(company)}:${liveDas(store, id, last) > 0}`
      }),
    )
    expect(kinds).toContain('mei:true')
    expect(kinds).toContain('simples:true')
    expect([...kinds].some((kind) => kind.endsWith(':false'))).toBe(true)
  })

  it('follows the writes that change what a month owes', () => {
    const store = openStore()
    const period = last
    const before = expectOracle(store, period)
    const queued = store.monthQueue.page({
      period,
      words: [],
      digits: '',
      byStatus: false,
      limit: -1,
      offset: 0,
    }).companyIds
    const open = (id: string) => !store.closedMonths.get(monthKey(id, period))
    const owing = before.find((id) => open(id) && regimeOf(store.companies.get(id)!) === 'simples')
    const owingNothing = queued.find(
      (id) =>
        open(id) &&
        regimeOf(store.companies.get(id)!) === 'simples' &&
        store.companies.get(id)!.activities.length > 0 &&
        liveDas(store, id, period) === 0,
    )
    expect(owing).toBeDefined()
    expect(owingNothing).toBeDefined()

    // Revenue declared for a month without any: its DAS is above zero, the month is overdue.
    const company = store.companies.get(owingNothing!)!
    store.write(() =>
      store.declaredRevenues.insert({
        id: monthKey(company.id, period),
        companyId: company.id,
        period,
        items: [{ cnae: company.activities[0]!, annex: null, amount: 1000 }],
        updatedAt: NOW,
        updatedBy: 'uid-admin',
      }),
    )
    expect(expectOracle(store, period)).toContain(company.id)

    // The month's invoices removed: nothing to pay, not overdue.
    store.write(() =>
      store.nfsRequests.removeWhere({ companyId: owing!, status: 'issued', month: period }),
    )
    expect(expectOracle(store, period)).not.toContain(owing)

    // Another company without activities: no annex, no DAS in any month.
    const other = before.find((id) => id !== owing && open(id))
    expect(other).toBeDefined()
    store.write(() => store.companies.update({ ...store.companies.get(other!)!, activities: [] }))
    expect(expectOracle(store, period)).not.toContain(other)

    // A month closed with its DAS published (a closed month of the seed as the template), then
    // paid, then reopened; and one closed without a guide (nothing to pay).
    const closing = expectOracle(store, period).find(open)
    const template = store.closedMonths
      .all()
      .find((month) => month.calculation.das.amount > 0 && month.dasDocumentId !== null)
    expect(closing && template).toBeTruthy()
    const closed = { ...template!, id: monthKey(closing!, period), companyId: closing!, period }
    store.write(() => store.closedMonths.insert({ ...closed, status: 'closed' }))
    expect(expectOracle(store, period)).toContain(closing)
    store.write(() => store.closedMonths.update({ ...closed, status: 'paid' }))
    expect(expectOracle(store, period)).not.toContain(closing)
    store.write(() =>
      store.closedMonths.update({ ...closed, status: 'closed', dasDocumentId: null }),
    )
    expect(expectOracle(store, period)).not.toContain(closing)
    store.write(() => store.closedMonths.remove(closed.id))
    expect(expectOracle(store, period)).toContain(closing)
  })
})
