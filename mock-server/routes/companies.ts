import { randomUUID } from 'node:crypto'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import { z } from 'zod'
import { cnpjSchema } from '../../src/schemas/brazil'
import { companiesOf, isSystemAdmin } from '../../src/schemas/claims'
import { idSchema, listOf, recordOf } from '../../src/schemas/common'
import {
  companyCreateSchema,
  companyDisableSchema,
  companyListQuerySchema,
  companyMessages,
  companySchema,
  companyStatusSchema,
  companyUpdateSchema,
  statusChangeBodySchema,
  statusHistoryEntrySchema,
  statusHistoryQuerySchema,
  trackIdSchema,
  type Company,
  type CompanyCreate,
  type CompanyUpdate,
  type StatusHistoryEntry,
} from '../../src/schemas/company'
import { messages } from '../../src/schemas/messages'
import {
  openOrderStatuses,
  orderListQuerySchema,
  orderSchema,
  type Order,
} from '../../src/schemas/order'
import { searchKey } from '../../src/schemas/people'
import { registryRecordSchema, type RegistryRecord } from '../../src/schemas/registry'
import {
  draftSchemaOf,
  migrateAccountantRecordSchema,
  partnerRegistrationBasicSchema,
  stepActors,
  stepInputSchemas,
  stepSubmitSchema,
  type StepSubmit,
} from '../../src/schemas/steps'
import { emptyTrack, stepIds, trackSchema, type StepId } from '../../src/schemas/track'
import {
  applyTrackEvent,
  currentStepOf,
  refusalOf,
  stepSubmissionEvent,
} from '../../src/machines/track'
import { endpoint, type Call } from '../api'
import { changeIdentity, findUser, ownerOf } from '../domain/companies/people'
import {
  choosePlan,
  paymentsOfCompany,
  subscriptionsOfCompany,
} from '../domain/billing/subscriptions'
import { cnpjRecordRefusal, registryRecordOf } from '../stand-ins/receita-cnpj/registry'
import {
  changeStatus,
  syncCurrentSubscription,
  trackOf,
  trackView,
} from '../domain/companies/company-records'
import { completeStep, stepMessagesServer } from '../domain/companies/steps'
import { transferLetterFileName, transferLetterPdf } from '../domain/companies/transfer-letter'
import { badRequest, conflict, forbidden, HttpError, notFound, paginate, parse } from '../http'
import type { Store } from '../store/database'
import { JsonText } from '../store/table'

// Companies (docs/product.md §7 "Companies"; the session's, the wizards' and the back office's): every
// `/companies*` endpoint. The company of `/companies/{id}…` is found and access-checked by
// requireCompany (access.ts) before the handler runs.

const companyParams = z.object({ id: idSchema })
const companyRecord = recordOf(companySchema)
const trackRecord = recordOf(trackSchema)

// ---- views ----

/** A company as an opening or migration order (admin screens). */
function orderOf(store: Store, company: Company): Order {
  const track = trackOf(store, company.id)
  const owner = ownerOf(store, company)
  const plan = company.currentSubscription
    ? store.plans.get(company.currentSubscription.planId)
    : undefined
  return {
    id: company.id,
    company: {
      id: company.id,
      name: company.name,
      alias: company.alias,
      cnpj: company.cnpj,
      status: company.status,
      trackId: company.trackId,
      createdAt: company.createdAt,
      updatedAt: company.updatedAt,
    },
    owner: owner
      ? { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone }
      : null,
    track: {
      status: track.status,
      currentStep: currentStepOf(track),
      done: track.steps.filter((step) => step.status === 'done').length,
      total: track.steps.length,
      steps: track.steps.map(({ stepId, status, updatedAt }) => ({ stepId, status, updatedAt })),
    },
    subscription: company.currentSubscription,
    planName: plan?.name ?? null,
  }
}

type CompanyNames = Pick<Company, 'name' | 'alias' | 'cnpj'>

const matchesQuery = (company: CompanyNames, query: string | undefined) => {
  if (!query) return true
  const key = searchKey(query)
  const digits = query.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()
  return (
    searchKey(company.name).includes(key) ||
    (company.alias !== null && searchKey(company.alias).includes(key)) ||
    (digits.length >= 3 && company.cnpj !== null && company.cnpj.includes(digits))
  )
}

