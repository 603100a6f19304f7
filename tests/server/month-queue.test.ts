import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../src/schemas/company'
import { buildSeed } from '../../mock-server/seed/index'
import { Store } from '../../mock-server/store/database'
import { foldText } from '../../mock-server/store/fold-text'
import type { MonthQueueQuery, QueueStatus } from '../../mock-server/store/month-queue'
import { addMonths, todayInBrazil } from '../../src/kernel/dates'
import { dasDueDate } from '../../src/kernel/tax'
import { monthKey, monthOverdue, simplesQueueQuerySchema } from '../../src/schemas/simples/api'
import { attachRegistry } from '../../mock-server/domain/companies/registry'
import { standInRegistry } from '../../mock-server/stand-ins/receita-cnpj/registry'
import { DomainError } from '../../mock-server/domain/errors'
import { regimeOf } from '../../mock-server/domain/simples/facts'
import { liveCalculation } from '../../mock-server/domain/simples/months'
import { simplesQueue } from '../../mock-server/domain/simples/queue'

// The month-close queue's summary (mock-server/store/month-queue.ts) on the seed: the same
// companies in the same order as the companies table gives them, kept by every write of a company
// or a closed month; and SQLite's plans (EXPLAIN QUERY PLAN) of the queue's and the bank
// reconciliation list's statements: index reads, no table scanned, no page sorted. Last, the
// queue's overdue filter against the calculation (below).

const dirs: string[] = []
const stores: Store[] = []
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const openStore = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'contabil-queue-'))
  dirs.push(dir)
  const store = new Store(path.join(dir, 'contabil.db'), buildSeed, { log: () => {} })
  attachRegistry(store, standInRegistry(store))
  stores.push(store)
  return store
}

const PERIOD = '2026-10'
const query = (over: Partial<MonthQueueQuery> = {}): MonthQueueQuery => ({
  period: PERIOD,
  words: [],
  digits: '',
  byStatus: false,
  limit: 25,
  offset: 0,
  ...over,
})

/** The queue's companies as the companies table lists them (pt-BR name order). */
const queuedIds = (store: Store) =>
  store.companies
    .rows(['id', 'status', 'size', 'cnpj'], { order: 'nameRank' })
    .filter(
      (row) =>
        ['active', 'overdue'].includes(String(row.status)) &&
        ['ME', 'EPP', 'MEI'].includes(String(row.size)) &&
        row.cnpj !== null,
    )
    .map((row) => String(row.id))

const begun = (store: Store) => {
  store.write(() => store.monthQueue.begin(PERIOD))
  return store
}

/**
 * Steps of a plan that read a whole table or a whole index (SQLite says SCAN; a read of a range
 * of an index is a SEARCH), or sort rows the index did not give in order.
 */
const fullScans = (plan: readonly string[]) =>
  plan.filter((step) => step.startsWith('SCAN ') && step !== 'SCAN CONSTANT ROW')
const sorts = (plan: readonly string[]) => plan.filter((step) => step.includes('TEMP B-TREE'))

