import {
  analysisMessages,
  requestCancellationAnalysis,
} from '../domain/invoices/nfse/cancellation-analysis'
import { existsSync } from 'node:fs'
import { z } from 'zod'
import { companyScopeQuerySchema, idSchema, listOf, recordOf } from '../../src/schemas/common'
import { dayInBrazil } from '../../src/kernel/dates'
import { periodRange } from '../../src/schemas/finance-common'
import {
  nfsIssueSchema,
  nfsRejectSchema,
  nfsRequestCreateSchema,
  nfsRequestListQuerySchema,
  nfsRequestSchema,
  nfsRequestSearchQuerySchema,
  nfsRequestStatusBodySchema,
  nfsRequestStatusChangeMessage,
  nfsRequestStatusLabels,
  nfsRequestStatusSchema,
  nfsRequestWithCompanySchema,
  nfsServiceListQuerySchema,
  nfsServiceSchema,
  nfsSubstituteSchema,
  serviceCodeOf,
  type NfsRequest,
  type NfsRequestStatus,
  type NfsScheduler,
  type NfsService,
} from '../../src/schemas/invoice'
import { nfseCancelSchema } from '../../src/schemas/nfse'
import { canChangeNfsRequestStatus, nfsRequestNext } from '../../src/machines/nfs-request'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import type { ServerConfig } from '../config'
import { filePath } from '../store/files'
import { companyRefOf } from '../domain/companies/company-records'
import { foldText, queryMatcher } from '../store/fold-text'
import { badRequest, conflict, notFound, paginate, parse } from '../http'
import {
  danfseOf,
  dpsOf,
  issuanceMessages,
  nfseDocumentOf,
  nfseOf,
} from '../domain/invoices/nfse/issuance'
import { issuerMessages } from '../domain/invoices/requests'
import {
  cancelInvoice,
  issueInvoice,
  requestInvoice,
  substituteInvoice,
} from '../domain/invoices/commands'
import { commit, reacted } from '../domain/reactions'
import type { Store } from '../store/database'
import type { Where } from '../store/table'

// Invoice (NFS-e) requests (docs/product.md §10 "Invoices"): the company asks, the accountant
// works the queue and issues or rejects; and the services the company invoiced before.

const NOT_FOUND = 'Solicitação de nota não encontrada.'
const NFS_FILE_MISSING =
  'Arquivo não encontrado: envie o arquivo pelo link de upload (GET /upload/{filename}) da empresa antes de emitir.'

/** The admin's queue order: open requests first, oldest first; then closed, newest first. */
const queueRank: Record<NfsRequestStatus, number> = {
  pending: 0,
  processing: 1,
  awaiting: 1,
  issued: 2,
  rejected: 2,
  cancelled: 2,
  substituted: 2,
}
function byQueueOrder(a: NfsRequest, b: NfsRequest) {
  const rank = queueRank[a.status] - queueRank[b.status]
  if (rank !== 0) return rank
  const open = queueRank[a.status] < 2
  const age = open ? a.createdAt.localeCompare(b.createdAt) : b.updatedAt.localeCompare(a.updatedAt)
  return age || a.id.localeCompare(b.id)
}

/** A request as the back office reads it: with the company it is for, by name. */
const adminViewOf = (store: Store, request: NfsRequest) => {
  const company = store.companies.get(request.companyId)
  return { ...request, company: company ? companyRefOf(company) : null }
}

/** Newest first (by the service date), the order of every request list. */
const NEWEST = 'date DESC, id DESC'

type RequestFilter = {
  companyId?: string
  status?: NfsRequestStatus
  date?: string
  /** Bank reconciliation: paid by a transaction, or issued and still unpaid. */
  received?: boolean
}

const requestWhere = (filter: RequestFilter): Where => ({
  companyId: filter.companyId,
  // Not received yet: issued (another status is not waiting for a payment).
  status: filter.received === false ? 'issued' : filter.status,
  received: filter.received === undefined ? undefined : filter.received ? 1 : 0,
  date: filter.date ? periodRange(filter.date) : undefined,
})

/** The folded text a search looks in: the id, the taker, the service. */
const requestText = (r: NfsRequest) =>
  foldText(
    [
      r.id,
      r.taker?.name ?? null,
      r.taker?.document ?? null,
      r.taker?.email ?? null,
      r.serviceDescription,
      r.serviceCode,
      r.taxationCode,
    ]
      .filter((v) => v !== null)
      .join(' '),
  )

