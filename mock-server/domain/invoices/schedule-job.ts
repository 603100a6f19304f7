import type { Store } from '../../store/database'
import { runSchedules } from './schedules'

/**
 * Runs the invoice schedules now and writes what they made (the hourly job, and after a schedule
 * is created or edited): inside the caller's store.write().
 */
export function applySchedules(store: Store, now = new Date()) {
  const run = runSchedules(
    {
      companies: store.companies.all(),
      nfsSchedulers: store.nfsSchedulers.all(),
      nfsRequests: store.nfsRequests.values('id').map((id) => ({ id: String(id) })),
    },
    now,
  )
  store.nfsRequests.insertMany(run.created)
  for (const { schedulerId, lastRunMonth } of run.handled) {
    const scheduler = store.nfsSchedulers.get(schedulerId)
    if (!scheduler) continue
    scheduler.lastRunMonth = lastRunMonth
    store.nfsSchedulers.update(scheduler)
  }
  return run
}
