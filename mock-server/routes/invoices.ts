import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Router, type Request, type Response } from 'express'
import { companiesOf, isSystemAdmin } from '../../src/schemas/claims'
import type { Company, CompanyRef } from '../../src/schemas/company'
import type { CompanyDocument } from '../../src/schemas/document'
import { periodRange, todayInBrazil } from '../../src/schemas/finance-common'
import {
  canChangeNfsRequestStatus,
  invoiceMessages,
  nfsIssueSchema,
  nfsRejectSchema,
  nfsRequestCreateSchema,
  nfsRequestListQuerySchema,
  nfsRequestSearchQuerySchema,
  nfsRequestStatusBodySchema,
  nfsRequestStatusChangeMessage,
  nfsRequestStatusLabels,
  nfsRequestStatusSchema,
  nfsSchedulerActiveQuerySchema,
  nfsSchedulerInputSchema,
  nfsSchedulerListQuerySchema,
  nfsServiceListQuerySchema,
  serviceCodeOf,
  type NfsService,
  type NfsRequest,
  type NfsRequestStatus,
  type NfsScheduler,
} from '../../src/schemas/invoice'
import { callerOf } from '../auth'
import { filePath } from '../core/files'
import type { ServerConfig } from '../config'
import type { RouteModule } from '../deps'
import { badRequest, conflict, handle, notFound, paginate, parse } from '../http'
import type { Store } from '../store/database'
import { ResponseCache } from '../store/response-cache'
import { DerivedCache, sliceByDate } from '../finance/grouped-index'
import { runDateOf, runSchedules } from '../finance/schedules'
import { ALL, companyFor, companyKey, financeOf, ownedBy } from '../finance/state'
import { queryMatcher, searchTextCache } from '../finance/text'
import { cityDirectory } from '../reference/cities'

const HOUR = 60 * 60 * 1000

const requestText = searchTextCache<NfsRequest>((r) => [
  r.id,
  r.taker?.name ?? null,
  r.taker?.document ?? null,
  r.taker?.email ?? null,
  r.serviceDescription,
  r.serviceCode,
  r.taxationCode,
])

let municipalities: Map<string, string> | undefined
/**
 * A DPS names its municipality by IBGE code: it must be one of the 5,571. Answers its name as
 * people read it ("São Paulo/SP").
 */
function municipalityName(code: string): string {
  municipalities ??= new Map(
    cityDirectory().all.map((city) => [city.ibgeCode, `${city.name}/${city.state}`]),
  )
  const name = municipalities.get(code)
  if (!name)
    throw badRequest(invoiceMessages.municipalityUnknown, [
      { path: ['municipalityCode'], message: invoiceMessages.municipalityUnknown },
    ])
  return name
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
  for (const s of schedulers) record(s.taxationCode, s.serviceDescription, s.updatedAt.slice(0, 10))
  return [...byCode.values()].sort(
    (a, b) =>
      b.lastUsedOn.localeCompare(a.lastUsedOn) || a.taxationCode.localeCompare(b.taxationCode),
  )
}

/** Runs the schedules now and persists what they made (server start, hourly, after edits). */
export async function applySchedules(store: Store, now = new Date()) {
  const run = runSchedules(store.data, now)
  if (run.created.length === 0 && run.handled.length === 0) return run
  financeOf(store).requests.add(run.created)
  for (const { schedulerId, lastRunMonth } of run.handled) {
    const scheduler = store.data.nfsSchedulers.find((s) => s.id === schedulerId)
    if (scheduler) scheduler.lastRunMonth = lastRunMonth
  }
  await store.commit()
  return run
}

/** A request or schedule is issued in the name of the company: its CNPJ must be the company's. */
function assertIssuer(company: Company, cnpj: string) {
  if (company.status === 'disabled')
    throw conflict('Empresa desativada: não é possível emitir notas fiscais.')
  if (!company.cnpj)
    throw conflict('A empresa ainda não tem CNPJ: conclua a abertura antes de emitir notas.')
  if (company.cnpj !== cnpj)
    throw badRequest('O CNPJ informado não é o da empresa.', [
      { path: ['cnpj'], message: 'O CNPJ informado não é o da empresa.' },
    ])
}

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