describe('month-close queue summary', () => {
  it('lists the companies of the companies table, in its name order, with their totals', () => {
    const store = begun(openStore())
    const ids = queuedIds(store)
    expect(ids.length).toBeGreaterThan(2)
    const all = store.monthQueue.page(query({ limit: 1000 }))
    expect(all).toEqual({ companyIds: ids, total: ids.length })
    const second = store.monthQueue.page(query({ limit: 2, offset: 1 }))
    expect(second).toEqual({ companyIds: ids.slice(1, 3), total: ids.length })
    // Beginning a month again writes nothing more.
    store.write(() => store.monthQueue.begin(PERIOD))
    expect(store.monthQueue.page(query({ limit: 1000 })).total).toBe(ids.length)
  })

  it('searches folded words of the name and alias, or a CNPJ’s digits', () => {
    const store = begun(openStore())
    const company = store.companies.get(queuedIds(store)[0]!)!
    const word = foldText(company.name).split(' ')[0]!
    const expected = queuedIds(store).filter((id) =>
      foldText(`${store.companies.get(id)!.name} ${store.companies.get(id)!.alias ?? ''}`).includes(
        word,
      ),
    )
    expect(store.monthQueue.page(query({ words: [word], limit: 1000 })).companyIds).toEqual(
      expected,
    )
    // Eight digits of a CNPJ (as stored: digits only) find its company and no other.
    const digits = company.cnpj!.slice(2, 10)
    const found = store.monthQueue.page(query({ words: [digits], digits }))
    expect(found.companyIds).toContain(company.id)
    expect(found.companyIds.every((id) => store.companies.get(id)!.cnpj!.includes(digits))).toBe(
      true,
    )
    // Fewer than four digits search the names only.
    expect(
      store.monthQueue.page(query({ words: [digits.slice(0, 3)], digits: digits.slice(0, 3) }))
        .companyIds,
    ).not.toContain(company.id)
    expect(
      store.monthQueue.page(query({ words: ['nenhuma-empresa-assim'], digits: '99999999' })).total,
    ).toBe(0)
  })

  it('is kept by the writes of closed months and companies', () => {
    const store = begun(openStore())
    const [first, second] = queuedIds(store) as [string, string]
    const template = store.closedMonths.all()[0]
    expect(template).toBeDefined()
    const closed = { ...template!, id: `${second}:${PERIOD}`, companyId: second, period: PERIOD }
    store.write(() => store.closedMonths.removeWhere({ period: PERIOD }))
    const total = queuedIds(store).length
    store.write(() => store.closedMonths.insert({ ...closed, status: 'closed' }))
    expect(store.monthQueue.page(query({ status: 'closed' }))).toEqual({
      companyIds: [second],
      total: 1,
    })
    expect(store.monthQueue.page(query({ status: 'open', limit: 1000 })).total).toBe(total - 1)
    // Sorted by status: the open months first, the closed one after them.
    const byStatus = store.monthQueue.page(query({ byStatus: true, limit: 1000 })).companyIds
    expect(byStatus.at(-1)).toBe(second)
    expect(byStatus[0]).toBe(first)

    store.write(() => store.closedMonths.update({ ...closed, status: 'paid' }))
    expect(store.monthQueue.page(query({ status: 'closed' })).total).toBe(0)
    expect(store.monthQueue.page(query({ status: 'paid' })).companyIds).toEqual([second])
    store.write(() => store.closedMonths.remove(closed.id))
    expect(store.monthQueue.page(query({ status: 'open', limit: 1000 })).total).toBe(total)

    // A company renamed moves in the name order and is found by its new name.
    const renamed: Company = { ...store.companies.get(second)!, name: 'AAAA Primeira Padaria' }
    store.write(() => store.companies.update(renamed))
    expect(store.monthQueue.page(query()).companyIds[0]).toBe(second)
    expect(store.monthQueue.page(query({ words: ['primeira', 'padaria'] })).companyIds).toEqual([
      second,
    ])
    // A company that leaves the queue (disabled) leaves its rows; a new one joins them.
    store.write(() =>
      store.companies.update({ ...store.companies.get(first)!, status: 'disabled' }),
    )
    expect(store.monthQueue.page(query({ limit: 1000 })).companyIds).not.toContain(first)
    const added: Company = {
      ...store.companies.get(second)!,
      id: 'cmp-queue-new',
      name: 'Zzz Última Empresa',
      cnpj: '11.222.333/0001-81',
    }
    store.write(() => store.companies.insert(added))
    const after = store.monthQueue.page(query({ limit: 1000 }))
    expect(after).toEqual({ companyIds: queuedIds(store), total: queuedIds(store).length })
    expect(store.monthQueue.page(query({ status: 'open' })).total).toBe(queuedIds(store).length)
    expect(after.companyIds.at(-1)).toBe('cmp-queue-new')
    store.write(() => store.companies.remove('cmp-queue-new'))
    expect(store.monthQueue.page(query({ limit: 1000 }))).toEqual({
      companyIds: queuedIds(store),
      total: queuedIds(store).length,
    })
  })

  it('reads the first page, a search and a status filter from its indexes', () => {
    const store = begun(openStore())
    const cases: MonthQueueQuery[] = [
      query(),
      query({ offset: 25 }),
      query({ words: ['padaria'] }),
      query({ words: ['padaria', 'sao'], digits: '1234' }),
      query({ status: 'open' }),
      query({ status: 'closed', words: ['padaria'] }),
      query({ byStatus: true }),
      query({ byStatus: true, status: 'paid' }),
    ]
    for (const each of cases) {
      const plan = store.monthQueue.plan(each)
      expect(plan.page.join('\n')).toMatch(
        /^SEARCH month_queue USING (COVERING )?INDEX month_queue_by_period/m,
      )
      expect(fullScans(plan.page), plan.page.join('\n')).toEqual([])
      expect(sorts(plan.page), plan.page.join('\n')).toEqual([])
      // The total: the month's kept counts, or (a search) a read of the month's range of an index.
      expect(plan.count.join('\n')).toMatch(
        each.words.length
          ? /^SEARCH month_queue USING (COVERING )?INDEX month_queue_by_period/m
          : /^SEARCH month_queue_counts USING PRIMARY KEY \(period=\?/m,
      )
      expect(fullScans(plan.count), plan.count.join('\n')).toEqual([])
    }
  })

  it('reads the overdue filter from its own indexes, and the months it must calculate', () => {
    const store = begun(openStore())
    const cases: MonthQueueQuery[] = [
      query({ owing: true }),
      query({ owing: true, offset: 25 }),
      query({ owing: true, words: ['padaria'] }),
      query({ owing: true, status: 'open' }),
      query({ owing: true, status: 'closed', words: ['padaria'], digits: '1234' }),
      query({ owing: true, byStatus: true }),
    ]
    for (const each of cases) {
      const plan = store.monthQueue.plan(each)
      const text = `${JSON.stringify(each)}\n${plan.page.join('\n')}`
      expect(plan.page.join('\n'), text).toMatch(
        /^SEARCH month_queue USING (COVERING )?INDEX month_queue_by_period_owes_\w+ \(period=\? AND owes=\?/m,
      )
      expect(fullScans(plan.page), text).toEqual([])
      expect(sorts(plan.page), text).toEqual([])
      expect(plan.count.join('\n')).toMatch(
        /^SEARCH month_queue USING (COVERING )?INDEX month_queue_by_period_owes_\w+ \(period=\? AND owes=\?/m,
      )
      expect(fullScans(plan.count), plan.count.join('\n')).toEqual([])
    }
    expect(store.monthQueue.plan(query()).unknown).toEqual([
      expect.stringMatching(
        /^SEARCH month_queue USING COVERING INDEX month_queue_by_period_owes_\w+ \(period=\? AND owes=\?\)/,
      ),
    ])
  })
})

describe('bank reconciliation list', () => {
  it('reads each tab, account and month from an index, newest first without a sort', () => {
    const store = openStore()
    const record = store.reconciliations.all()[0]
    expect(record).toBeDefined()
    const { companyId, accountId } = record!
    const order = 'date DESC, id DESC'
    const month = { from: '2026-10-01', to: '2026-10-31' }
    const wheres = [
      { companyId },
      { companyId, status: 'unmatched' },
      { companyId, status: 'suggested', side: 'credit' },
      { companyId, accountId },
      { companyId, accountId, status: 'matched' },
      { companyId, date: month },
      { companyId, status: 'unmatched', date: month },
    ]
    for (const where of wheres) {
      const plan = store.reconciliations.planOfPage({ where, order, limit: 50, offset: 0 })
      const text = `${JSON.stringify(where)}\n${plan.page.join('\n')}`
      expect(plan.page.join('\n'), text).toMatch(/USING INDEX reconciliations_by_/)
      expect(fullScans(plan.page), text).toEqual([])
      expect(sorts(plan.page), text).toEqual([])
      expect(fullScans(plan.count), plan.count.join('\n')).toEqual([])
    }
  })
})

// The month-close queue's overdue filter ("Atrasados", mock-server/domain/simples/queue.ts) reads
// what each month owes from the queue's summary (mock-server/store/month-queue.ts) instead of
// calculating every open month of the queue per request. Its answer is the one the calculation
// gives: the oracle below is that calculation — each queued company's month, closed as its record
// says, open as liveCalculation says now — over the seed's months (MEI and Simples companies,
// months without revenue, companies that began after the month), and after each write that
// changes what a month owes (revenue declared, invoices removed, activities removed, a month
// closed, paid and reopened).

const today = todayInBrazil()
const last = addMonths(today.slice(0, 7), -1)
/**
 * The latest month whose DAS is past due today: the month before this one from the day after its
 * DAS falls due (dasDueDate), the one before that until then; a test that needs overdue months
 * of `last` would find none from the 1st to the 20th.
 */
const lastDue = dasDueDate(last) < today ? last : addMonths(last, -1)
const NOW = `${today}T12:00:00.000Z`

/** The queue's companies of a month (a search, a status), in its order, every one. */
const queueOf = (store: Store, period: string, words: string[] = [], status?: QueueStatus) =>
  store.monthQueue.page(query({ period, words, status, limit: -1 })).companyIds

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
function oracle(store: Store, period: string, words: string[] = [], status?: QueueStatus) {
  let dueDate: string | null
  try {
    dueDate = dasDueDate(period)
  } catch {
    dueDate = null
  }
  // The month's rows of the summary (GET /simples/{period} writes them the first time).
  store.write(() => store.monthQueue.begin(period))
  const ids = queueOf(store, period, words, status)
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
async function overdue(store: Store, period: string, query: Record<string, string> = {}) {
  const parsed = simplesQueueQuerySchema.parse({ limit: '100', overdue: 'true', ...query })
  const { data, total } = await simplesQueue(store, period, parsed, today)
  expect(data.every((row) => row.overdue)).toBe(true)
  return { ids: data.map((row) => row.company.id), total }
}

const expectOracle = async (store: Store, period: string) => {
  const expected = oracle(store, period)
  expect(await overdue(store, period)).toEqual({ ids: expected, total: expected.length })
  return expected
}

describe('month-close queue, overdue filter', () => {
  it('lists the months the calculation says are overdue, over the seed’s months', async () => {
    const store = openStore()
    const periods = Array.from({ length: 16 }, (_, n) => addMonths(last, -n))
    let some = 0
    for (const period of periods) {
      const expected = await expectOracle(store, period)
      some += expected.length
      // Asked again (what it owes is kept now), with a search, a status and the status order.
      expect((await overdue(store, period)).ids).toEqual(expected)
      for (const status of ['open', 'closed', 'paid'] as const) {
        const byStatus = oracle(store, period, [], status)
        expect(await overdue(store, period, { status })).toEqual({
          ids: byStatus,
          total: byStatus.length,
        })
      }
      const word = expected[0] && foldText(store.companies.get(expected[0])!.name).split(' ')[0]!
      if (word)
        expect((await overdue(store, period, { query: word })).ids).toEqual(
          oracle(store, period, [word]),
        )
      const sorted = (await overdue(store, period, { sort: 'status' })).ids
      expect([...sorted].sort()).toEqual([...expected].sort())
      // A page and the total.
      const second = await overdue(store, period, { limit: '2', offset: '1' })
      expect(second).toEqual({ ids: expected.slice(1, 3), total: expected.length })
    }
    // The seed has overdue months and months that are not (no revenue, a MEI, a company that
    // began after the month), else this test proves little.
    expect(some).toBeGreaterThan(0)
    const queued = queueOf(store, last)
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

  it('follows the writes that change what a month owes', async () => {
    const store = openStore()
    const period = lastDue
    const before = await expectOracle(store, period)
    const queued = queueOf(store, period)
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
    expect(await expectOracle(store, period)).toContain(company.id)

    // The month's invoices removed: nothing to pay, not overdue.
    store.write(() =>
      store.nfsRequests.removeWhere({ companyId: owing!, status: 'issued', month: period }),
    )
    expect(await expectOracle(store, period)).not.toContain(owing)

    // Another company without activities: no annex, no DAS in any month.
    const other = before.find((id) => id !== owing && open(id))
    expect(other).toBeDefined()
    store.write(() => store.companies.update({ ...store.companies.get(other!)!, activities: [] }))
    expect(await expectOracle(store, period)).not.toContain(other)

    // A month closed with its DAS published (a closed month of the seed as the template), then
    // paid, then reopened; and one closed without a guide (nothing to pay).
    const closing = (await expectOracle(store, period)).find(open)
    const template = store.closedMonths
      .all()
      .find((month) => month.calculation.das.amount > 0 && month.dasDocumentId !== null)
    expect(closing && template).toBeTruthy()
    const closed = { ...template!, id: monthKey(closing!, period), companyId: closing!, period }
    store.write(() => store.closedMonths.insert({ ...closed, status: 'closed' }))
    expect(await expectOracle(store, period)).toContain(closing)
    store.write(() => store.closedMonths.update({ ...closed, status: 'paid' }))
    expect(await expectOracle(store, period)).not.toContain(closing)
    store.write(() =>
      store.closedMonths.update({ ...closed, status: 'closed', dasDocumentId: null }),
    )
    expect(await expectOracle(store, period)).not.toContain(closing)
    store.write(() => store.closedMonths.remove(closed.id))
    expect(await expectOracle(store, period)).toContain(closing)
  })

  it('calculates a month asked for the first time in batches, other work running between them, once for two requests', async () => {
    const store = openStore()
    const period = lastDue
    const parsed = simplesQueueQuerySchema.parse({ limit: '100', overdue: 'true' })
    store.write(() => store.monthQueue.begin(period))
    const unknown = store.monthQueue.unknownOwes(period).length
    expect(unknown).toBeGreaterThan(2)
    // Work of other requests: a callback queued again at each turn of the event loop, as a
    // request's reads come in between two turns. (A timer would not do: with no request being
    // answered a batch gives way for a turn only, mock-server/domain/pacing.ts, and a timer of
    // 1 ms runs only at the turns that come after it is due.)
    let turns = 0
    let running = true
    const other = () => {
      turns++
      if (running) setImmediate(other)
    }
    setImmediate(other)
    try {
      // A budget of 0 ms: a batch of one month each, a pause after it.
      const [first, second] = await Promise.all([
        simplesQueue(store, period, parsed, today, 0),
        simplesQueue(store, period, parsed, today, 0),
      ])
      expect(turns).toBeGreaterThan(unknown / 2)
      expect(second).toEqual(first)
    } finally {
      running = false
    }
    expect(store.monthQueue.unknownOwes(period)).toEqual([])
    expect(await expectOracle(store, period)).toBeDefined()
  })
})
