import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Router, type Request } from 'express'
import type { z } from 'zod'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import { companiesOf, isSystemAdmin } from '../../src/schemas/claims'
import {
  companyCreateSchema,
  companyListQuerySchema,
  companyMessages,
  companyStatusSchema,
  companyUpdateSchema,
  statusChangeBodySchema,
  trackIdSchema,
  type Company,
} from '../../src/schemas/company'
import { messages } from '../../src/schemas/messages'
import { openOrderStatuses, orderListQuerySchema, type Order } from '../../src/schemas/order'
import { searchKey } from '../../src/schemas/people'
import type { RegistryRecord } from '../../src/schemas/registry'
import {
  draftSchemaOf,
  stepActors,
  stepInputSchemas,
  stepSubmitSchema,
  type PartnerRegistration,
  type PreRegistration,
} from '../../src/schemas/steps'
import { emptyTrack, stepIds, type StepId } from '../../src/schemas/track'
import { applyTrackEvent, currentStepOf, refusalOf } from '../../src/machines/track'
import { assertCompanyAccess, callerOf } from '../auth'
import { assertSelfOrAdmin, findUser, ownerOf, syncClaims, withFirebase } from '../core/accounts'
import { choosePlan } from '../core/billing'
import { filePath } from '../core/files'
import { reference } from '../core/reference'
import {
  changeStatus,
  findCompany,
  paymentsOfCompany,
  subscriptionsOfCompany,
  syncCurrentSubscription,
  trackOf,
  trackView,
} from '../core/state'
import type { AppDeps, RouteModule } from '../deps'
import { ResponseCache } from '../store/response-cache'
import {
  badRequest,
  conflict,
  forbidden,
  handle,
  HttpError,
  notFound,
  paginate,
  parse,
  type Issue,
} from '../http'

const ANA = 'cmp-ana-design'
const BRUNO = { own: 'bruno@contabil.dev', other: 'ana@contabil.dev' }

const stepMessagesServer = {
  notFound: 'Etapa não encontrada.',
  disabled: 'A empresa está desativada: o cadastro não pode mudar.',
  adminStep: 'Esta etapa é feita pela contabilidade.',
  fileMissing: (name: string) =>
    `Arquivo não encontrado: envie "${name}" antes de concluir a etapa.`,
  cnaeUnknown: (code: string) => `Atividade (CNAE) não encontrada: ${code}.`,
  notMei: (code: string, text: string) => `A atividade ${code} (${text}) não é permitida para MEI.`,
  singlePartner: 'Empresário individual, MEI e sociedade unipessoal têm um único sócio.',
  registryStatus: (status: string) =>
    `A situação cadastral deste CNPJ na Receita Federal é ${status}.`,
  otherCnpj: 'Este CNPJ não é o da empresa.',
  trackLocked: 'A trilha só pode ser trocada enquanto o cadastro está pendente e nada foi pago.',
} as const

/** A 400 whose issue points at a field of the step payload. */
const payloadError = (message: string, path: Issue['path']) =>
  badRequest(message, [{ path: ['payload', ...path], message }])

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

const companyTypeFromRegistry = (record: RegistryRecord): Company['type'] =>
  record.legalNature.code === '213-5' ? 'on_person' : 'private_limited'

