import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Router, type Request } from 'express'
import { z } from 'zod'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import { intentBodySchema } from '../../src/schemas/assistant'
import { cnpjSchema } from '../../src/schemas/brazil'
import { isSystemAdmin } from '../../src/schemas/claims'
import {
  companyCreateSchema,
  companyMessages,
  trackIdSchema,
  type Company,
} from '../../src/schemas/company'
import { messages } from '../../src/schemas/messages'
import type { RegistryRecord } from '../../src/schemas/registry'
import {
  draftSchemaOf,
  migrateAccountantRecordSchema,
  partnerRegistrationBasicSchema,
  stepActors,
  stepInputSchemas,
  stepSubmitSchema,
  type PartnerRegistration,
  type PreRegistration,
} from '../../src/schemas/steps'
import { emptyTrack, stepIds, type StepId } from '../../src/schemas/track'
import { applyTrackEvent, refusalOf } from '../../src/machines/track'
import { suggestAliases } from '../assistant/alias-suggest'
import { loadAssistant, matchCnaes } from '../assistant/cnae-matcher'
import { assertCompanyAccess, callerOf } from '../auth'
import { assertSelfOrAdmin, findUser, syncClaims, withFirebase } from '../core/accounts'
import { choosePlan } from '../core/billing'
import { filePath } from '../core/files'
import { reference } from '../core/reference'
import { cnpjRecordRefusal, registryRecordOf } from '../core/registry'
import { transferLetterFileName, transferLetterPdf } from '../core/transfer-letter'
import {
  findCompany,
  paymentsOfCompany,
  subscriptionsOfCompany,
  syncCurrentSubscription,
  trackOf,
  trackView,
} from '../core/state'
import { seedBilling } from '../seed/billing'
import { seedCore, type TrackRecord } from '../seed/core'
import type { AppDeps, RouteModule } from '../deps'
import {
  badRequest,
  conflict,
  forbidden,
  handle,
  HttpError,
  notFound,
  parse,
  type Issue,
} from '../http'