/** Who made a status change, by name; null for the system (payments, the overdue sweep). */
const changedByName = (store: Store, by: string) => {
  if (by === 'system') return null
  return store.users.get(by)?.name ?? 'Usuário removido'
}

/** Whether another company already has this CNPJ. */
const cnpjTaken = (store: Store, cnpj: string, companyId?: string) => {
  const holder = store.companies.first({ where: { cnpj } })
  return holder !== undefined && holder.id !== companyId
}

const companyTypeFromRegistry = (record: RegistryRecord): Company['type'] =>
  record.legalNature.code === '213-5' ? 'on_person' : 'private_limited'

/** Parses a step payload; the issues' paths start at `payload`. */
function parsePayload<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  try {
    return parse(schema, input)
  } catch (error) {
    if (!(error instanceof HttpError) || !error.issues) throw error
    throw badRequest(
      error.message,
      error.issues.map((issue) => ({ ...issue, path: ['payload', ...issue.path] })),
    )
  }
}

// ---- the caller's companies and the lists ----

/** The caller's own companies, for the session and the company selector. */
function listMyCompanies({ store, caller }: Call) {
  const data = companiesOf(caller.claims)
    .map((id) => store.companies.get(id))
    .filter((company) => company !== undefined)
  return { data, total: data.length }
}

type CompanyListQuery = z.output<typeof companyListQuerySchema>

/** Every company for an admin, a client's own; filtered, sorted by name or last change. */
function listCompanies({ store, caller, query: q }: Call<{ query: CompanyListQuery }>) {
  // By name is the pt-BR order the table keeps (`nameRank`); by last change, newest first.
  const order = q.sort === 'updated' ? 'updatedAt DESC, nameRank' : 'nameRank'
  const where = {
    status: q.status,
    trackId: q.trackId,
    id: isSystemAdmin(caller.claims) ? undefined : companiesOf(caller.claims),
  }
  // A page straight from the index; a search looks at the names and CNPJs first.
  if (!q.query) return store.companies.pageJson({ where, order, limit: q.limit, offset: q.offset })
  const found = (
    store.companies.rows(['id', 'name', 'alias', 'cnpj'], { where, order }) as Array<
      CompanyNames & { id: string }
    >
  ).filter((company) => matchesQuery(company, q.query))
  const page = store.companies.docsOfKeys(
    found.slice(q.offset, q.offset + q.limit).map((company) => company.id),
  )
  return JsonText.page(page, found.length)
}

type OrderListQuery = z.output<typeof orderListQuerySchema>

/** The opening or migration orders: the track's companies still open (or all), newest first. */
const listOrders =
  (trackId: keyof typeof openOrderStatuses) =>
  ({ store, query: q }: Call<{ query: OrderListQuery }>) => {
    const open: readonly string[] = openOrderStatuses[trackId]
    const list = store.companies
      .find({ where: { trackId, status: q.status } })
      .filter((c) => (q.all === 'true' || open.includes(c.status)) && matchesQuery(c, q.query))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    const page = paginate(list, q)
    return { data: page.data.map((company) => orderOf(store, company)), total: page.total }
  }
const listOpeningOrders = listOrders('create-company')
const listMigrationOrders = listOrders('migrate-company')

/** One order (a company on either track): its progress, owner and plan, for the order page. */
function getOrder({ store, company }: Call) {
  return { data: orderOf(store, company) }
}

// ---- one company ----

function getCompany({ company }: Call) {
  return { data: company }
}

