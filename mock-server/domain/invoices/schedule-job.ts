import type { Store } from '../../store/database'
import { runSchedules } from './schedules'

/**
 * Runs the invoice schedules now and writes what they made (the hourly job, and after a schedule
 * is created or edited): inside the caller's store.write().
 */
export function applySchedules(store: Store, now = new Date()) {
  const nfsSchedulers = store.nfsSchedulers.all()
  // Only what the schedules name is read: their companies, and which of the requests they would
  // make are there already, asked by id — not every company and request of the firm (100,000 and
  // 1,400,000 at the size of scripts/bench-scale.ts: seconds on the API's thread every hour).
  const companies = [...new Set(nfsSchedulers.map((s) => s.companyId))].flatMap(
    (id) => store.companies.get(id) ?? [],
  )
  // A request's id is fixed per schedule and month (schedules.ts): the months are handled the
  // same whether their request exists, and one that exists is simply not made again.
  const all = runSchedules({ companies, nfsSchedulers, nfsRequests: [] }, now)
  const run = { ...all, created: all.created.filter(({ id }) => !store.nfsRequests.exists({ id })) }
  store.nfsRequests.insertMany(run.created)
  for (const { schedulerId, lastRunMonth } of run.handled) {
    const scheduler = store.nfsSchedulers.get(schedulerId)
    if (!scheduler) continue
    scheduler.lastRunMonth = lastRunMonth
    store.nfsSchedulers.update(scheduler)
  }
  return run
}
