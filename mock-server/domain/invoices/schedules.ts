import { getDaysInMonth, parse } from 'date-fns'
import type { Company } from '../../../src/schemas/company'
import { monthOf, shiftMonth, todayInBrazil } from '../../../src/schemas/finance-common'
import type { NfsRequest, NfsScheduler } from '../../../src/schemas/invoice'
import { newNfsRequest } from './requests'

/** How far back a schedule catches up after the server was down (months). */
const MAX_CATCH_UP_MONTHS = 24

/** The day a schedule runs in a month: `dayOfMonth`, or the month's last day if shorter. */
export function runDateOf(month: string, dayOfMonth: number): string {
  const days = getDaysInMonth(parse(`${month}-01`, 'yyyy-MM-dd', new Date(2000, 0, 1)))
  return `${month}-${String(Math.min(dayOfMonth, days)).padStart(2, '0')}`
}

/** The id of the request a schedule makes in a month: one per schedule and month, by design. */
export const scheduledRequestId = (schedulerId: string, month: string) =>
  `nfs-${schedulerId}-${month}`

export type ScheduleRun = {
  /** Requests to add. */
  created: NfsRequest[]
  /** New `lastRunMonth` of each schedule that moved on. */
  handled: { schedulerId: string; lastRunMonth: string }[]
}

/**
 * The invoice schedules' job, as a pure function of the data and the clock: every active
 * schedule of a company that is not disabled gets one `pending` request per month, on its
 * `dayOfMonth` (the last day in shorter months), for each month from the one after its
 * `lastRunMonth` (or the month it was created) up to today. A month whose run day is before the
 * schedule was created is skipped. Idempotent: the request id is fixed per schedule and month,
 * and a month is never handled twice.
 */
export function runSchedules(
  data: {
    companies: readonly Pick<Company, 'id' | 'status'>[]
    nfsSchedulers: readonly NfsScheduler[]
    nfsRequests: readonly Pick<NfsRequest, 'id'>[]
  },
  now: Date,
): ScheduleRun {
  const today = todayInBrazil(now)
  const thisMonth = monthOf(today)
  const existing = new Set(data.nfsRequests.map((request) => request.id))
  const disabled = new Set(data.companies.filter((c) => c.status === 'disabled').map((c) => c.id))
  const created: NfsRequest[] = []
  const handled: ScheduleRun['handled'] = []
  const at = now.toISOString()

  for (const scheduler of data.nfsSchedulers) {
    if (!scheduler.active || disabled.has(scheduler.companyId)) continue
    const createdDay = todayInBrazil(new Date(scheduler.createdAt))
    // Counted from today's month in Brazil, not the server's clock zone.
    const oldest = shiftMonth(thisMonth, -MAX_CATCH_UP_MONTHS)
    let month = scheduler.lastRunMonth ? shiftMonth(scheduler.lastRunMonth, 1) : monthOf(createdDay)
    if (month < oldest) month = oldest
    let last: string | undefined
    for (; month <= thisMonth; month = shiftMonth(month, 1)) {
      const runDate = runDateOf(month, scheduler.dayOfMonth)
      if (runDate > today) break
      last = month
      if (runDate < createdDay) continue
      const id = scheduledRequestId(scheduler.id, month)
      if (existing.has(id)) continue
      existing.add(id)
      created.push(
        newNfsRequest(
          {
            companyId: scheduler.companyId,
            cnpj: scheduler.cnpj,
            totalValue: scheduler.totalValue,
            serviceDescription: scheduler.serviceDescription,
            serviceCode: scheduler.serviceCode,
            taxationCode: scheduler.taxationCode,
            municipalityCode: scheduler.municipalityCode,
            municipalityName: scheduler.municipalityName,
            issWithheld: scheduler.issWithheld,
            issTaxation: scheduler.issTaxation,
            immunityType: scheduler.immunityType ?? null,
            taker: scheduler.taker,
            date: runDate,
          },
          { id, by: 'system', at, schedulerId: scheduler.id },
        ),
      )
    }
    if (last && last !== scheduler.lastRunMonth)
      handled.push({ schedulerId: scheduler.id, lastRunMonth: last })
  }
  return { created, handled }
}
