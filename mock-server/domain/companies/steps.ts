import { existsSync } from 'node:fs'
import type { Company } from '../../../src/schemas/company'
import { companyMessages } from '../../../src/schemas/company'
import { messages } from '../../../src/schemas/messages'
import type { PartnerRegistration, PreRegistration } from '../../../src/schemas/steps'
import type { StepId } from '../../../src/schemas/track'
import type { ServerConfig } from '../../config'
import { invalid, conflict, type Issue } from '../errors'
import type { TrackRecord } from '../../model'
import type { Store } from '../../store/database'
import { filePath } from '../../store/files'
import { cnaeCatalog } from '../../reference/cnaes'
import { cnpjTaken } from './company-records'
import type { CnpjRegistry } from './registry'

// The server's part of each wizard step, past its input schema (docs/product.md §4 "Tracks and
// steps"): checks against the reference data and the company's files, and what completing the step
// writes into the company. One entry per step that has any; the others keep their payload as it
// came.

export const stepMessagesServer = {
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
export const payloadError = (message: string, path: Issue['path']) =>
  invalid(message, [{ path: ['payload', ...path], message }])

/** What completing a step has to work with; the effect changes `company` and `track` in place. */
export type StepCompletion = {
  store: Store
  config: ServerConfig
  /** The Receita's registry (the download-company-info step reads the CNPJ's record). */
  registry: CnpjRegistry
  company: Company
  track: TrackRecord
  input: Record<string, unknown>
  at: string
}

/** The server's part of completing a step: checks, changes; returns the payload to keep. */
type StepEffect = (completion: StepCompletion) => Record<string, unknown>

/** A document the step needs must have been uploaded to the company's files first. */
const uploadedFile =
  (field: 'guide' | 'receipt'): StepEffect =>
  ({ config, company, input }) => {
    const file = (input[field] as { fileName: string }).fileName
    if (!existsSync(filePath(config, company.id, file).file))
      throw payloadError(stepMessagesServer.fileMissing(file), [field, 'fileName'])
    return input
  }

export const stepEffects: Partial<Record<StepId, StepEffect>> = {
  // The activities exist (and suit a MEI); the company takes the names, address and activities.
  'pre-registration': ({ company, input }) => {
    const step = input as PreRegistration
    // The IBGE's CNAE 2.3 subclasses, the product's own reference (mock-server/reference/cnaes.ts).
    const cnaes = cnaeCatalog().byCode
    step.activities.forEach((code, index) => {
      const cnae = cnaes.get(code)
      if (!cnae) throw payloadError(stepMessagesServer.cnaeUnknown(code), ['activities', index])
      if (step.size === 'MEI' && !cnae.is_allowed_mei)
        throw payloadError(stepMessagesServer.notMei(code, cnae.text), ['activities', index])
    })
    company.name = step.names[0]!
    company.alias = step.alias
    company.activities = step.activities
    company.address = step.address
    company.type = step.type
    company.size = step.size
    return step
  },

  // One partner for a single-person company; a limited company's type follows its partners.
  'partner-registration': ({ company, track, input }) => {
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
  },

  'awaiting-guide': uploadedFile('guide'),
  'upload-guide-receipt': uploadedFile('receipt'),

  // The Receita's record of the CNPJ: active, the company's own, and nobody else's here; the
  // company takes what the registry says.
  'download-company-info': ({ store, registry, company, input, at }) => {
    const cnpj = String(input.cnpj)
    const record = registry.recordOf(cnpj)
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
    if (cnpjTaken(store, cnpj, company.id)) throw conflict(companyMessages.cnpjTaken)
    company.cnpj = cnpj
    company.name = record.legalName
    company.alias = record.tradeName ?? company.alias
    company.address = record.address
    company.activities = [record.mainActivity, ...record.secondaryActivities]
    company.size = record.size
    return { cnpj, registry: record, fetchedAt: at }
  },
}

/** Completes a step's payload on the server (see stepEffects). */
export const completeStep = (stepId: StepId, completion: StepCompletion) =>
  stepEffects[stepId]?.(completion) ?? completion.input
