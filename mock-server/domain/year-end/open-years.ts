import { yearInBrazil } from '../../../src/kernel/dates'
import type { Store } from '../../store/database'
import { giveWay } from '../pacing'
import { deriveYear, newYear, yearKey } from './company-year'
import { yearFactsOf } from './facts'
import { yearMonthOf } from '../../../src/kernel/tax/year-end/months'

// Every client company has its year in the year-end queue, even before anything happened in it:
// at start and every hour, the years the queue shows (this one and the one before) are opened for
// the companies that have none — in batches of their own transaction, each cut at a time budget
// and followed by a pause as long (mock-server/domain/pacing.ts), so a hundred thousand companies never hold the request thread
// for more than a few milliseconds, nor more than half of its time. A year gets the months already
// closed in it (a data folder from before the years were kept).

/**
 * The longest a batch holds the thread (ms): other requests wait at most about this long. A
 * first start on 100,000 companies opens 200,000 years for minutes, while scripts/bench-scale.ts
 * times its first list at 20 connections: a request that comes during a batch waits for it.
 */
const BATCH_MS = 5

export async function openYears(store: Store, now = new Date()) {
  const current = yearInBrazil(now)
  let stopped = false
  store.onClose(() => {
    stopped = true
  })
  let opened = 0
  for (const year of [current - 1, current]) {
    const have = new Set(store.companyYears.values('companyId', { year }).map(String))
    // A year takes its company's place in the name order as it is written (store/layout.ts
    // companyYears), so the order they are opened in does not matter.
    const missing = store.companies
      .rows(['id'], { where: { status: ['active', 'overdue'], size: ['ME', 'EPP', 'MEI'] } })
      .map((row) => String(row.id))
      .filter((id) => !have.has(id))
    let next = 0
    while (next < missing.length) {
      if (stopped) return opened
      const at = new Date().toISOString()
      const started = performance.now()
      const until = started + BATCH_MS
      opened += store.write(() => {
        let count = 0
        let visited = 0
        while (next < missing.length && (visited++ === 0 || performance.now() < until)) {
          const id = missing[next++]!
          const company = store.companies.get(id)
          const facts = company && yearFactsOf(store, company)
          if (!facts || store.companyYears.get(yearKey(id, year))) continue
          // Opened in a later year: it has no year before.
          if (facts.openedOn && Number(facts.openedOn.slice(0, 4)) > year) continue
          const record = newYear(facts, year, at)
          for (const month of store.closedMonths.find({
            where: { companyId: id, period: { from: `${year}-01`, to: `${year}-12` } },
          }))
            record.months[month.period] = yearMonthOf(month.calculation)
          store.companyYears.insert(deriveYear(record, facts))
          count += 1
        }
        return count
      })
      await giveWay(performance.now() - started, 0.5)
    }
  }
  return opened
}