/** The requests a filter and a search select, newest first (a search also finds a number). */
function findRequests(store: Store, filter: RequestFilter, query: string | undefined) {
  const list = store.nfsRequests.find({ where: requestWhere(filter), order: NEWEST })
  if (!query) return list
  const matches = queryMatcher(query)
  const number = /^\d+$/.test(query) ? Number(query) : undefined
  return list.filter((r) => r.number === number || matches(requestText(r)))
}

/**
 * Issuing: the NFS-e number is the company's own (a number already used is a 400 on `number`),
 * and its PDF (and XML), uploaded to the company's folder, become `nota-fiscal` documents the
 * client downloads.
 */
function issuedDocuments(
  store: Store,
  config: ServerConfig,
  request: NfsRequest,
  body: unknown,
  by: string,
  at: string,
) {
  const input = parse(nfsIssueSchema, body)
  for (const field of ['pdfFileName', 'xmlFileName'] as const) {
    const fileName = input[field]
    if (fileName && !existsSync(filePath(config, request.companyId, fileName).file))
      throw badRequest(NFS_FILE_MISSING, [{ path: [field], message: NFS_FILE_MISSING }])
  }
  if (
    store.nfsRequests.exists({
      companyId: request.companyId,
      status: 'issued',
      number: input.number,
    })
  ) {
    const message = `Esta empresa já tem uma NFS-e com o número ${input.number}.`
    throw badRequest(message, [{ path: ['number'], message }])
  }
  const documentOf = (fileName: string, kind: 'PDF' | 'XML') =>
    nfseDocumentOf(request, fileName, `NFS-e nº ${input.number} (${kind})`, by, at)
  const pdf = documentOf(input.pdfFileName, 'PDF')
  const xml = input.xmlFileName ? documentOf(input.xmlFileName, 'XML') : null
  return { number: input.number, documents: xml ? [pdf, xml] : [pdf], pdf, xml }
}

/** The company's services, the last used first: one per taxation code, with its last wording. */
function servicesOf(requests: readonly NfsRequest[], schedulers: readonly NfsScheduler[]) {
  const byCode = new Map<string, NfsService>()
  const record = (taxationCode: string, description: string, day: string) => {
    const known = byCode.get(taxationCode)
    if (known && known.lastUsedOn >= day) return
    byCode.set(taxationCode, {
      taxationCode,
      serviceCode: serviceCodeOf(taxationCode),
      description,
      lastUsedOn: day,
    })
  }
  for (const r of requests) record(r.taxationCode, r.serviceDescription, r.date)
  for (const s of schedulers) record(s.taxationCode, s.serviceDescription, dayInBrazil(s.updatedAt))
  return [...byCode.values()].sort(
    (a, b) =>
      b.lastUsedOn.localeCompare(a.lastUsedOn) || a.taxationCode.localeCompare(b.taxationCode),
  )
}

// ---- handlers ----

function createRequest({
  store,
  caller,
  company,
  body: input,
}: Call<{ body: z.output<typeof nfsRequestCreateSchema> }>) {
  const request = requestInvoice(store, { company, request: input, by: caller.uid })
  return { data: request }
}

type ListQuery = z.output<typeof nfsRequestListQuerySchema>

/** The company's requests, newest first; a page straight from the index when nothing is searched. */
function listRequests({ store, companyId, query: q }: Call<{ query: ListQuery }>) {
  const filter = { companyId, status: q.status, date: q.date, received: q.received }
  if (!q.query)
    return store.nfsRequests.pageJson({
      where: requestWhere(filter),
      order: NEWEST,
      limit: q.limit,
      offset: q.offset,
    })
  return paginate(findRequests(store, filter, q.query), q)
}

/** The accountant's queue over every company (or one): open first, each with its company. */
function searchRequests({
  store,
  query: q,
}: Call<{ query: z.output<typeof nfsRequestSearchQuerySchema> }>) {
  const found = findRequests(store, q, q.query)
  const page = paginate(found.sort(byQueueOrder), q)
  return { data: page.data.map((r) => adminViewOf(store, r)), total: page.total }
}

/** One request: any for an admin; a client's own through `?companyId`. */
function getRequest({ store, optionalCompanyId, params }: Call<{ params: { id: string } }>) {
  const request = store.nfsRequests.get(params.id)
  const found = optionalCompanyId ? ownedBy(request, optionalCompanyId, NOT_FOUND) : request
  if (!found) throw notFound(NOT_FOUND)
  return { data: adminViewOf(store, found) }
}