/** An existing company, by its CNPJ, for the caller or (admin) for a user: the migration track. */
async function createCompany(call: Call<{ body: CompanyCreate }>) {
  const { store, config, caller, body: input } = call
  const userId = input.userId ?? caller.uid
  const user = findUser(store, userId)
  const record = registryRecordOf(store, input.cnpj)
  if (!record && config.environment === 'production')
    throw badRequest(messages.cnpjNotFound, [{ path: ['cnpj'], message: messages.cnpjNotFound }])
  if (record && record.status !== 'ATIVA') {
    const message = stepMessagesServer.registryStatus(record.status)
    throw badRequest(message, [{ path: ['cnpj'], message }])
  }
  if (cnpjTaken(store, input.cnpj)) throw conflict(companyMessages.cnpjTaken)
  const now = new Date().toISOString()
  const id = `cmp-${randomUUID().slice(0, 8)}`
  const company: Company = {
    id,
    name: record?.legalName ?? `Empresa ${formatCnpj(input.cnpj)}`,
    alias: record?.tradeName ?? null,
    cnpj: input.cnpj,
    status: 'pending',
    address: record?.address ?? null,
    currentSubscription: null,
    trackId: 'migrate-company',
    type: record ? companyTypeFromRegistry(record) : null,
    size: record?.size ?? null,
    activities: record ? [record.mainActivity, ...record.secondaryActivities] : [],
    statusHistory: [],
    createdAt: now,
    updatedAt: now,
  }
  // The owner's companies as they are in their turn (changeIdentity): another change of them
  // meanwhile (an admin's, another company added) is kept.
  await changeIdentity(call, user.id, (owner) => ({
    changes: { companies: [...owner.companies, id] },
    local: () => {
      if (cnpjTaken(store, input.cnpj)) throw conflict(companyMessages.cnpjTaken)
      store.companies.insert(company)
      store.tracks.insert({ companyId: id, ...emptyTrack('migrate-company') })
    },
  }))
  return { data: company }
}

/** The back office edits a company's registration data. */
function updateCompany({ store, company, body: update }: Call<{ body: CompanyUpdate }>) {
  if (update.cnpj && cnpjTaken(store, update.cnpj, company.id))
    throw conflict(companyMessages.cnpjTaken)
  Object.assign(company, update, { updatedAt: new Date().toISOString() })
  store.write(() => store.companies.update(company))
  return { data: company }
}

/** Runs the company-status statechart; disabling needs its reason (the client reads it). */
function changeCompanyStatus({
  store,
  caller,
  company,
  params,
  req,
}: Call<{ params: { status: Company['status'] } }>) {
  const to = params.status
  const body =
    to === 'disabled'
      ? parse(companyDisableSchema, req.body ?? {})
      : parse(statusChangeBodySchema, req.body ?? {})
  changeStatus(store, company, to, {
    by: caller.uid,
    reason: body.reason,
    at: new Date().toISOString(),
  })
  store.write(() => store.companies.update(company))
  return { data: company }
}

/** The company's status changes, newest first, who by name. */
function getStatusHistory({
  store,
  company,
  query: q,
}: Call<{ query: z.output<typeof statusHistoryQuerySchema> }>) {
  const page = paginate([...company.statusHistory].reverse(), q)
  const data: StatusHistoryEntry[] = page.data.map((change) => ({
    ...change,
    byName: changedByName(store, change.by),
  }))
  return { data, total: page.total }
}

// ---- the wizard: steps and track ----

function getCompanySteps({ store, companyId }: Call) {
  return { data: trackView(trackOf(store, companyId)) }
}

/**
 * A wizard step: a draft saves it, anything else completes it (or revises it once done, while
 * the track machine allows); the subscription step is done by its payment.
 */
function submitStep({
  store,
  config,
  caller,
  company,
  params,
  body,
}: Call<{ params: { stepId: string }; body: StepSubmit }>) {
  const stepId = params.stepId as StepId
  if (!stepIds.includes(stepId)) throw notFound(stepMessagesServer.notFound)
  const track = trackOf(store, company.id)
  if (company.status === 'disabled') throw conflict(stepMessagesServer.disabled)
  const actor = stepActors[stepId]
  if (actor === 'admin' && !isSystemAdmin(caller.claims))
    throw forbidden(stepMessagesServer.adminStep)
  // The track machine says whether the step may still save, complete or revise.
  const event = stepSubmissionEvent(track, stepId, body.draft)
  const refusal = refusalOf(track, event)
  if (refusal) {
    if (!track.steps.some((step) => step.stepId === stepId)) throw badRequest(refusal)
    throw conflict(refusal)
  }
  const now = new Date()
  const at = now.toISOString()
  return store.write(() => {
    let payload: Record<string, unknown>
    if (body.draft === true && actor !== 'payment')
      payload = parsePayload(draftSchemaOf(stepId), body.payload)
    else {
      const input = parsePayload(stepInputSchemas[stepId], body.payload) as Record<string, unknown>
      payload = completeStep(stepId, { store, config, company, track, input, at })
      if (actor === 'payment') choosePlan(store, company, String(input.planId), now)
    }
    const result = applyTrackEvent(track, event, { payload, at })
    if (!result.ok) throw conflict(result.message)
    track.status = result.track.status
    track.steps = result.track.steps
    company.updatedAt = at
    store.tracks.update(track)
    store.companies.update(company)
    return { data: trackView(track) }
  })
}