/** A company as an opening or migration order (admin screens). */
function orderOf(deps: AppDeps, company: Company): Order {
  const { store } = deps
  const track = trackOf(store, company.id)
  const owner = ownerOf(store, company)
  const plan = company.currentSubscription
    ? store.byId('plans', company.currentSubscription.planId)
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

const matchesQuery = (company: Company, query: string | undefined) => {
  if (!query) return true
  const key = searchKey(query)
  const digits = query.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()
  return (
    searchKey(company.name).includes(key) ||
    (company.alias !== null && searchKey(company.alias).includes(key)) ||
    (digits.length >= 3 && company.cnpj !== null && company.cnpj.includes(digits))
  )
}

const collator = new Intl.Collator('pt-BR')
const byName = (a: Company, b: Company) => collator.compare(a.name, b.name)

/** Companies (SPEC section 7 "Companies", PRODUCT.md "Company status", "Tracks and steps"). */
export const companiesRoutes: RouteModule = {
  contract: [
    { method: 'GET', route: '/companies/me', example: '/companies/me', access: 'signed-in' },
    {
      method: 'GET',
      route: '/companies',
      example: '/companies?query=design&limit=5',
      access: 'signed-in',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/companies/orders/opening-requests',
      example: '/companies/orders/opening-requests?limit=5',
      access: 'system-admin',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/companies/orders/migration-requests',
      example: '/companies/orders/migration-requests?status=migrating',
      access: 'system-admin',
      takesInput: true,
    },
    { method: 'GET', route: '/companies/{id}', example: `/companies/${ANA}`, access: 'company' },
    {
      method: 'GET',
      route: '/companies/{id}/steps',
      example: `/companies/${ANA}/steps`,
      access: 'company',
    },
    {
      method: 'POST',
      route: '/companies',
      example: '/companies',
      access: 'self',
      takesInput: true,
      body: { cnpj: '11.222.333/0001-81', userId: 'uid-ana' },
    },
    {
      method: 'PUT',
      route: '/companies/{id}',
      example: `/companies/${ANA}`,
      access: 'system-admin',
      takesInput: true,
      body: { alias: 'Ana Design Studio', activities: ['7410299', '7319003', '7420001'] },
    },
    {
      method: 'POST',
      route: '/companies/{id}/steps/{stepId}',
      example: '/companies/cmp-bruno-tech/steps/partner-registration',
      access: 'company',
      callers: BRUNO,
      takesInput: true,
      okStatus: 200,
      body: {
        payload: {
          partners: [
            {
              name: 'Bruno Carvalho',
              cpf: '390.533.447-05',
              birthDate: '1993-08-02',
              maritalStatus: 'married',
              propertyRegime: 'community_property',
              address: {
                zipCode: '22250-040',
                state: 'RJ',
                city: 'Rio de Janeiro',
                street: 'Praia de Botafogo',
                number: '340',
                complement: 'Apto 1202',
                neighborhood: 'Botafogo',
              },
              sharePercent: 100,
              administrator: true,
            },
          ],
        },
      },
    },
    {
      method: 'PUT',
      route: '/companies/{id}/status/{status}',
      example: `/companies/${ANA}/status/overdue`,
      access: 'system-admin',
      takesInput: true,
    },
    {
      method: 'PUT',
      route: '/companies/{id}/track/{track}',
      example: '/companies/cmp-bruno-tech/track/migrate-company',
      access: 'company',
      callers: BRUNO,
      takesInput: true,
    },
  ],

  create: (deps) => {
    const { store, auth, config } = deps
    const router = Router()

    const companyOf = (req: Request) =>
      findCompany(store, assertCompanyAccess(callerOf(req), req.params.id))

    // The caller's own companies, for the session and the company selector.
    router.get(
      '/companies/me',
      auth.authenticate,
      handle((req) => {
        const ids = companiesOf(callerOf(req).claims)
        const data = ids.map((id) => store.byId('companies', id)).filter((c) => c !== undefined)
        return { data, total: data.length }
      }),
    )

    // Answers depend on the companies (and, for orders, tracks, users and plans) and on who
    // asks: served from a cache until those change.
    const companyLists = new ResponseCache(store, ['companies'])
    const orderLists = new ResponseCache(store, ['companies', 'tracks', 'users', 'plans'])

    router.get(
      '/companies',
      auth.authenticate,
      handle((req, res) => {
        const caller = callerOf(req)
        const q = parse(companyListQuerySchema, req.query)
        const admin = isSystemAdmin(caller.claims)
        const ids = companiesOf(caller.claims)
        const key = JSON.stringify([admin ? '*' : ids, q])
        res.type('json').send(
          companyLists.get(key, () => {
            const source = admin
              ? store.data.companies
              : ids.map((id) => store.byId('companies', id)).filter((c) => c !== undefined)
            const list = source
              .filter(
                (c) =>
                  (!q.status || c.status === q.status) &&
                  (!q.trackId || c.trackId === q.trackId) &&
                  matchesQuery(c, q.query),
              )
              .sort(byName)
            return paginate(list, q)
          }),
        )
      }),
    )

    const orders = (trackId: keyof typeof openOrderStatuses) =>
      handle((req, res) => {
        const q = parse(orderListQuerySchema, req.query)
        const open: readonly string[] = openOrderStatuses[trackId]
        res.type('json').send(
          orderLists.get(JSON.stringify([trackId, q]), () => {
            const list = store.data.companies
              .filter(
                (c) =>
                  c.trackId === trackId &&
                  (q.all === 'true' || open.includes(c.status)) &&
                  (!q.status || c.status === q.status) &&
                  matchesQuery(c, q.query),
              )
              .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            const page = paginate(list, q)
            return { data: page.data.map((company) => orderOf(deps, company)), total: page.total }
          }),
        )
      })
    router.get(
      '/companies/orders/opening-requests',
      auth.authenticate,
      auth.requireSystemAdmin,
      orders('create-company'),
    )
    router.get(
      '/companies/orders/migration-requests',
      auth.authenticate,
      auth.requireSystemAdmin,
      orders('migrate-company'),
    )

    router.get(
      '/companies/:id',
      auth.authenticate,
      handle((req) => ({ data: companyOf(req) })),
    )

    router.get(
      '/companies/:id/steps',
      auth.authenticate,
      handle((req) => ({ data: trackView(trackOf(store, companyOf(req).id)) })),
    )

    // An existing company, by its CNPJ, for the caller or (admin) for a user: the migration track.
    router.post(
      '/companies',
      auth.authenticate,
      handle(async (req, res) => {
        const caller = callerOf(req)
        const input = parse(companyCreateSchema, req.body)
        const userId = input.userId ?? caller.uid
        assertSelfOrAdmin(caller, userId)
        const user = findUser(store, userId)
        const record = reference().registry.get(input.cnpj)
        if (!record && config.environment === 'production')
          throw badRequest(messages.cnpjNotFound, [
            { path: ['cnpj'], message: messages.cnpjNotFound },
          ])
        if (record && record.status !== 'ATIVA') {
          const message = stepMessagesServer.registryStatus(record.status)
          throw badRequest(message, [{ path: ['cnpj'], message }])
        }
        if (store.data.companies.some((c) => c.cnpj === input.cnpj))
          throw conflict(companyMessages.cnpjTaken)
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
        const before = [...user.companies]
        const after = [...before, id]
        await withFirebase(store, {
          firebase: () => syncClaims(auth, { ...user, companies: after }),
          local: () => {
            store.data.companies.push(company)
            store.data.tracks.push({ companyId: id, ...emptyTrack('migrate-company') })
            user.companies = after
          },
          undo: async () => {
            store.data.companies = store.data.companies.filter((c) => c.id !== id)
            store.data.tracks = store.data.tracks.filter((t) => t.companyId !== id)
            user.companies = before
            await syncClaims(auth, { ...user, companies: before })
          },
        })
        res.status(201)
        return { data: store.byId('companies', id) }
      }),
    )

    router.put(
      '/companies/:id',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const company = findCompany(store, req.params.id ?? '')
        const update = parse(companyUpdateSchema, req.body)
        if (
          update.cnpj &&
          store.data.companies.some((c) => c.cnpj === update.cnpj && c.id !== company.id)
        )
          throw conflict(companyMessages.cnpjTaken)
        Object.assign(company, update, { updatedAt: new Date().toISOString() })
        await store.commit()
        return { data: company }
      }),
    )

    router.put(
      '/companies/:id/status/:status',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const company = findCompany(store, req.params.id ?? '')
        const to = parse(companyStatusSchema, req.params.status)
        const body = parse(statusChangeBodySchema, req.body ?? {})
        if (to === 'disabled' && !body.reason)
          throw badRequest(companyMessages.reasonRequired, [
            { path: ['reason'], message: companyMessages.reasonRequired },
          ])
        changeStatus(store, company, to, {
          by: callerOf(req).uid,
          reason: body.reason,
          at: new Date().toISOString(),
        })
        await store.commit()
        return { data: company }
      }),
    )

    router.put(
      '/companies/:id/track/:track',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const trackId = parse(trackIdSchema, req.params.track)
        const track = trackOf(store, company.id)
        if (company.trackId === trackId) return { data: { company, track: trackView(track) } }
        const paid = paymentsOfCompany(store, company.id).some((p) => p.status === 'paid')
        if (company.status !== 'pending' || paid) throw conflict(stepMessagesServer.trackLocked)
        const now = new Date().toISOString()
        // A plan chosen on the other track was never charged: it goes with it.
        for (const subscription of subscriptionsOfCompany(store, company.id))
          if (subscription.status === 'pending') {
            subscription.status = 'canceled'
            subscription.canceledAt = now
            subscription.updatedAt = now
          }
        store.data.payments = store.data.payments.filter(
          (p) => p.companyId !== company.id || p.status === 'paid',
        )
        const fresh = emptyTrack(trackId)
        track.trackId = fresh.trackId
        track.status = fresh.status
        track.steps = fresh.steps
        company.trackId = trackId
        syncCurrentSubscription(company, null)
        company.updatedAt = now
        await store.commit()
        return { data: { company, track: trackView(track) } }
      }),
    )

    router.post(
      '/companies/:id/steps/:stepId',
      auth.authenticate,
      handle(async (req) => {
        const caller = callerOf(req)
        const company = companyOf(req)
        const stepId = req.params.stepId as StepId
        if (!stepIds.includes(stepId)) throw notFound(stepMessagesServer.notFound)
        const body = parse(stepSubmitSchema, req.body)
        const track = trackOf(store, company.id)
        if (company.status === 'disabled') throw conflict(stepMessagesServer.disabled)
        const actor = stepActors[stepId]
        if (actor === 'admin' && !isSystemAdmin(caller.claims))
          throw forbidden(stepMessagesServer.adminStep)
        // Drafts and the subscription step (done by its payment) start the step; the rest completes it.
        const complete = body.draft !== true && actor !== 'payment'
        const event = { type: complete ? 'step.complete' : 'step.save', stepId } as const
        const refusal = refusalOf(track, event)
        if (refusal) {
          if (!track.steps.some((step) => step.stepId === stepId)) throw badRequest(refusal)
          throw conflict(refusal)
        }
        const now = new Date()
        const at = now.toISOString()
        let payload: Record<string, unknown>
        if (body.draft === true && actor !== 'payment')
          payload = parsePayload(draftSchemaOf(stepId), body.payload)
        else {
          const input = parsePayload(stepInputSchemas[stepId], body.payload) as Record<
            string,
            unknown
          >
          payload = completeStep(deps, company, stepId, input, at)
          if (actor === 'payment') choosePlan(store, company, String(input.planId), now)
        }
        const result = applyTrackEvent(track, event, { payload, at })
        if (!result.ok) throw conflict(result.message)
        track.status = result.track.status
        track.steps = result.track.steps
        company.updatedAt = at
        await store.commit()
        return { data: trackView(track) }
      }),
    )

    return router
  },
}

