import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import type { z } from 'zod'
import { isSystemAdmin } from '../../../src/schemas/claims'
import {
  companyMessages,
  type Company,
  type CompanyStatus,
  type CompanyUpdate,
} from '../../../src/schemas/company'
import { messages } from '../../../src/schemas/messages'
import type { PreRegistration, StepSubmit } from '../../../src/schemas/steps'
import { draftSchemaOf, stepActors, stepInputSchemas } from '../../../src/schemas/steps'
import { emptyTrack, stepIds, type StepId } from '../../../src/schemas/track'
import { searchKey } from '../../../src/schemas/people'
import { applyTrackEvent, refusalOf, stepSubmissionEvent } from '../../../src/machines/track'
import type { AuthService, Caller } from '../../auth'
import type { ServerConfig } from '../../config'
import type { Store } from '../../store/database'
import { choosePlan, paymentsOfCompany, subscriptionsOfCompany } from '../billing/subscriptions'
import { conflict, DomainError, forbidden, invalid, notFound, parsed } from '../errors'
import {
  changeStatus,
  cnpjTaken,
  findCompany,
  newCompany,
  newTrack,
  syncCurrentSubscription,
  trackOf,
  trackView,
} from './company-records'
import { changeIdentity, findUser } from './people'
import { companyTypeOf, type CnpjRegistry, type WritableCnpjRegistry } from './registry'
import { registrationIn } from './registration'
import { completeStep, stepMessagesServer } from './steps'

// The companies context's commands (the `/companies*` endpoints of mock-server/routes/companies.ts
// call them): each checks its rules, builds or changes the records in its own transaction and
// refuses with the domain's errors (mock-server/domain/errors.ts). A command that changes a
// company reads it afresh inside that transaction (`changing`): the copy the request's access
// check read is never written back.

/** A change of one company, from its record as it is inside the change's transaction. */
function changing<T>(store: Store, given: Company, change: (company: Company) => T): T {
  return store.write(() => change(findCompany(store, given.id)))
}

/** An existing company, by its CNPJ, added for a user: the migration track, from the registry. */
export async function addCompanyByCnpj(
  deps: {
    store: Store
    auth: AuthService
    caller: Caller
    config: ServerConfig
    registry: CnpjRegistry
  },
  input: { cnpj: string; userId: string },
): Promise<Company> {
  const { store, config, registry } = deps
  const user = findUser(store, input.userId)
  const record = registry.recordOf(input.cnpj)
  if (!record && config.environment === 'production')
    throw invalid(messages.cnpjNotFound, [{ path: ['cnpj'], message: messages.cnpjNotFound }])
  if (record && record.status !== 'ATIVA') {
    const message = stepMessagesServer.registryStatus(record.status)
    throw invalid(message, [{ path: ['cnpj'], message }])
  }
  if (cnpjTaken(store, input.cnpj)) throw conflict(companyMessages.cnpjTaken)
  const company = newCompany(
    {
      name: record?.legalName ?? `Empresa ${formatCnpj(input.cnpj, { version: 2 })}`,
      alias: record?.tradeName ?? null,
      cnpj: input.cnpj,
      address: record?.address ?? null,
      trackId: 'migrate-company',
      type: record ? companyTypeOf(record) : null,
      size: record?.size ?? null,
      activities: record ? [record.mainActivity, ...record.secondaryActivities] : [],
    },
    new Date().toISOString(),
  )
  // The owner's companies as they are in their turn (changeIdentity): another change of them
  // meanwhile (an admin's, another company added) is kept.
  await changeIdentity(deps, user.id, (owner) => ({
    changes: { companies: [...owner.companies, company.id] },
    local: () => {
      if (cnpjTaken(store, input.cnpj)) throw conflict(companyMessages.cnpjTaken)
      store.companies.insert(company)
      store.tracks.insert(newTrack(company.id, company.trackId))
    },
  }))
  return company
}

/**
 * The registry gets the CNPJ recorded for a company we opened: the record of the CNPJ it had
 * before, if another, is withdrawn; the company is registered under the one it has now, with what
 * it registered (registration.ts).
 */
function registerCnpj(
  store: Store,
  registry: WritableCnpjRegistry,
  company: Company,
  previous: string | null,
) {
  if (company.trackId !== 'create-company') return
  if (previous && previous !== company.cnpj) registry.withdraw(previous)
  const record = registrationIn(store, company)
  if (record) registry.register(record)
}

/** The back office edits a company's registration data. */
export function updateCompany(
  store: Store,
  registry: WritableCnpjRegistry,
  given: Company,
  update: CompanyUpdate,
) {
  return changing(store, given, (company) => {
    if (update.cnpj && cnpjTaken(store, update.cnpj, company.id))
      throw conflict(companyMessages.cnpjTaken)
    const previous = company.cnpj
    Object.assign(company, update, { updatedAt: new Date().toISOString() })
    store.companies.update(company)
    if (company.cnpj !== previous) registerCnpj(store, registry, company, previous)
    return company
  })
}

/** Moves a company's status through the company-status statechart (changeStatus) and keeps it. */
export function changeCompanyStatus(
  store: Store,
  given: Company,
  to: CompanyStatus,
  change: { by: string; reason?: string | undefined },
) {
  return changing(store, given, (company) => {
    changeStatus(store, company, to, { ...change, at: new Date().toISOString() })
    store.companies.update(company)
    return company
  })
}

/** Parses a step payload; the issues' paths start at `payload`. */
function parsedPayload<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  try {
    return parsed(schema, input)
  } catch (error) {
    if (!(error instanceof DomainError) || !error.issues) throw error
    throw invalid(
      error.message,
      error.issues.map((issue) => ({ ...issue, path: ['payload', ...issue.path] })),
    )
  }
}