/** The company starts the other track from its first step, while pending and unpaid. */
function changeTrack({ store, company, params }: Call<{ params: { track: Company['trackId'] } }>) {
  const trackId = params.track
  const track = trackOf(store, company.id)
  if (company.trackId === trackId) return { data: { company, track: trackView(track) } }
  const paid = paymentsOfCompany(store, company.id).some((p) => p.status === 'paid')
  if (company.status !== 'pending' || paid) throw conflict(stepMessagesServer.trackLocked)
  const now = new Date().toISOString()
  store.write(() => {
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
  })
  return { data: { company, track: trackView(track) } }
}

/**
 * The Receita's record of the company's CNPJ (the download-company-info step shows it before the
 * client confirms); null while the company has no CNPJ yet.
 */
function getCompanyRegistry({ store, company }: Call) {
  return { data: company.cnpj ? registryRecordOf(store, company.cnpj) : null }
}

/**
 * The accountant records the CNPJ the Receita issued for a company we are opening: from then on
 * the registry stand-in answers for it with what was registered.
 */
function recordCompanyCnpj({ store, company, body }: Call<{ body: { cnpj: string } }>) {
  const { cnpj } = body
  if (company.trackId !== 'create-company') throw conflict(stepMessagesServer.cnpjNotOpening)
  if (company.status !== 'opening') throw conflict(stepMessagesServer.cnpjNotYet)
  const confirmed = trackOf(store, company.id).steps.some(
    (step) => step.stepId === 'download-company-info' && step.status === 'done',
  )
  if (confirmed) throw conflict(stepMessagesServer.cnpjConfirmed)
  const refusal = cnpjRecordRefusal(store, company, cnpj)
  if (refusal) throw conflict(refusal)
  company.cnpj = cnpj
  company.updatedAt = new Date().toISOString()
  store.write(() => store.companies.update(company))
  return { data: company }
}

/** The transfer letter of a migration (a PDF), once the current accountant's step is done. */
async function getTransferLetter({ store, company, res }: Call) {
  if (company.trackId !== 'migrate-company') throw notFound(stepMessagesServer.letterOpeningTrack)
  const track = trackOf(store, company.id)
  const stepOf = (stepId: StepId) => track.steps.find((step) => step.stepId === stepId)
  const accountantStep = stepOf('migrate-accountant')
  if (accountantStep?.status !== 'done') throw notFound(stepMessagesServer.letterNotReady)
  const accountant = migrateAccountantRecordSchema.parse(accountantStep.payload)
  const partners = partnerRegistrationBasicSchema.safeParse(
    stepOf('partner-registration-basic')?.payload,
  )
  const pdf = await transferLetterPdf({
    company,
    partners: partners.success ? partners.data.partners : [],
    accountant,
    issuedAt: new Date(accountantStep.updatedAt ?? company.updatedAt),
  })
  res
    .status(200)
    .type('application/pdf')
    .attachment(transferLetterFileName(company.cnpj))
    .send(Buffer.from(pdf))
}

// ---- the table ----

