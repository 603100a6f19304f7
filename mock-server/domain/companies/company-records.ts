import { randomUUID } from 'node:crypto'
import type { SubscriptionRecord } from '../../../src/schemas/billing'
import {
  companyMessages,
  type Company,
  type CompanyRef,
  type CompanyStatus,
} from '../../../src/schemas/company'
import { emptyTrack } from '../../../src/schemas/track'
import { transition } from 'xstate'
import {
  companyStatusMachine,
  companyStatusSnapshotOf,
  planStatusChange,
  statusOf,
  type CompanyStatusEvent,
} from '../../../src/machines/company-status'
import { conflict, notFound } from '../errors'
import type { TrackRecord } from '../../model'
import type { Store } from '../../store/database'

export function findCompany(store: Store, id: string): Company {
  const company = store.companies.get(id)
  if (!company) throw notFound(companyMessages.notFound)
  return company
}

/** Whether another company than `companyId` already has this CNPJ. */
export function cnpjTaken(store: Store, cnpj: string, companyId?: string) {
  const holder = store.companies.first({ where: { cnpj } })
  return holder !== undefined && holder.id !== companyId
}

/** What a new company is given besides its track (a sign-up's name, a registry's record). */
export type NewCompany = Pick<Company, 'name' | 'trackId'> &
  Partial<Pick<Company, 'alias' | 'cnpj' | 'address' | 'type' | 'size' | 'activities'>>

/**
 * A new company's record: pending, with no plan and no status change yet. `id` only for the
 * benches' data sets, whose ids are fixed (scripts/bench-*.ts).
 */
export const newCompany = (
  fields: NewCompany,
  at: string,
  id = `cmp-${randomUUID().slice(0, 8)}`,
): Company => ({
  id,
  name: fields.name,
  alias: fields.alias ?? null,
  cnpj: fields.cnpj ?? null,
  status: 'pending',
  address: fields.address ?? null,
  currentSubscription: null,
  trackId: fields.trackId,
  type: fields.type ?? null,
  size: fields.size ?? null,
  activities: fields.activities ?? [],
  statusHistory: [],
  createdAt: at,
  updatedAt: at,
})

/**
 * A company migrated in from another accountant and active since `active.at` (the benches' data
 * sets: scripts/bench-scale-data.ts, bench-simples.ts, bench-year-end.ts).
 */
export function migratedCompany(
  fields: NewCompany & { id: string },
  createdAt: string,
  active: { at: string; by: string },
): Company {
  const { id, ...given } = fields
  return {
    ...newCompany(given, createdAt, id),
    status: 'active',
    statusHistory: [{ from: 'migrating', to: 'active', at: active.at, by: active.by }],
    updatedAt: active.at,
  }
}

/** A new company's track record: the track's steps, none started. */
export const newTrack = (companyId: string, trackId: Company['trackId']): TrackRecord => ({
  companyId,
  ...emptyTrack(trackId),
})

export function trackOf(store: Store, companyId: string): TrackRecord {
  const track = store.tracks.get(companyId)
  if (!track) throw notFound('Trilha da empresa não encontrada.')
  return track
}

/** A company as other records name it (the back office's lists). */
export const companyRefOf = ({ id, name, alias, cnpj, status }: Company): CompanyRef => ({
  id,
  name,
  alias,
  cnpj,
  status,
})

/** The track record as the API answers it (without the store's companyId). */
export function trackView(track: TrackRecord) {
  const { companyId: _companyId, ...view } = track
  return view
}

function record(
  company: Company,
  from: CompanyStatus,
  to: CompanyStatus,
  change: { by: string; reason?: string | undefined; at: string },
) {
  company.status = to
  company.statusHistory.push({
    from,
    to,
    at: change.at,
    by: change.by,
    ...(change.reason ? { reason: change.reason } : {}),
  })
  company.updatedAt = change.at
}

/**
 * `PUT /companies/{id}/status/{status}`: runs the company status machine on the company (the
 * caller writes it); a change it does not allow is a 409 naming both statuses.
 */
export function changeStatus(
  store: Store,
  company: Company,
  to: CompanyStatus,
  change: { by: string; reason?: string | undefined; at: string },
) {
  const snapshot = companyStatusSnapshotOf(company, trackOf(store, company.id))
  const plan = planStatusChange(snapshot, to, change.reason ?? '')
  if (!plan.ok) throw conflict(plan.message)
  record(company, company.status, statusOf(plan.next), change)
}

/**
 * A system event (payment confirmed or late) on a company: applied when the machine takes it,
 * recorded in the status history (the caller writes the company); whether the status changed.
 */
export function applyCompanyEvent(
  store: Store,
  company: Company,
  event: Extract<CompanyStatusEvent, { type: 'payment.confirmed' | 'payment.late' }>,
  change: { by: string; reason: string; at: string },
): boolean {
  const snapshot = companyStatusSnapshotOf(company, trackOf(store, company.id))
  if (!snapshot.can(event)) return false
  const [next] = transition(companyStatusMachine, snapshot, event)
  const to = statusOf(next)
  if (to === company.status) return false
  record(company, company.status, to, change)
  return true
}

/** Keeps `company.currentSubscription` (the summary the Company entity carries) in step. */
export function syncCurrentSubscription(company: Company, subscription: SubscriptionRecord | null) {
  company.currentSubscription = subscription
    ? {
        id: subscription.id,
        planId: subscription.planId,
        status: subscription.status,
        amount: subscription.amount,
        startedAt: subscription.startedAt,
      }
    : null
}