const onlyPendingDeleted = (status: NfsRequestStatus) =>
  status === 'awaiting'
    ? 'Esta nota está sendo emitida (aguardando a confirmação da Receita): não pode ser excluída agora.'
    : `Só é possível excluir uma solicitação pendente (esta está "${nfsRequestStatusLabels[status]}").`

/** A pending request the company no longer wants. */
function deleteRequest({ store, companyId, params }: Call<{ params: { id: string } }>) {
  // Read again inside the write: an issuance may have reserved its DPS number meanwhile.
  const request = store.write(() => {
    const current = ownedBy(store.nfsRequests.get(params.id), companyId, NOT_FOUND)
    if (nfsRequestNext(current.status, 'delete') !== 'deleted')
      throw conflict(onlyPendingDeleted(current.status))
    store.nfsRequests.remove(current.id)
    return current
  })
  return { data: request }
}

/**
 * The accountant moves a request on: issuing needs the number and the PDF; rejecting, a reason.
 * An issued invoice is open for bank reconciliation: it raises `invoices-changed`
 * (mock-server/domain/reactions.ts reconciles the lines of its window).
 */
async function changeRequestStatus({
  store,
  config,
  caller,
  params,
  req,
}: Call<{ params: { id: string; status: NfsRequestStatus } }>) {
  const to = params.status
  const request = store.nfsRequests.get(params.id)
  if (!request) throw notFound(NOT_FOUND)
  const from = request.status
  // A cancellation is the national event, with its code and reason (POST …/cancel).
  if (to === 'cancelled' && from === 'issued') throw conflict(cancelByEventMessage)
  if (!canChangeNfsRequestStatus(from, to)) throw conflict(nfsRequestStatusChangeMessage(from, to))
  const now = new Date().toISOString()
  const issued =
    to === 'issued' ? issuedDocuments(store, config, request, req.body, caller.uid, now) : null
  const reason =
    to === 'rejected'
      ? parse(nfsRejectSchema, req.body).reason
      : to === 'processing'
        ? parse(nfsRequestStatusBodySchema, req.body ?? {}).reason
        : undefined
  request.status = to
  request.updatedAt = now
  request.statusHistory.push({ from, to, at: now, by: caller.uid, ...(reason ? { reason } : {}) })
  if (issued) {
    request.number = issued.number
    request.issuedAt = now
    request.issuedFiles = {
      pdf: { documentId: issued.pdf.id, fileName: issued.pdf.fileName },
      xml: issued.xml ? { documentId: issued.xml.id, fileName: issued.xml.fileName } : null,
    }
  }
  if (to === 'rejected') request.rejectionReason = reason ?? null
  const { reactions } = commit(store, (raise) => {
    if (issued) store.documents.insertMany(issued.documents)
    store.nfsRequests.update(request)
    if (issued)
      raise({ type: 'invoices-changed', companyId: request.companyId, invoiceIds: [request.id] })
  })
  await reacted(reactions)
  return { data: adminViewOf(store, store.nfsRequests.get(request.id) ?? request) }
}

const cancelByEventMessage =
  'Uma NFS-e é cancelada pelo evento de cancelamento da Sefin Nacional, com o código e o motivo: use "Cancelar" (POST /nfs/requests/{id}/cancel).'

// ---- the national NFS-e (nfse/issuance.ts) ----

type RequestCall = Call<{ params: { id: string } }>

/** Answers an XML document as a download named after the request. */
function sendXml(res: Call['res'], xml: string, fileName: string) {
  res.type('application/xml; charset=utf-8')
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`)
  res.send(xml)
}

/** `GET …/dps`: the signed DPS (as sent, or as it would be sent now). */
async function getDps({ store, config, nfse, optionalCompanyId, params, res, sefin }: RequestCall) {
  const xml = await dpsOf(
    { store, config, nfse, sefin },
    { requestId: params.id, companyId: optionalCompanyId },
  )
  sendXml(res, xml, `dps-${params.id}.xml`)
}

/** `POST …/issue`: issues the request's NFS-e through the national system. */
async function issueNational({ store, config, nfse, caller, params, sefin }: RequestCall) {
  const issued = await issueInvoice(
    { store, config, nfse, sefin },
    { requestId: params.id, by: caller.uid },
  )
  return { data: adminViewOf(store, issued) }
}

/** `GET …/nfse`: the NFS-e's XML. */
async function getNfse({
  store,
  config,
  nfse,
  optionalCompanyId,
  params,
  res,
  sefin,
}: RequestCall) {
  const { request, xml } = await nfseOf(
    { store, config, nfse, sefin },
    { requestId: params.id, companyId: optionalCompanyId },
  )
  sendXml(res, xml, `nfse-${request.number}-${request.accessKey}.xml`)
}

/** `GET …/danfse`: the NFS-e's DANFSe (PDF). */
async function getDanfse({
  store,
  config,
  nfse,
  sefin,
  optionalCompanyId,
  params,
  res,
}: RequestCall) {
  const { request, pdf } = await danfseOf(
    { store, config, nfse, sefin },
    { requestId: params.id, companyId: optionalCompanyId },
  )
  res.type('application/pdf')
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="danfse-${request.number}-${request.accessKey}.pdf"`,
  )
  res.send(Buffer.from(pdf))
}