export const companyEndpoints = [
  endpoint({
    method: 'GET',
    path: '/companies/me',
    summary: "The caller's own companies (the session and the company selector).",
    access: 'signed-in',
    answers: { 200: listOf(companySchema) },
    handler: listMyCompanies,
  }),
  endpoint({
    method: 'GET',
    path: '/companies',
    summary:
      'Companies: every one for an admin, their own for a client; search, status, track, sort.',
    access: 'signed-in',
    query: companyListQuerySchema,
    answers: { 200: listOf(companySchema) },
    handler: listCompanies,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/orders/opening-requests',
    summary: 'Opening orders: companies on the opening track, still open unless `all`.',
    access: 'system-admin',
    query: orderListQuerySchema,
    answers: { 200: listOf(orderSchema) },
    handler: listOpeningOrders,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/orders/migration-requests',
    summary: 'Migration orders: companies on the migration track, still open unless `all`.',
    access: 'system-admin',
    query: orderListQuerySchema,
    answers: { 200: listOf(orderSchema) },
    handler: listMigrationOrders,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/orders/{id}',
    summary: 'One order: track progress, owner and plan.',
    access: 'system-admin',
    company: 'params.id',
    params: companyParams,
    answers: { 200: recordOf(orderSchema) },
    errors: [404],
    handler: getOrder,
  }),
  endpoint({
    method: 'POST',
    path: '/companies',
    summary: 'Adds an existing company by CNPJ (the migration track) for the caller or a user.',
    access: 'self',
    self: ({ caller, body }) => body.userId ?? caller.uid,
    body: companyCreateSchema,
    answers: { 201: companyRecord },
    errors: [404, 409],
    messages: { 409: companyMessages.cnpjTaken },
    handler: createCompany,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}',
    summary: 'One company.',
    access: 'company',
    company: 'params.id',
    params: companyParams,
    answers: { 200: companyRecord },
    errors: [404],
    handler: getCompany,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}',
    summary: "The company's registration data (status and track have their own calls).",
    access: 'system-admin',
    company: 'params.id',
    params: companyParams,
    body: companyUpdateSchema,
    answers: { 200: companyRecord },
    errors: [404, 409],
    messages: { 409: companyMessages.cnpjTaken },
    handler: updateCompany,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/status/{status}',
    summary: 'Changes the status through the company-status statechart (disabling needs a reason).',
    access: 'system-admin',
    company: 'params.id',
    params: companyParams.extend({ status: companyStatusSchema }),
    body: statusChangeBodySchema,
    bodyParsedBy: 'handler',
    answers: { 200: companyRecord },
    errors: [404, 409],
    handler: changeCompanyStatus,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/status-history',
    summary: 'Status changes, newest first, who by name.',
    access: 'system-admin',
    company: 'params.id',
    params: companyParams,
    query: statusHistoryQuerySchema,
    answers: { 200: listOf(statusHistoryEntrySchema) },
    errors: [404],
    handler: getStatusHistory,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/steps',
    summary: "The company's track and its steps.",
    access: 'company',
    company: 'params.id',
    params: companyParams,
    answers: { 200: trackRecord },
    errors: [404],
    handler: getCompanySteps,
  }),
  endpoint({
    method: 'POST',
    path: '/companies/{id}/steps/{stepId}',
    summary: 'Saves (draft) or completes a wizard step.',
    access: 'company',
    company: 'params.id',
    params: companyParams.extend({ stepId: z.string() }),
    body: stepSubmitSchema,
    answers: { 200: trackRecord },
    errors: [404, 409],
    messages: { 409: stepMessagesServer.disabled },
    handler: submitStep,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/track/{track}',
    summary: 'Moves a pending, unpaid company to the other track, from its first step.',
    access: 'company',
    company: 'params.id',
    params: companyParams.extend({ track: trackIdSchema }),
    answers: { 200: recordOf(z.object({ company: companySchema, track: trackSchema })) },
    errors: [404, 409],
    messages: { 409: stepMessagesServer.trackLocked },
    handler: changeTrack,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/registry',
    summary: "The Receita's record of the company's CNPJ (null before it has one).",
    access: 'company',
    company: 'params.id',
    params: companyParams,
    answers: { 200: recordOf(registryRecordSchema.nullable()) },
    errors: [404],
    handler: getCompanyRegistry,
  }),
  endpoint({
    method: 'PUT',
    path: '/companies/{id}/cnpj',
    summary: 'Records the CNPJ issued for a company we opened.',
    access: 'system-admin',
    company: 'params.id',
    params: companyParams,
    body: z.strictObject({ cnpj: cnpjSchema }),
    answers: { 200: companyRecord },
    errors: [404, 409],
    messages: { 409: stepMessagesServer.cnpjNotYet },
    handler: recordCompanyCnpj,
  }),
  endpoint({
    method: 'GET',
    path: '/companies/{id}/transfer-letter',
    summary: "The migration's transfer letter (PDF), once the current accountant's step is done.",
    access: 'company',
    company: 'params.id',
    params: companyParams,
    answers: { 200: { media: 'application/pdf' } },
    errors: [404],
    handler: getTransferLetter,
  }),
]