const stepMessagesServer = {
  notFound: 'Etapa não encontrada.',
  disabled: 'A empresa está desativada: o cadastro não pode mudar.',
  adminStep: 'Esta etapa é feita pela contabilidade.',
  fileMissing: (name: string) =>
    `Arquivo não encontrado: envie "${name}" antes de concluir a etapa.`,
  cnaeUnknown: (code: string) => `Atividade (CNAE) não encontrada: ${code}.`,
  notMei: (code: string, text: string) => `A atividade ${code} (${text}) não é permitida para MEI.`,
  singlePartner:
    'Empresário individual e MEI têm um único titular: para ter sócios, escolha Sociedade limitada no pré-cadastro.',
  registryStatus: (status: string) =>
    `A situação cadastral deste CNPJ na Receita Federal é ${status}.`,
  otherCnpj: 'Este CNPJ não é o da empresa.',
  trackLocked: 'A trilha só pode ser trocada enquanto o cadastro está pendente e nada foi pago.',
  letterNotReady:
    'A carta de transferência fica pronta quando a etapa "Contador atual" é concluída.',
  letterOpeningTrack: 'A carta de transferência é da troca de contador, não da abertura.',
  cnpjNotOpening: 'O CNPJ é registrado aqui só para empresas que a Contabil está abrindo.',
  cnpjNotYet:
    'Registre o CNPJ depois de iniciar o registro na Junta Comercial (status "Em abertura").',
  cnpjConfirmed: 'O cliente já confirmou os dados deste CNPJ: ele não pode mais mudar.',
  cnpjMissing: 'A contabilidade ainda não registrou o CNPJ da empresa.',
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

const states: Record<string, [name: string, region: string]> = {
  AC: ['Acre', 'Norte'],
  AL: ['Alagoas', 'Nordeste'],
  AM: ['Amazonas', 'Norte'],
  AP: ['Amapá', 'Norte'],
  BA: ['Bahia', 'Nordeste'],
  CE: ['Ceará', 'Nordeste'],
  DF: ['Distrito Federal', 'Centro-Oeste'],
  ES: ['Espírito Santo', 'Sudeste'],
  GO: ['Goiás', 'Centro-Oeste'],
  MA: ['Maranhão', 'Nordeste'],
  MG: ['Minas Gerais', 'Sudeste'],
  MS: ['Mato Grosso do Sul', 'Centro-Oeste'],
  MT: ['Mato Grosso', 'Centro-Oeste'],
  PA: ['Pará', 'Norte'],
  PB: ['Paraíba', 'Nordeste'],
  PE: ['Pernambuco', 'Nordeste'],
  PI: ['Piauí', 'Nordeste'],
  PR: ['Paraná', 'Sul'],
  RJ: ['Rio de Janeiro', 'Sudeste'],
  RN: ['Rio Grande do Norte', 'Nordeste'],
  RO: ['Rondônia', 'Norte'],
  RR: ['Roraima', 'Norte'],
  RS: ['Rio Grande do Sul', 'Sul'],
  SC: ['Santa Catarina', 'Sul'],
  SE: ['Sergipe', 'Nordeste'],
  SP: ['São Paulo', 'Sudeste'],
  TO: ['Tocantins', 'Norte'],
}

const cnpjQuerySchema = z.strictObject({ cnpj: cnpjSchema })
const cnpjBodySchema = z.strictObject({ cnpj: cnpjSchema })

/**
 * The opening and migration wizards (PRODUCT.md "Tracks and steps"): a company's steps and its
 * track, adding an existing company by CNPJ (the migration track), the assistant "Luca" (SPEC
 * section 7 "Leads and assistant") and the stand-ins for the external lookups the wizard uses
 * (PRODUCT.md): ViaCEP's `GET /ws/{cep}/json/` over the fixture CEPs and the CNPJ registry check
 * `GET /api/cnpj-exists` — public, as the real services are.
 */
export const onboardingRoutes: RouteModule = {
  create: (deps) => {
    const { store, auth, config } = deps
    const router = Router()
    const companyOf = (req: Request) =>
      findCompany(store, assertCompanyAccess(callerOf(req), req.params.id))
    // Build the CNAE index at start, not on the first request.
    loadAssistant()

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
        const record = registryRecordOf(store, input.cnpj)
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
        // Drafts and the subscription step (done by its payment) start the step; the rest completes
        // it, or revises it when it is done already (the track machine says whether it still may).
        const complete = body.draft !== true && actor !== 'payment'
        const done = track.steps.some((step) => step.stepId === stepId && step.status === 'done')
        const event = {
          type: !complete ? 'step.save' : done ? 'step.revise' : 'step.complete',
          stepId,
        } as const
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
          payload = completeStep(deps, company, track, stepId, input, at)
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

    // The Receita's record of the company's CNPJ (the download-company-info step shows it before
    // the client confirms); null while the company has no CNPJ yet.
    router.get(
      '/companies/:id/registry',
      auth.authenticate,
      handle((req) => {
        const company = companyOf(req)
        return { data: company.cnpj ? registryRecordOf(store, company.cnpj) : null }
      }),
    )

    // The accountant records the CNPJ the Receita issued for a company we are opening: from then
    // on the registry stand-in answers for it with what was registered.
    router.put(
      '/companies/:id/cnpj',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const company = findCompany(store, req.params.id ?? '')
        const { cnpj } = parse(cnpjBodySchema, req.body)
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
        await store.commit()
        return { data: company }
      }),
    )

    // The transfer letter of a migration (a PDF), once the current accountant's step is done.
    router.get(
      '/companies/:id/transfer-letter',
      auth.authenticate,
      handle(async (req, res) => {
        const company = companyOf(req)
        if (company.trackId !== 'migrate-company')
          throw notFound(stepMessagesServer.letterOpeningTrack)
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
      }),
    )

    router.post(
      '/luca/cnaes/match',
      auth.authenticate,
      handle((req) => {
        const input = parse(intentBodySchema, req.body)
        const matches = matchCnaes(input.intent)
        return { data: matches.slice(0, input.limit), total: matches.length }
      }),
    )

    router.post(
      '/luca/companies/alias-suggest',
      auth.authenticate,
      handle((req) => {
        const caller = callerOf(req)
        const input = parse(intentBodySchema, req.body)
        const user = store.data.users.find((u) => u.id === caller.uid)
        const taken = store.data.companies.flatMap((c) => (c.alias ? [c.name, c.alias] : [c.name]))
        const data = suggestAliases(input.intent, input.limit, { ownerName: user?.name, taken })
        return { data, total: data.length }
      }),
    )

    // ViaCEP: 8 digits (the mask's hyphen is accepted); a well-formed CEP it does not know answers
    // 200 `{ "erro": true }`, a malformed one 400.
    router.get(
      ['/ws/:zip/json', '/ws/:zip/json/'],
      handle((req) => {
        const zip = (req.params.zip ?? '').replace('-', '')
        if (!/^\d{8}$/.test(zip))
          throw badRequest(messages.cepInvalid, [{ path: ['zip'], message: messages.cepInvalid }])
        const found = reference().ceps.get(zip)
        if (!found) return { erro: true }
        const [estado, regiao] = states[found.uf] ?? ['', '']
        return {
          cep: `${zip.slice(0, 5)}-${zip.slice(5)}`,
          logradouro: found.logradouro,
          complemento: found.complemento,
          unidade: '',
          bairro: found.bairro,
          localidade: found.localidade,
          uf: found.uf,
          estado,
          regiao,
          ibge: found.ibge,
          gia: '',
          ddd: found.ddd,
          siafi: '',
        }
      }),
    )

    router.get(
      '/api/cnpj-exists',
      handle((req) => {
        const { cnpj } = parse(cnpjQuerySchema, req.query)
        return { exists: registryRecordOf(store, cnpj) !== null }
      }),
    )

    if (config.testHooks)
      // Test hook: one company's record, track, subscriptions and payments back as seeded, so an
      // e2e test that walks a demo company through its wizard leaves the shared data as it found
      // it (other specs read the same seed).
      router.post(
        '/__test/onboarding/:companyId/reseed',
        handle(async (req) => {
          const id = req.params.companyId ?? ''
          const seed = seedCore()
          const company = seed.companies.find((c) => c.id === id)
          const track = seed.tracks.find((t) => t.companyId === id)
          if (!company || !track) throw notFound(companyMessages.notFound)
          const billing = seedBilling()
          const replace = <T extends { companyId?: string; id?: string }>(
            list: T[],
            keep: (item: T) => boolean,
            seeded: T[],
          ) => [...list.filter(keep), ...seeded]
          store.data.companies = replace(store.data.companies, (c) => c.id !== id, [company])
          store.data.tracks = replace(store.data.tracks, (t) => t.companyId !== id, [track])
          store.data.subscriptions = replace(
            store.data.subscriptions,
            (s) => s.companyId !== id,
            billing.subscriptions.filter((s) => s.companyId === id),
          )
          store.data.payments = replace(
            store.data.payments,
            (p) => p.companyId !== id,
            billing.payments.filter((p) => p.companyId === id),
          )
          await store.commit()
          return { ok: true }
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
  track: TrackRecord,
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
      const registered = track.steps.find((s) => s.stepId === 'pre-registration')?.payload as
        Partial<PreRegistration> | null | undefined
      const type = company.type ?? registered?.type ?? null
      const single = (company.size ?? registered?.size) === 'MEI' || type === 'on_person'
      if (single && step.partners.length !== 1)
        throw payloadError(stepMessagesServer.singlePartner, ['partners'])
      // A limited company follows its partners: one makes it an SLU, two or more a Sociedade
      // limitada (the registered pre-registration says the same).
      if (type === 'limited_liability' || type === 'private_limited') {
        company.type = step.partners.length === 1 ? 'limited_liability' : 'private_limited'
        if (registered) registered.type = company.type
      }
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
      const record = registryRecordOf(store, cnpj)
      if (!record) throw payloadError(messages.cnpjNotFound, ['cnpj'])
      if (record.status !== 'ATIVA')
        throw payloadError(stepMessagesServer.registryStatus(record.status), ['cnpj'])
      if (company.trackId === 'migrate-company' && company.cnpj && company.cnpj !== cnpj)
        throw payloadError(stepMessagesServer.otherCnpj, ['cnpj'])
      // An opening confirms the CNPJ the accountant recorded, once there is one.
      if (company.trackId === 'create-company' && company.cnpj !== cnpj)
        throw payloadError(
          company.cnpj ? stepMessagesServer.otherCnpj : stepMessagesServer.cnpjMissing,
          ['cnpj'],
        )
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