/**
 * A wizard step: a draft saves it, anything else completes it (or revises it once done, while
 * the track machine allows); the subscription step is done by its payment. The track as the API
 * answers it.
 */
export function submitStep(
  deps: { store: Store; config: ServerConfig; registry: CnpjRegistry; caller: Caller },
  given: Company,
  step: string,
  body: StepSubmit,
) {
  const stepId = step as StepId
  if (!stepIds.includes(stepId)) throw notFound(stepMessagesServer.notFound)
  return changing(deps.store, given, (company) => submitStepOf(deps, company, stepId, body))
}

function submitStepOf(
  deps: { store: Store; config: ServerConfig; registry: CnpjRegistry; caller: Caller },
  company: Company,
  stepId: StepId,
  body: StepSubmit,
) {
  const { store, caller } = deps
  const track = trackOf(store, company.id)
  if (company.status === 'disabled') throw conflict(stepMessagesServer.disabled)
  const actor = stepActors[stepId]
  if (actor === 'admin' && !isSystemAdmin(caller.claims))
    throw forbidden(stepMessagesServer.adminStep)
  // The track machine says whether the step may still save, complete or revise.
  const event = stepSubmissionEvent(track, stepId, body.draft)
  const refusal = refusalOf(track, event)
  if (refusal) {
    if (!track.steps.some((s) => s.stepId === stepId)) throw invalid(refusal)
    throw conflict(refusal)
  }
  const now = new Date()
  const at = now.toISOString()
  let payload: Record<string, unknown>
  if (body.draft === true && actor !== 'payment')
    payload = parsedPayload(draftSchemaOf(stepId), body.payload)
  else {
    const input = parsedPayload(stepInputSchemas[stepId], body.payload) as Record<string, unknown>
    payload = completeStep(stepId, { ...deps, company, track, input, at })
    if (actor === 'payment') choosePlan(store, company, String(input.planId), now)
  }
  const result = applyTrackEvent(track, event, { payload, at })
  if (!result.ok) throw conflict(result.message)
  track.status = result.track.status
  track.steps = result.track.steps
  company.updatedAt = at
  store.tracks.update(track)
  store.companies.update(company)
  return trackView(track)
}

/** The company starts the other track from its first step, while pending and unpaid. */
export function changeTrack(store: Store, given: Company, trackId: Company['trackId']) {
  return changing(store, given, (company) => {
    const track = trackOf(store, company.id)
    if (company.trackId === trackId) return { company, track: trackView(track) }
    const paid = paymentsOfCompany(store, company.id).some((p) => p.status === 'paid')
    if (company.status !== 'pending' || paid) throw conflict(stepMessagesServer.trackLocked)
    const now = new Date().toISOString()
    // A plan chosen on the other track was never charged: it goes with it.
    for (const subscription of subscriptionsOfCompany(store, company.id))
      if (subscription.status === 'pending') {
        subscription.status = 'canceled'
        subscription.canceledAt = now
        subscription.updatedAt = now
        store.subscriptions.update(subscription)
      }
    for (const payment of paymentsOfCompany(store, company.id))
      if (payment.status !== 'paid') store.payments.remove(payment.id)
    const fresh = emptyTrack(trackId)
    track.trackId = fresh.trackId
    track.status = fresh.status
    track.steps = fresh.steps
    company.trackId = trackId
    syncCurrentSubscription(company, null)
    company.updatedAt = now
    store.tracks.update(track)
    store.companies.update(company)
    return { company, track: trackView(track) }
  })
}

/**
 * Why a CNPJ cannot be recorded for a company we are opening, or null: another company has it
 * here, or the registry knows it under another name than the company's or those it asked for.
 */
function cnpjRecordRefusal(
  store: Store,
  registry: CnpjRegistry,
  company: Company,
  cnpj: string,
): string | null {
  if (cnpjTaken(store, cnpj, company.id)) return companyMessages.cnpjTaken
  const known = registry.recordOf(cnpj)
  if (!known) return null
  const desired =
    (
      trackOf(store, company.id).steps.find((step) => step.stepId === 'pre-registration')
        ?.payload as Partial<PreRegistration> | null
    )?.names ?? []
  const names = [company.name, ...desired].map(searchKey)
  return names.includes(searchKey(known.legalName))
    ? null
    : `Este CNPJ pertence a outra empresa na Receita Federal: ${known.legalName}.`
}

/**
 * The accountant records the CNPJ the Receita issued for a company we are opening: the company is
 * registered with what it registered (registration.ts), and from then on the registry answers
 * for it with that record; a CNPJ recorded before in its place is withdrawn.
 */
export function recordCompanyCnpj(
  store: Store,
  registry: WritableCnpjRegistry,
  given: Company,
  cnpj: string,
) {
  return changing(store, given, (company) => recordCnpjOf(store, registry, company, cnpj))
}

function recordCnpjOf(
  store: Store,
  registry: WritableCnpjRegistry,
  company: Company,
  cnpj: string,
) {
  if (company.trackId !== 'create-company') throw conflict(stepMessagesServer.cnpjNotOpening)
  if (company.status !== 'opening') throw conflict(stepMessagesServer.cnpjNotYet)
  const confirmed = trackOf(store, company.id).steps.some(
    (step) => step.stepId === 'download-company-info' && step.status === 'done',
  )
  if (confirmed) throw conflict(stepMessagesServer.cnpjConfirmed)
  const refusal = cnpjRecordRefusal(store, registry, company, cnpj)
  if (refusal) throw conflict(refusal)
  const previous = company.cnpj
  company.cnpj = cnpj
  company.updatedAt = new Date().toISOString()
  store.companies.update(company)
  registerCnpj(store, registry, company, previous)
  return company
}