/** The admin's queue order: open requests first, oldest first; then closed, newest first. */
const queueRank: Record<NfsRequestStatus, number> = {
  pending: 0,
  processing: 1,
  issued: 2,
  rejected: 2,
}
function byQueueOrder(a: NfsRequest, b: NfsRequest) {
  const rank = queueRank[a.status] - queueRank[b.status]
  if (rank !== 0) return rank
  const open = queueRank[a.status] < 2
  const age = open ? a.createdAt.localeCompare(b.createdAt) : b.updatedAt.localeCompare(a.updatedAt)
  return age || a.id.localeCompare(b.id)
}

const companyRefOf = (store: Store, companyId: string): CompanyRef | null => {
  const company = store.byId('companies', companyId)
  return company
    ? {
        id: company.id,
        name: company.name,
        alias: company.alias,
        cnpj: company.cnpj,
        status: company.status,
      }
    : null
}

/** A request as the back office reads it: with the company it is for, by name. */
const adminViewOf = (store: Store, request: NfsRequest) => ({
  ...request,
  company: companyRefOf(store, request.companyId),
})

const NFS_FILE_MISSING =
  'Arquivo não encontrado: envie o arquivo pelo link de upload (GET /upload/{filename}) da empresa antes de emitir.'

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
  const taken = financeOf(store)
    .requests.list(companyKey(request.companyId), 'issued')
    .some((r) => r.number === input.number)
  if (taken) {
    const message = `Esta empresa já tem uma NFS-e com o número ${input.number}.`
    throw badRequest(message, [{ path: ['number'], message }])
  }
  const documentOf = (fileName: string, kind: 'PDF' | 'XML') => ({
    id: `doc-${randomUUID()}`,
    companyId: request.companyId,
    type: 'nota-fiscal' as const,
    name: `NFS-e nº ${input.number} (${kind})`,
    description: request.taker
      ? `Nota fiscal de serviço emitida para ${request.taker.name}.`
      : 'Nota fiscal de serviço emitida sem tomador identificado.',
    fileName,
    status: 'approved' as const,
    guia: null,
    // The month of the service (the invoice's competence).
    competence: request.date.slice(0, 7),
    sentBy: 'accountant' as const,
    createdBy: by,
    reviewedBy: by,
    reviewedAt: at,
    rejectionReason: null,
    paidAt: null,
    createdAt: at,
    updatedAt: at,
  })
  const pdf = documentOf(input.pdfFileName, 'PDF')
  const xml = input.xmlFileName ? documentOf(input.xmlFileName, 'XML') : null
  const documents: CompanyDocument[] = xml ? [pdf, xml] : [pdf]
  return { number: input.number, documents, pdf, xml }
}

