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
  const wanted = runSchedules({ companies, nfsSchedulers, nfsRequests: [] }, now).created
  const nfsRequests = wanted.filter(({ id }) => store.nfsRequests.exists({ id }))
  const run = runSchedules({ companies, nfsSchedulers, nfsRequests }, now)
  store.nfsRequests.insertMany(run.created)
  for (const { schedulerId, lastRunMonth } of run.handled) {
    const scheduler = store.nfsSchedulers.get(schedulerId)
    if (!scheduler) continue
    scheduler.lastRunMonth = lastRunMonth
    store.nfsSchedulers.update(scheduler)
  }
  return run
}
