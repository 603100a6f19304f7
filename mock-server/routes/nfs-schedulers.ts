import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { companiesOf, isSystemAdmin } from '../../src/schemas/claims'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import { todayInBrazil } from '../../src/schemas/finance-common'
import {
  nfsSchedulerActiveQuerySchema,
  nfsSchedulerInputSchema,
  nfsSchedulerListQuerySchema,
  nfsSchedulerViewSchema,
  serviceCodeOf,
  type NfsScheduler,
} from '../../src/schemas/invoice'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import { applySchedules } from '../domain/invoices/schedule-job'
import { runDateOf } from '../domain/invoices/schedules'
import { paginate } from '../http'
import { assertIssuer, issuerMessages, municipalityName } from '../domain/invoices/requests'

// Invoice schedules (docs/product.md §10 "Invoices"): a request made every month on a day; the
// hourly job makes them (finance/schedule-job.ts), and runs again right after a schedule changes.

const NOT_FOUND = 'Agendamento não encontrado.'

/** Next run date of a schedule from today on. */
function nextRunOf(scheduler: NfsScheduler, today: string): string | null {
  if (!scheduler.active) return null
  const month = today.slice(0, 7)
  const thisMonth = runDateOf(month, scheduler.dayOfMonth)
  if (thisMonth >= today && scheduler.lastRunMonth !== month) return thisMonth
  const [y, m] = month.split('-').map(Number) as [number, number]
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
  return runDateOf(next, scheduler.dayOfMonth)
}

const withNextRun = (scheduler: NfsScheduler, today: string) => ({
  ...scheduler,
  nextRunDate: nextRunOf(scheduler, today),
})

type SchedulerInput = z.output<typeof nfsSchedulerInputSchema>

function createScheduler({ store, company, body: input }: Call<{ body: SchedulerInput }>) {
  assertIssuer(company, input.cnpj)
  const place = municipalityName(input.municipalityCode)
  const now = new Date().toISOString()
  const scheduler: NfsScheduler = {
    id: `sch-${randomUUID()}`,
    companyId: company.id,
    ...input,
    serviceCode: serviceCodeOf(input.taxationCode),
    municipalityName: place,
    lastRunMonth: null,
    createdAt: now,
    updatedAt: now,
  }
  const saved = store.write(() => {
    store.nfsSchedulers.insert(scheduler)
    applySchedules(store)
    return store.nfsSchedulers.get(scheduler.id)!
  })
  return { data: withNextRun(saved, todayInBrazil()) }
}

function updateScheduler({
  store,
  company,
  params,
  body: input,
}: Call<{ params: { id: string }; body: SchedulerInput }>) {
  const scheduler = ownedBy(store.nfsSchedulers.get(params.id), company.id, NOT_FOUND)
  assertIssuer(company, input.cnpj)
  const place = municipalityName(input.municipalityCode)
  Object.assign(scheduler, input, {
    serviceCode: serviceCodeOf(input.taxationCode),
    municipalityName: place,
    updatedAt: new Date().toISOString(),
  })
  const saved = store.write(() => {
    store.nfsSchedulers.update(scheduler)
    applySchedules(store)
    return store.nfsSchedulers.get(scheduler.id)!
  })
  return { data: withNextRun(saved, todayInBrazil()) }
}

/** The requests it already made stay (they are the company's invoices). */
function deleteScheduler({ store, companyId, params }: Call<{ params: { id: string } }>) {
  const scheduler = ownedBy(store.nfsSchedulers.get(params.id), companyId, NOT_FOUND)
  store.write(() => store.nfsSchedulers.remove(scheduler.id))
  return { data: scheduler }
}

/** Active schedules the caller reaches (one company's with `companyId`), next run first. */
function listActiveSchedulers({
  store,
  caller,
  optionalCompanyId,
  query: q,
}: Call<{ query: z.output<typeof nfsSchedulerActiveQuerySchema> }>) {
  const companies = optionalCompanyId
    ? new Set([optionalCompanyId])
    : isSystemAdmin(caller.claims)
      ? null
      : new Set(companiesOf(caller.claims))
  const today = todayInBrazil()
  const active = store.nfsSchedulers
    .all()
    .filter((s) => s.active && (!companies || companies.has(s.companyId)))
    .map((s) => withNextRun(s, today))
    .sort(
      (a, b) =>
        (a.nextRunDate ?? '').localeCompare(b.nextRunDate ?? '') || a.id.localeCompare(b.id),
    )
  return paginate(active, q)
}

/** The company's schedules, newest first. */
function listSchedulers({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof nfsSchedulerListQuerySchema> }>) {
  const today = todayInBrazil()
  const list = store.nfsSchedulers
    .find({ where: { companyId } })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
    .map((s) => withNextRun(s, today))
  return paginate(list, q)
}

const schedulerParams = z.object({ id: idSchema })

export const nfsSchedulerEndpoints = [
  endpoint({
    method: 'POST',
    path: '/nfs/schedulers',
    summary: 'A request made every month on a day (runs at once if the day has passed).',
    access: 'company',
    query: companyScopeQuerySchema,
    body: nfsSchedulerInputSchema,
    answers: { 201: recordOf(nfsSchedulerViewSchema) },
    errors: [404, 409],
    messages: { 409: issuerMessages.disabled },
    handler: createScheduler,
  }),
  endpoint({
    method: 'PUT',
    path: '/nfs/schedulers/{id}',
    summary: 'Changes a schedule.',
    access: 'company',
    params: schedulerParams,
    query: companyScopeQuerySchema,
    body: nfsSchedulerInputSchema,
    answers: { 200: recordOf(nfsSchedulerViewSchema) },
    errors: [404, 409],
    messages: { 409: issuerMessages.disabled },
    handler: updateScheduler,
  }),
  endpoint({
    method: 'DELETE',
    path: '/nfs/schedulers/{id}',
    summary: 'Removes a schedule (the requests it made stay).',
    access: 'company',
    params: schedulerParams,
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(nfsSchedulerViewSchema.omit({ nextRunDate: true })) },
    errors: [404],
    handler: deleteScheduler,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/schedulers/active',
    summary: 'Active schedules the caller reaches, next run first.',
    access: 'signed-in',
    company: 'query.companyId',
    companyOptional: 'always',
    query: nfsSchedulerActiveQuerySchema,
    answers: { 200: listOf(nfsSchedulerViewSchema) },
    handler: listActiveSchedulers,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/schedulers',
    summary: "The company's schedules, newest first.",
    access: 'company',
    query: nfsSchedulerListQuerySchema,
    answers: { 200: listOf(nfsSchedulerViewSchema) },
    errors: [404],
    handler: listSchedulers,
  }),
]