/** Invoices (SPEC section 7 "Invoices (NFS)"). */
export const invoicesRoutes: RouteModule = {
  create: ({ store, auth, config }) => {
    const router = Router()
    const index = () => financeOf(store).requests
    const companyOf = (req: Request) => companyFor(store, callerOf(req), req.query.companyId)

    // Build the index at start, not on the first request.
    void index().version
    // The hourly schedule job: now (server start) and every hour; never keeps the process alive.
    void applySchedules(store).catch((error) => console.error('[nfs schedules]', error))
    const timer = setInterval(() => {
      void applySchedules(store).catch((error) => console.error('[nfs schedules]', error))
    }, HOUR).unref()
    store.onClose(() => clearInterval(timer))

    const searches = new DerivedCache<readonly NfsRequest[]>()
    const findRequests = (key: string, q: ReturnType<typeof nfsRequestSearchQuerySchema.parse>) => {
      let list = index().list(key, q.status)
      if (q.date) list = sliceByDate(list, periodRange(q.date)!, (r) => r.date)
      const query = q.query
      if (query) {
        // A text search scans the group once; the same search is then served from the cache
        // until the next write.
        const source = list
        list = searches.get(index().version, JSON.stringify([key, q.status, q.date, query]), () => {
          const matches = queryMatcher(query)
          const number = /^\d+$/.test(query) ? Number(query) : undefined
          return source.filter((r) => r.number === number || matches(requestText(r)))
        })
      }
      return list
    }
    const listRequests = (key: string, q: ReturnType<typeof nfsRequestSearchQuerySchema.parse>) =>
      paginate(findRequests(key, q), q)

    router.post(
      '/nfs/requests',
      auth.authenticate,
      handle(async (req, res) => {
        const caller = callerOf(req)
        const company = companyOf(req)
        const input = parse(nfsRequestCreateSchema, req.body)
        assertIssuer(company, input.cnpj)
        const place = municipalityName(input.municipalityCode)
        const now = new Date().toISOString()
        const request: NfsRequest = {
          id: `nfs-${randomUUID()}`,
          companyId: company.id,
          cnpj: input.cnpj,
          totalValue: input.totalValue,
          serviceDescription: input.serviceDescription,
          serviceCode: serviceCodeOf(input.taxationCode),
          taxationCode: input.taxationCode,
          municipalityCode: input.municipalityCode,
          municipalityName: place,
          issWithheld: input.issWithheld,
          issTaxation: input.issTaxation,
          taker: input.taker,
          date: input.date ?? todayInBrazil(),
          status: 'pending',
          number: null,
          issuedAt: null,
          rejectionReason: null,
          schedulerId: null,
          statusHistory: [{ from: null, to: 'pending', at: now, by: caller.uid }],
          createdBy: caller.uid,
          createdAt: now,
          updatedAt: now,
        }
        index().add([request])
        await store.commit()
        res.status(201)
        return { data: request }
      }),
    )

    // The lists' answers, serialised, until an invoice request changes (records are large:
    // serialising them is most of a list call's cost).
    const requestLists = new ResponseCache(store, ['nfsRequests'])
    const sendList = (res: Response, key: string, q: Parameters<typeof listRequests>[1]) =>
      res.type('json').send(requestLists.get(JSON.stringify([key, q]), () => listRequests(key, q)))

    // The admin's queue names each request's company, so it also follows the companies.
    const queueLists = new ResponseCache(store, ['nfsRequests', 'companies'])
    router.get(
      '/nfs/requests/search',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle((req, res) => {
        const q = parse(nfsRequestSearchQuerySchema, req.query)
        res.type('json').send(
          queueLists.get(JSON.stringify(q), () => {
            const found = findRequests(q.companyId ? companyKey(q.companyId) : ALL, q)
            const page = paginate([...found].sort(byQueueOrder), q)
            return {
              data: page.data.map((r) => adminViewOf(store, r)),
              total: page.total,
            }
          }),
        )
      }),
    )

    // One request: any for an admin; a client's own through `?companyId`.
    router.get(
      '/nfs/requests/:id',
      auth.authenticate,
      handle((req) => {
        const caller = callerOf(req)
        const id = req.params.id ?? ''
        const request =
          isSystemAdmin(caller.claims) && req.query.companyId === undefined
            ? index().get(id)
            : ownedBy(index().get(id), companyOf(req).id, 'Solicitação de nota não encontrada.')
        if (!request) throw notFound('Solicitação de nota não encontrada.')
        return { data: adminViewOf(store, request) }
      }),
    )

    router.get(
      '/nfs/requests',
      auth.authenticate,
      handle((req, res) => {
        const company = companyOf(req)
        const q = parse(nfsRequestListQuerySchema, req.query)
        sendList(res, companyKey(company.id), q)
      }),
    )

    router.delete(
      '/nfs/requests/:id',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const request = ownedBy(
          index().get(req.params.id ?? ''),
          company.id,
          'Solicitação de nota não encontrada.',
        )
        if (request.status !== 'pending')
          throw conflict(
            `Só é possível excluir uma solicitação pendente (esta está "${nfsRequestStatusLabels[request.status]}").`,
          )
        index().removeWhere((r) => r === request)
        await store.commit()
        return { data: request }
      }),
    )

    router.put(
      '/nfs/requests/:id/status/:status',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const caller = callerOf(req)
        const to = parse(nfsRequestStatusSchema, req.params.status)
        const request = index().get(req.params.id ?? '')
        if (!request) throw notFound('Solicitação de nota não encontrada.')
        const from = request.status
        if (!canChangeNfsRequestStatus(from, to))
          throw conflict(nfsRequestStatusChangeMessage(from, to))
        const now = new Date().toISOString()
        // Issuing needs the number and the PDF; rejecting, the reason the client reads.
        const issued =
          to === 'issued'
            ? issuedDocuments(store, config, request, req.body, caller.uid, now)
            : null
        const reason =
          to === 'rejected'
            ? parse(nfsRejectSchema, req.body).reason
            : to === 'processing'
              ? parse(nfsRequestStatusBodySchema, req.body ?? {}).reason
              : undefined
        if (issued) financeOf(store).documents.add(issued.documents)
        index().update(request, (r) => {
          r.status = to
          r.updatedAt = now
          r.statusHistory.push({
            from,
            to,
            at: now,
            by: caller.uid,
            ...(reason ? { reason } : {}),
          })
          if (issued) {
            r.number = issued.number
            r.issuedAt = now
            r.issuedFiles = {
              pdf: { documentId: issued.pdf.id, fileName: issued.pdf.fileName },
              xml: issued.xml ? { documentId: issued.xml.id, fileName: issued.xml.fileName } : null,
            }
          }
          if (to === 'rejected') r.rejectionReason = reason ?? null
        })
        await store.commit()
        return { data: adminViewOf(store, request) }
      }),
    )

    // The services the company invoiced before, for the request form (last used first).
    router.get(
      '/nfs/services',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const q = parse(nfsServiceListQuerySchema, req.query)
        const schedulers = store.data.nfsSchedulers.filter((s) => s.companyId === company.id)
        return paginate(servicesOf(index().list(companyKey(company.id)), schedulers), q)
      }),
    )

    // --- Schedules ---------------------------------------------------------------------------

    const findScheduler = (req: Request, companyId: string) =>
      ownedBy(
        store.data.nfsSchedulers.find((s) => s.id === req.params.id),
        companyId,
        'Agendamento não encontrado.',
      )

    router.post(
      '/nfs/schedulers',
      auth.authenticate,
      handle(async (req, res) => {
        const company = companyOf(req)
        const input = parse(nfsSchedulerInputSchema, req.body)
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
        store.data.nfsSchedulers.push(scheduler)
        await applySchedules(store)
        await store.commit()
        res.status(201)
        return { data: withNextRun(scheduler, todayInBrazil()) }
      }),
    )

    router.put(
      '/nfs/schedulers/:id',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const scheduler = findScheduler(req, company.id)
        const input = parse(nfsSchedulerInputSchema, req.body)
        assertIssuer(company, input.cnpj)
        const place = municipalityName(input.municipalityCode)
        Object.assign(scheduler, input, {
          serviceCode: serviceCodeOf(input.taxationCode),
          municipalityName: place,
          updatedAt: new Date().toISOString(),
        })
        await applySchedules(store)
        await store.commit()
        return { data: withNextRun(scheduler, todayInBrazil()) }
      }),
    )

    router.delete(
      '/nfs/schedulers/:id',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const scheduler = findScheduler(req, company.id)
        // The requests it already made stay (they are the company's invoices).
        store.data.nfsSchedulers = store.data.nfsSchedulers.filter((s) => s !== scheduler)
        await store.commit()
        return { data: scheduler }
      }),
    )

    router.get(
      '/nfs/schedulers/active',
      auth.authenticate,
      handle((req) => {
        const caller = callerOf(req)
        const q = parse(nfsSchedulerActiveQuerySchema, req.query)
        let companies: Set<string> | null = isSystemAdmin(caller.claims)
          ? null
          : new Set(companiesOf(caller.claims))
        if (q.companyId) companies = new Set([companyFor(store, caller, q.companyId).id])
        const today = todayInBrazil()
        const active = store.data.nfsSchedulers
          .filter((s) => s.active && (!companies || companies.has(s.companyId)))
          .map((s) => withNextRun(s, today))
          .sort(
            (a, b) =>
              (a.nextRunDate ?? '').localeCompare(b.nextRunDate ?? '') || a.id.localeCompare(b.id),
          )
        return paginate(active, q)
      }),
    )

    router.get(
      '/nfs/schedulers',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        const q = parse(nfsSchedulerListQuerySchema, req.query)
        const today = todayInBrazil()
        const list = store.data.nfsSchedulers
          .filter((s) => s.companyId === company.id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
          .map((s) => withNextRun(s, today))
        return paginate(list, q)
      }),
    )

    return router
  },
}
