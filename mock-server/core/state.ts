import type { Payment, SubscriptionRecord } from '../../src/schemas/billing'
import { companyMessages, type Company, type CompanyStatus } from '../../src/schemas/company'
import type { Invite } from '../../src/schemas/engagement'
import type { User } from '../../src/schemas/user'
import { transition } from 'xstate'
import {
  companyStatusMachine,
  companyStatusSnapshotOf,
  planStatusChange,
  statusOf,
  type CompanyStatusEvent,
} from '../../src/machines/company-status'
import { conflict, notFound } from '../http'
import type { TrackRecord } from '../seed/core'
import type { Store } from '../store/database'

/** The indexes of the companies, users, billing and invites areas, one set per store. */
function createIndexes(store: Store) {
  return {
    trackOf: store.index('tracks', (track) => track.companyId),
    usersOf: store.index('users', (user) => user.companies),
    usersByEmail: store.index('users', (user) => user.email.toLowerCase()),
    usersByCode: store.index('users', (user) => user.referralCode),
    referredBy: store.index('users', (user) => (user.indicatedBy ? [user.indicatedBy] : [])),
    subscriptionsOf: store.index('subscriptions', (subscription) => subscription.companyId),
    paymentsOf: store.index('payments', (payment) => payment.companyId),
    invitesOf: store.index('invites', (invite) => invite.companyId),
    invitesTo: store.index('invites', (invite) => invite.email.toLowerCase()),
    rewardsOf: store.index('referralRewards', (reward) => reward.referrerId),
    rewardsFor: store.index('referralRewards', (reward) => reward.referredUserId),
    partnerOf: store.index('ducaPartners', (partner) => partner.userId),
    partnerByCode: store.index('ducaPartners', (partner) => partner.code),
  }
}

const indexes = new WeakMap<Store, ReturnType<typeof createIndexes>>()

export function coreOf(store: Store) {
  let found = indexes.get(store)
  if (!found) indexes.set(store, (found = createIndexes(store)))
  return found
}

export function findCompany(store: Store, id: string): Company {
  const company = store.byId('companies', id)
  if (!company) throw notFound(companyMessages.notFound)
  return company
}

export function trackOf(store: Store, companyId: string): TrackRecord {
  const track = coreOf(store).trackOf.first(companyId)
  if (!track) throw notFound('Trilha da empresa não encontrada.')
  return track
}

export const usersOfCompany = (store: Store, companyId: string): User[] =>
  coreOf(store).usersOf.get(companyId)

export const paymentsOfCompany = (store: Store, companyId: string): Payment[] =>
  coreOf(store).paymentsOf.get(companyId)

export const subscriptionsOfCompany = (store: Store, companyId: string): SubscriptionRecord[] =>
  coreOf(store).subscriptionsOf.get(companyId)

export const invitesOfCompany = (store: Store, companyId: string): Invite[] =>
  coreOf(store).invitesOf.get(companyId)

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
 * `PUT /companies/{id}/status/{status}`: runs the company status machine on the stored company;
 * a change it does not allow is a 409 naming both statuses, and nothing changes.
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
 * recorded in the status history; returns whether the status changed.
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