/** `POST …/cancel`: cancels the NFS-e (national event e101101) with its code and reason. */
async function cancelNational({
  store,
  config,
  nfse,
  sefin,
  caller,
  params,
  body,
}: Call<{ params: { id: string }; body: z.output<typeof nfseCancelSchema> }>) {
  const cancelled = await cancelInvoice(
    { store, config, nfse, sefin },
    { ...body, requestId: params.id, by: caller.uid },
  )
  return { data: adminViewOf(store, cancelled) }
}

/**
 * `POST …/cancellation-analysis`: past the cancellation deadline, asks the municipality to
 * analyse the cancellation (national event e101103) with its code and reason; answers the
 * request with its analysis requested (the municipality's answer comes later).
 */
async function requestAnalysis({
  store,
  config,
  nfse,
  sefin,
  caller,
  params,
  body,
}: Call<{ params: { id: string }; body: z.output<typeof nfseCancelSchema> }>) {
  const requested = await requestCancellationAnalysis(
    { store, config, nfse, sefin },
    { ...body, requestId: params.id, by: caller.uid },
  )
  return { data: adminViewOf(store, requested) }
}

/**
 * `POST …/substitute`: a new NFS-e replaces the issued one (the DPS's `subst` group with its
 * key, the national code and reason); answers the new request. The replaced one is
 * `substituted` once the new NFS-e is recorded.
 */
async function substituteNational({
  store,
  config,
  nfse,
  sefin,
  caller,
  params,
  body,
}: Call<{ params: { id: string }; body: z.output<typeof nfsSubstituteSchema> }>) {
  const { substitute } = await substituteInvoice(
    { store, config, nfse, sefin },
    { ...body, requestId: params.id, by: caller.uid },
  )
  return { data: adminViewOf(store, store.nfsRequests.get(substitute.id) ?? substitute) }
}

/** The services the company invoiced before, for the request form (last used first). */
function listServices({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof nfsServiceListQuerySchema> }>) {
  const requests = store.nfsRequests.find({ where: { companyId }, order: NEWEST })
  const schedulers = store.nfsSchedulers.find({ where: { companyId } })
  return paginate(servicesOf(requests, schedulers), q)
}

// ---- the table ----

const requestParams = z.object({ id: idSchema })