/**
 * The server's part of completing a step, past the schema: checks against the reference data and
 * the company's files, and what the step writes into the company. Returns the payload to keep.
 */
function completeStep(
  { store, config }: AppDeps,
  company: Company,
  stepId: StepId,
  input: Record<string, unknown>,
  at: string,
): Record<string, unknown> {
  switch (stepId) {
    case 'pre-registration': {
      const step = input as PreRegistration
      const cnaes = reference().cnaes
      step.activities.forEach((code, index) => {
        const cnae = cnaes.get(code)
        if (!cnae) throw payloadError(stepMessagesServer.cnaeUnknown(code), ['activities', index])
        if (step.size === 'MEI' && !cnae.isAllowedMei)
          throw payloadError(stepMessagesServer.notMei(code, cnae.text), ['activities', index])
      })
      company.name = step.names[0]!
      company.alias = step.alias
      company.activities = step.activities
      company.address = step.address
      company.type = step.type
      company.size = step.size
      return step
    }
    case 'partner-registration': {
      const step = input as PartnerRegistration
      const single =
        company.size === 'MEI' ||
        company.type === 'on_person' ||
        company.type === 'limited_liability'
      if (single && step.partners.length !== 1)
        throw payloadError(stepMessagesServer.singlePartner, ['partners'])
      return step
    }
    case 'awaiting-guide':
    case 'upload-guide-receipt': {
      const file =
        stepId === 'awaiting-guide'
          ? (input as { guide: { fileName: string } }).guide.fileName
          : (input as { receipt: { fileName: string } }).receipt.fileName
      const field = stepId === 'awaiting-guide' ? 'guide' : 'receipt'
      if (!existsSync(filePath(config, company.id, file).file))
        throw payloadError(stepMessagesServer.fileMissing(file), [field, 'fileName'])
      return input
    }
    case 'download-company-info': {
      const cnpj = String(input.cnpj)
      const record = reference().registry.get(cnpj)
      if (!record) throw payloadError(messages.cnpjNotFound, ['cnpj'])
      if (record.status !== 'ATIVA')
        throw payloadError(stepMessagesServer.registryStatus(record.status), ['cnpj'])
      if (company.trackId === 'migrate-company' && company.cnpj && company.cnpj !== cnpj)
        throw payloadError(stepMessagesServer.otherCnpj, ['cnpj'])
      if (store.data.companies.some((c) => c.cnpj === cnpj && c.id !== company.id))
        throw conflict(companyMessages.cnpjTaken)
      company.cnpj = cnpj
      company.name = record.legalName
      company.alias = record.tradeName ?? company.alias
      company.address = record.address
      company.activities = [record.mainActivity, ...record.secondaryActivities]
      company.size = record.size
      return { cnpj, registry: record, fetchedAt: at }
    }
    default:
      return input
  }
}
