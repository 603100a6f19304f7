import { z } from 'zod'
import { cnpjSchema } from '../../src/schemas/brazil'
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
} from '../../src/schemas/company'
import { orderListQuerySchema, orderSchema } from '../../src/schemas/order'
import { registryRecordSchema } from '../../src/schemas/registry'
import { stepSubmitSchema, type StepSubmit } from '../../src/schemas/steps'
import { trackSchema } from '../../src/schemas/track'
import { endpoint, type Call } from '../api'
import * as commands from '../domain/companies/commands'
import { trackOf, trackView } from '../domain/companies/company-records'
import { stepMessagesServer } from '../domain/companies/steps'
import * as views from '../domain/companies/views'
import { parse } from '../http'

// Companies (docs/product.md §7 "Companies"; the session's, the wizards' and the back office's): every
// `/companies*` endpoint. The company of `/companies/{id}…` is found and access-checked by
// requireCompany (access.ts) before the handler runs; each handler reads its input and calls one
// command or view of the companies context (mock-server/domain/companies/).

const companyParams = z.object({ id: idSchema })
const companyRecord = recordOf(companySchema)
const trackRecord = recordOf(trackSchema)

// ---- the caller's companies and the lists ----

/** The caller's own companies, for the session and the company selector. */
const listMyCompanies = ({ store, caller }: Call) => views.companiesOfCaller(store, caller.claims)

/** Every company for an admin, a client's own; filtered, sorted by name or last change. */
const listCompanies = ({
  store,
  caller,
  query,
}: Call<{ query: z.output<typeof companyListQuerySchema> }>) =>
  views.listCompanies(store, caller.claims, query)

/** The opening or migration orders: the track's companies still open (or all), newest first. */
const listOrders =
  (trackId: 'create-company' | 'migrate-company') =>
  ({ store, query }: Call<{ query: z.output<typeof orderListQuerySchema> }>) =>
    views.listOrders(store, trackId, query)
const listOpeningOrders = listOrders('create-company')
const listMigrationOrders = listOrders('migrate-company')

/** One order (a company on either track): its progress, owner and plan, for the order page. */
const getOrder = ({ store, company }: Call) => ({ data: views.orderOf(store, company) })

// ---- one company ----

const getCompany = ({ company }: Call) => ({ data: company })

/** An existing company, by its CNPJ, for the caller or (admin) for a user: the migration track. */
async function createCompany(call: Call<{ body: CompanyCreate }>) {
  const { caller, body } = call
  return {
    data: await commands.addCompanyByCnpj(call, {
      cnpj: body.cnpj,
      userId: body.userId ?? caller.uid,
    }),
  }
}

/** The back office edits a company's registration data. */
const updateCompany = ({ store, registry, company, body }: Call<{ body: CompanyUpdate }>) => ({
  data: commands.updateCompany(store, registry, company, body),
})

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
  return {
    data: commands.changeCompanyStatus(store, company, to, { by: caller.uid, reason: body.reason }),
  }
}

/** The company's status changes, newest first, who by name. */
const getStatusHistory = ({
  store,
  company,
  query,
}: Call<{ query: z.output<typeof statusHistoryQuerySchema> }>) =>
  views.statusHistoryOf(store, company, query)

// ---- the wizard: steps and track ----

const getCompanySteps = ({ store, companyId }: Call) => ({
  data: trackView(trackOf(store, companyId)),
})

/** A wizard step: a draft saves it, anything else completes it (or revises it once done). */
const submitStep = (call: Call<{ params: { stepId: string }; body: StepSubmit }>) => ({
  data: commands.submitStep(call, call.company, call.params.stepId, call.body),
})

/** The company starts the other track from its first step, while pending and unpaid. */
const changeTrack = ({
  store,
  company,
  params,
}: Call<{ params: { track: Company['trackId'] } }>) => ({
  data: commands.changeTrack(store, company, params.track),
})

/**
 * The Receita's record of the company's CNPJ (the download-company-info step shows it before the
 * client confirms); null while the company has no CNPJ yet.
 */
const getCompanyRegistry = ({ registry, company }: Call) => ({
  data: company.cnpj ? registry.recordOf(company.cnpj) : null,
})

/** The accountant records the CNPJ the Receita issued for a company we are opening. */
const recordCompanyCnpj = ({
  store,
  registry,
  company,
  body,
}: Call<{ body: { cnpj: string } }>) => ({
  data: commands.recordCompanyCnpj(store, registry, company, body.cnpj),
})

/** The transfer letter of a migration (a PDF), once the current accountant's step is done. */
async function getTransferLetter({ store, company, res }: Call) {
  const letter = await views.transferLetterOf(store, company)
  res.status(200).type('application/pdf').attachment(letter.fileName).send(Buffer.from(letter.pdf))
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