export const nfsRequestEndpoints = [
  endpoint({
    method: 'POST',
    path: '/nfs/requests',
    summary: 'Asks the accountant for an NFS-e.',
    access: 'company',
    query: companyScopeQuerySchema,
    body: nfsRequestCreateSchema,
    answers: { 201: recordOf(nfsRequestSchema) },
    errors: [404, 409],
    messages: { 409: issuerMessages.disabled },
    handler: createRequest,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/requests/search',
    summary: "The accountant's queue over every company: open first, oldest first.",
    access: 'system-admin',
    query: nfsRequestSearchQuerySchema,
    answers: { 200: listOf(nfsRequestWithCompanySchema) },
    handler: searchRequests,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/requests/{id}',
    summary: 'One NFS-e request (an admin: any, without companyId).',
    access: 'company',
    companyOptional: 'for-admins',
    params: requestParams,
    query: z.object({ companyId: idSchema.optional() }),
    answers: { 200: recordOf(nfsRequestWithCompanySchema) },
    errors: [404],
    handler: getRequest,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/requests',
    summary: "The company's requests, newest first; search, status, date.",
    access: 'company',
    query: nfsRequestListQuerySchema,
    answers: { 200: listOf(nfsRequestSchema) },
    errors: [404],
    handler: listRequests,
  }),
  endpoint({
    method: 'DELETE',
    path: '/nfs/requests/{id}',
    summary: 'Deletes a pending request.',
    access: 'company',
    params: requestParams,
    query: companyScopeQuerySchema,
    answers: { 200: recordOf(nfsRequestSchema) },
    errors: [404, 409],
    messages: { 409: onlyPendingDeleted('issued') },
    handler: deleteRequest,
  }),
  endpoint({
    method: 'PUT',
    path: '/nfs/requests/{id}/status/{status}',
    summary: 'Moves a request on — issued: number and PDF; rejected: reason.',
    access: 'system-admin',
    params: requestParams.extend({ status: nfsRequestStatusSchema }),
    body: z.union([nfsIssueSchema, nfsRejectSchema, nfsRequestStatusBodySchema]),
    bodyParsedBy: 'handler',
    answers: { 200: recordOf(nfsRequestWithCompanySchema) },
    errors: [404, 409],
    messages: { 409: nfsRequestStatusChangeMessage('issued', 'pending') },
    handler: changeRequestStatus,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/requests/{id}/dps',
    summary:
      'The signed DPS (layout 1.01): as sent, or for an open request as it would be sent now.',
    access: 'company',
    companyOptional: 'for-admins',
    params: requestParams,
    query: z.object({ companyId: idSchema.optional() }),
    answers: { 200: { media: 'application/xml' } },
    errors: [404, 409, 502],
    messages: { 409: issuanceMessages.noDps('rejected') },
    handler: getDps,
  }),
  endpoint({
    method: 'POST',
    path: '/nfs/requests/{id}/issue',
    summary: 'Issues the NFS-e through the national system: DPS built, validated, signed and sent.',
    access: 'system-admin',
    params: requestParams,
    answers: { 200: recordOf(nfsRequestWithCompanySchema) },
    errors: [404, 409, 502],
    messages: { 409: issuanceMessages.alreadyIssued(12) },
    handler: issueNational,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/requests/{id}/nfse',
    summary: 'The NFS-e (XML) the national system issued.',
    access: 'company',
    companyOptional: 'for-admins',
    params: requestParams,
    query: z.object({ companyId: idSchema.optional() }),
    answers: { 200: { media: 'application/xml' } },
    errors: [404, 409, 502],
    messages: { 409: issuanceMessages.notNational },
    handler: getNfse,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/requests/{id}/danfse',
    summary: 'The DANFSe (PDF) of the NFS-e.',
    access: 'company',
    companyOptional: 'for-admins',
    params: requestParams,
    query: z.object({ companyId: idSchema.optional() }),
    answers: { 200: { media: 'application/pdf' } },
    errors: [404, 409, 502],
    messages: { 409: issuanceMessages.notNational },
    handler: getDanfse,
  }),
  endpoint({
    method: 'POST',
    path: '/nfs/requests/{id}/cancel',
    summary: 'Cancels the NFS-e: national event e101101 with its code and reason.',
    access: 'system-admin',
    params: requestParams,
    body: nfseCancelSchema,
    answers: { 200: recordOf(nfsRequestWithCompanySchema) },
    errors: [404, 409, 502],
    messages: { 409: issuanceMessages.notCancellable('pending') },
    handler: cancelNational,
  }),
  endpoint({
    method: 'POST',
    path: '/nfs/requests/{id}/cancellation-analysis',
    summary:
      'Past the cancellation deadline, asks the municipality to analyse the cancellation: national event e101103 with its code and reason.',
    access: 'system-admin',
    params: requestParams,
    body: nfseCancelSchema,
    answers: { 200: recordOf(nfsRequestWithCompanySchema) },
    errors: [404, 409, 502],
    messages: { 409: analysisMessages.pending },
    handler: requestAnalysis,
  }),
  endpoint({
    method: 'POST',
    path: '/nfs/requests/{id}/substitute',
    summary:
      'Substitutes the NFS-e: a new one, issued at once with the DPS subst group (code, reason, the old key).',
    access: 'system-admin',
    params: requestParams,
    body: nfsSubstituteSchema,
    answers: { 200: recordOf(nfsRequestWithCompanySchema) },
    errors: [404, 409, 502],
    messages: { 409: issuanceMessages.notSubstitutable },
    handler: substituteNational,
  }),
  endpoint({
    method: 'GET',
    path: '/nfs/services',
    summary: "The company's services, the last used first.",
    access: 'company',
    query: nfsServiceListQuerySchema,
    answers: { 200: listOf(nfsServiceSchema) },
    errors: [404],
    handler: listServices,
  }),
]
