import { randomUUID } from 'node:crypto'
import { existsSync, promises as fs } from 'node:fs'
import type { Company } from '../../../../src/schemas/company'
import type { CompanyDocument } from '../../../../src/schemas/document'
import {
  nfsIssuableStatuses,
  nfsRequestStatusLabels,
  type NfsRequest,
} from '../../../../src/schemas/invoice'
import { nfseCancellationCodeLabels, type NfseCancel } from '../../../../src/schemas/nfse'
import { monthInBrazil } from '../../../../src/kernel/dates'
import {
  annexOfActivity,
  FATOR_R_THRESHOLD,
  simplesRateFor,
} from '../../../../src/kernel/tax/facts'
import type { ServerConfig } from '../../../config'
import { filePath } from '../../../store/files'
import { badRequest, conflict, HttpError, notFound, type Issue } from '../../../http'
import { calculate } from '../../simples/calculate'
import { factsOf } from '../../simples/facts'
import { storeSources } from '../../simples/sources'
import type { Store } from '../../../store/database'
import { buildCancellationRequest, dpsElementOf } from './documents'
import { buildDps, providerRegimeOf, type DpsInput } from './dps'
import type { NfseEngine } from './engine'
import { ibgeCodeOf } from './places'
import type { CertificateRecord } from './records'
import { schemaIssues } from './schema-messages'
import { sefinClient, sefinClientMessages, type NationalError } from './sefin-client'
import { unseal, vaultKeyIn } from './vault'
import { XML_DECLARATION } from './xml'
import { schemaFiles } from './xsd'

// Issuing and cancelling a request's NFS-e through the national system (Sefin Nacional): the DPS
// built from the request, validated against the official schema and signed with the company's
// A1 certificate in the NFS-e worker, sent, and — only once the national system answered the
// NFS-e — the request issued, its DPS number counted and its XML and DANFSe filed as the
// company's `nota-fiscal` documents, in one transaction. A refusal changes nothing.
// `issueRequest` and `cancelRequest` are each the one function of their change (what reacts to
// an issued or cancelled invoice is called after them).

export const issuanceMessages = {
  notFound: 'Solicitação de nota não encontrada.',
  alreadyIssued: (number: number | null) =>
    `Esta nota já foi emitida${number ? ` (NFS-e nº ${number})` : ''}: nada a fazer.`,
  notIssuable: (status: NfsRequest['status']) =>
    `Só é possível emitir uma solicitação pendente ou em processamento (esta está "${nfsRequestStatusLabels[status]}").`,
  noCertificate:
    'A empresa não tem certificado digital A1: envie o .pfx da empresa (Conta › Certificado digital) antes de emitir.',
  certificateExpired: (until: string) =>
    `O certificado digital da empresa venceu em ${until}: envie o certificado renovado antes de emitir.`,
  noMunicipality:
    'O endereço da empresa não tem um município do IBGE: a DPS precisa dele (município emissor, cLocEmi). Corrija o endereço da empresa.',
  schema: 'A DPS não passou no esquema oficial da NFS-e (DPS_v1.01.xsd) e não foi enviada.',
  refused: (errors: NationalError[]) =>
    `A Sefin Nacional recusou o documento: ${errors
      .map((error) => `${error.code} — ${error.description}`)
      .join(' ')}`,
  disabled: 'Empresa desativada: não é possível emitir notas fiscais.',
  otherCnpj: 'O CNPJ da solicitação não é mais o da empresa: corrija a empresa antes de emitir.',
  moved: 'A solicitação mudou enquanto a nota era emitida: recarregue e confira a situação.',
  notCancellable: (status: NfsRequest['status']) =>
    `Só é possível cancelar uma NFS-e emitida (esta está "${nfsRequestStatusLabels[status]}").`,
  manual:
    'Esta NFS-e foi emitida fora do Sistema Nacional (número e PDF do emissor do município): cancele-a no emissor do município.',
  noDps: (status: NfsRequest['status']) =>
    `Esta solicitação não tem DPS: ela está "${nfsRequestStatusLabels[status]}" e não foi emitida pelo Sistema Nacional.`,
  notNational:
    'Esta nota não foi emitida pelo Sistema Nacional: o PDF dela está nos Documentos da empresa.',
  nfseMissing: 'A Sefin Nacional não tem esta NFS-e.',
} as const

/** What issuing needs besides the request: the store, the configuration, the NFS-e worker. */
export type IssuanceDeps = { store: Store; config: ServerConfig; nfse: NfseEngine }

const brDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso))

/** Issuances and cancellations of one company, one after another (its DPS numbers in order). */
const companyQueues = new Map<string, Promise<unknown>>()
function inCompanyOrder<T>(companyId: string, work: () => Promise<T>): Promise<T> {
  const previous = companyQueues.get(companyId) ?? Promise.resolve()
  const next = previous.then(work, work)
  const settled = next.catch(() => undefined)
  companyQueues.set(companyId, settled)
  void settled.then(() => {
    if (companyQueues.get(companyId) === settled) companyQueues.delete(companyId)
  })
  return next
}

function requestOf(store: Store, requestId: string, companyId?: string): NfsRequest {
  const request = store.nfsRequests.get(requestId)
  if (!request || (companyId !== undefined && request.companyId !== companyId))
    throw notFound(issuanceMessages.notFound)
  return request
}

/** The company's certificate and key, valid now (409 otherwise). */
export function signingCertificate(deps: IssuanceDeps, companyId: string, now: Date) {
  const record: CertificateRecord | undefined = deps.store.certificates.get(companyId)
  if (!record) throw conflict(issuanceMessages.noCertificate)
  if (Date.parse(record.notAfter) <= now.getTime())
    throw conflict(issuanceMessages.certificateExpired(brDate(record.notAfter)))
  return {
    certificatePem: record.certificatePem,
    privateKeyPem: unseal(vaultKeyIn(deps.config.dataDir), record.privateKey),
  }
}

/**
 * The approximate Simples Nacional rate (%) a ME/EPP declares (`pTotTribSN`): the effective rate
 * of its annex at its RBT12 (LC 123/2006, art. 18), half up to the hundredth of a percent; null
 * when no annex can be told for its activities.
 */
export function simplesRateOf(
  store: Store,
  company: Company,
  now: Date = new Date(),
): number | null {
  // The rate rests on the 12 months before this one (LC 123/2006, art. 18, § 1º): this month's
  // invoices do not change it. Kept a few minutes, so that a month's issuances do not each read a
  // year of the company's bank transactions.
  const key = `${company.id}:${monthInBrazil(now)}:${company.size}:${company.activities.join(',')}`
  const cache = rateCaches.get(store) ?? new Map<string, { rate: number | null; at: number }>()
  rateCaches.set(store, cache)
  const known = cache.get(key)
  if (known && now.getTime() - known.at < RATE_TTL_MS) return known.rate
  const rate = effectiveSimplesRate(store, company, now)
  cache.set(key, { rate, at: now.getTime() })
  return rate
}

const RATE_TTL_MS = 10 * 60_000
const rateCaches = new WeakMap<Store, Map<string, { rate: number | null; at: number }>>()

function effectiveSimplesRate(store: Store, company: Company, now: Date): number | null {
  const facts = factsOf(store, company)
  const main = facts?.activities[0]
  if (!facts || facts.regime !== 'simples' || !main) return null
  // The month's own calculation (RBT12 and fator R as the PGDAS-D takes them), so that the rate
  // an invoice declares agrees with the month the accountant closes.
  let calculation
  try {
    calculation = calculate(facts, monthInBrazil(now), storeSources(store))
  } catch (error) {
    if (error instanceof RangeError) return null
    throw error
  }
  const placed = annexOfActivity(main, (calculation.fatorR ?? 0) >= FATOR_R_THRESHOLD)
  if (placed.kind !== 'annex') return null
  const rate = simplesRateFor(calculation.rbt12, placed.annex)
  if (!rate) return null
  const { numerator, denominator } = rate.exact
  // Hundredths of a percent, half up: numerator / denominator × 10,000.
  const scaled = (numerator * 10_000n * 2n + denominator) / (denominator * 2n)
  return Number(scaled) / 100
}

/** The provider's part of its DPS: its municipality, its tax regime, its Simples rate. */
export function dpsProviderOf(store: Store, company: Company): DpsInput['provider'] {
  const municipalityCode = ibgeCodeOf(company.address)
  if (!municipalityCode) throw conflict(issuanceMessages.noMunicipality)
  const regime = providerRegimeOf(company.size)
  return {
    municipalityCode,
    regime,
    simplesRate: regime.opSimpNac === '3' ? simplesRateOf(store, company) : null,
  }
}

/** The DPS of a request for its company, with a série and number. */
export function dpsInputOf(
  store: Store,
  request: NfsRequest,
  company: Company,
  series: string,
  number: number,
  issuedAt: Date,
  provider: DpsInput['provider'] = dpsProviderOf(store, company),
): DpsInput {
  return {
    request,
    provider,
    takerMunicipalityCode: request.taker ? ibgeCodeOf(request.taker.address) : null,
    series,
    number,
    issuedAt,
  }
}

/** The company's DPS numbering: its série and the next number (nothing reserved). */
export function nextDpsNumber(store: Store, companyId: string) {
  const sequence = store.dpsSequences.get(companyId)
  return { series: sequence?.series ?? '1', number: (sequence?.lastNumber ?? 0) + 1 }
}

/** Builds, validates against the official schema and signs a DPS (400 naming each field). */
export async function signedDps(deps: IssuanceDeps, input: DpsInput, companyId: string, now: Date) {
  const pems = signingCertificate(deps, companyId, now)
  const dps = buildDps(input)
  const result = await deps.nfse.run({
    kind: 'sign',
    schema: 'DPS',
    element: 'infDPS',
    xml: dps.xml,
    pems,
  })
  if ('problems' in result) {
    const issues = schemaIssues(result.problems, schemaFiles.DPS)
    throw badRequest(`${issuanceMessages.schema} ${issues[0]?.message ?? ''}`.trim(), issues)
  }
  return { id: dps.id, xml: result.signed, pems }
}

/** A refusal of the national system as the API answers it: 409, each error an issue. */
function refusal(errors: NationalError[]) {
  const issues: Issue[] = errors.map((error) => ({
    path: ['sefin', error.code],
    message: error.complement ? `${error.description} ${error.complement}` : error.description,
  }))
  return new HttpError(409, issuanceMessages.refused(errors), issues)
}

/** Writes a file of the company durably, never over another (its name is the NFS-e's own). */
async function writeCompanyFile(
  config: ServerConfig,
  companyId: string,
  fileName: string,
  content: string | Uint8Array,
) {
  const { dir, file } = filePath(config, companyId, fileName)
  await fs.mkdir(dir, { recursive: true })
  const handle = await fs.open(file, 'w')
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  return file
}

const removeFiles = (files: string[]) =>
  Promise.all(files.map((file) => fs.rm(file, { force: true })))

/** An NFS-e's file as the company's `nota-fiscal` document (sent by the accountant, approved). */
export function nfseDocumentOf(
  request: NfsRequest,
  fileName: string,
  name: string,
  by: string,
  at: string,
): CompanyDocument {
  return {
    id: `doc-${randomUUID()}`,
    companyId: request.companyId,
    type: 'nota-fiscal',
    name,
    description: request.taker
      ? `Nota fiscal de serviço emitida para ${request.taker.name}.`
      : 'Nota fiscal de serviço emitida sem tomador identificado.',
    fileName,
    status: 'approved',
    guia: null,
    // The month of the service (the invoice's competence).
    competence: request.date.slice(0, 7),
    sentBy: 'accountant',
    createdBy: by,
    reviewedBy: by,
    reviewedAt: at,
    rejectionReason: null,
    paidAt: null,
    createdAt: at,
    updatedAt: at,
  }
}

/**
 * Issues a request's NFS-e through the national system (from pending or processing): build →
 * validate → sign → send; on the NFS-e, the request is issued with its number, access key, DPS
 * série and number, and the NFS-e's XML and DANFSe are the company's documents. A refusal (the
 * schema's, the national system's) is answered and nothing changes.
 */
export function issueRequest(
  deps: IssuanceDeps,
  input: { requestId: string; by: string; sefinUrl: string; now?: () => Date },
): Promise<NfsRequest> {
  const first = requestOf(deps.store, input.requestId)
  return inCompanyOrder(first.companyId, async () => {
    const { store, config, nfse } = deps
    const now = input.now?.() ?? new Date()
    const request = requestOf(store, input.requestId)
    if (request.status === 'issued') throw conflict(issuanceMessages.alreadyIssued(request.number))
    if (!nfsIssuableStatuses.includes(request.status))
      throw conflict(issuanceMessages.notIssuable(request.status))
    const company = store.companies.get(request.companyId)
    if (!company) throw notFound(issuanceMessages.notFound)
    if (company.status === 'disabled') throw conflict(issuanceMessages.disabled)
    if (company.cnpj !== request.cnpj) throw conflict(issuanceMessages.otherCnpj)
    const { series, number } = nextDpsNumber(store, company.id)
    const dps = await signedDps(
      deps,
      dpsInputOf(store, request, company, series, number, now),
      company.id,
      now,
    )
    const outcome = await sefinClient(input.sefinUrl).issue(dps.xml)
    if (!outcome.ok) throw refusal(outcome.errors)
    const { accessKey, nfseXml } = outcome.value
    const read = await nfse.run({ kind: 'read-nfse', xml: nfseXml })
    if (!read.signature.valid || read.nfse.accessKey !== accessKey || read.nfse.dps.id !== dps.id)
      throw new HttpError(502, sefinClientMessages.unexpected)
    const pdf = await nfse.run({
      kind: 'danfse',
      xml: nfseXml,
      consultationUrl: config.nfseConsultationUrl + accessKey,
      cancellation: null,
    })
    const nfseNumber = Number(read.nfse.number)
    const xmlName = `nfse-${nfseNumber}-${accessKey}.xml`
    const pdfName = `danfse-${nfseNumber}-${accessKey}.pdf`
    const files = [
      await writeCompanyFile(config, company.id, xmlName, nfseXml),
      await writeCompanyFile(config, company.id, pdfName, pdf),
    ]
    const at = now.toISOString()
    try {
      return store.write(() => {
        // A fresh read inside the transaction: issued by nobody else meanwhile.
        const current = requestOf(store, request.id)
        const sequence = nextDpsNumber(store, company.id)
        if (!nfsIssuableStatuses.includes(current.status) || sequence.number !== number)
          throw conflict(issuanceMessages.moved)
        const xml = nfseDocumentOf(current, xmlName, `NFS-e nº ${nfseNumber} (XML)`, input.by, at)
        const danfse = nfseDocumentOf(
          current,
          pdfName,
          `DANFSe da NFS-e nº ${nfseNumber}`,
          input.by,
          at,
        )
        store.dpsSequences.put({ companyId: company.id, series, lastNumber: number })
        store.documents.insertMany([danfse, xml])
        const issued: NfsRequest = {
          ...current,
          status: 'issued',
          number: nfseNumber,
          issuedAt: at,
          accessKey,
          series,
          dpsNumber: number,
          issuedFiles: {
            pdf: { documentId: danfse.id, fileName: pdfName },
            xml: { documentId: xml.id, fileName: xmlName },
          },
          statusHistory: [
            ...current.statusHistory,
            { from: current.status, to: 'issued', at, by: input.by },
          ],
          updatedAt: at,
        }
        store.nfsRequests.update(issued)
        return issued
      })
    } catch (error) {
      await removeFiles(files)
      throw error
    }
  })
}

/** The NFS-e's XML of an issued request: its document's file, or the national system's copy. */
async function nfseXmlOf(deps: IssuanceDeps, request: NfsRequest, sefinUrl: string) {
  const fileName = request.issuedFiles?.xml?.fileName
  if (fileName) {
    const { file } = filePath(deps.config, request.companyId, fileName)
    if (existsSync(file)) return fs.readFile(file, 'utf8')
  }
  const xml = await sefinClient(sefinUrl).nfse(request.accessKey!)
  if (xml === null) throw conflict(issuanceMessages.nfseMissing)
  return xml
}

/**
 * Cancels a request's NFS-e (event e101101, with the national code and reason): the request
 * is cancelled, the event filed and the DANFSe drawn again stamped "CANCELADA". A refusal of the
 * national system changes nothing.
 */
export function cancelRequest(
  deps: IssuanceDeps,
  input: NfseCancel & { requestId: string; by: string; sefinUrl: string; now?: () => Date },
): Promise<NfsRequest> {
  const first = requestOf(deps.store, input.requestId)
  return inCompanyOrder(first.companyId, async () => {
    const { store, config, nfse } = deps
    const now = input.now?.() ?? new Date()
    const request = requestOf(store, input.requestId)
    if (request.status !== 'issued') throw conflict(issuanceMessages.notCancellable(request.status))
    if (!request.accessKey) throw conflict(issuanceMessages.manual)
    const accessKey = request.accessKey
    const pems = signingCertificate(deps, request.companyId, now)
    const signed = await nfse.run({
      kind: 'sign',
      schema: 'pedRegEvento',
      element: 'infPedReg',
      xml: buildCancellationRequest({
        accessKey,
        authorCnpj: request.cnpj,
        code: input.code,
        reason: input.reason,
        at: now,
      }),
      pems,
    })
    if ('problems' in signed) {
      const issues = schemaIssues(signed.problems, schemaFiles.pedRegEvento)
      throw badRequest(issues[0]?.message ?? issuanceMessages.schema, issues)
    }
    const nfseXml = await nfseXmlOf(deps, request, input.sefinUrl)
    const outcome = await sefinClient(input.sefinUrl).registerEvent(accessKey, signed.signed)
    if (!outcome.ok) throw refusal(outcome.errors)
    const at = now.toISOString()
    const codeLabel = nfseCancellationCodeLabels[input.code]
    const pdf = await nfse.run({
      kind: 'danfse',
      xml: nfseXml,
      consultationUrl: config.nfseConsultationUrl + accessKey,
      cancellation: { at, reason: input.reason, codeLabel },
    })
    const number = request.number
    const eventName = `nfse-${number}-${accessKey}-cancelamento.xml`
    const pdfName = `danfse-${number}-${accessKey}-cancelada.pdf`
    const files = [
      await writeCompanyFile(config, request.companyId, eventName, outcome.value),
      await writeCompanyFile(config, request.companyId, pdfName, pdf),
    ]
    const previousPdf = request.issuedFiles?.pdf
    try {
      const cancelled = store.write(() => {
        const current = requestOf(store, request.id)
        if (current.status !== 'issued') throw conflict(issuanceMessages.moved)
        const event = nfseDocumentOf(
          current,
          eventName,
          `Cancelamento da NFS-e nº ${number} (XML)`,
          input.by,
          at,
        )
        store.documents.insert(event)
        // The DANFSe document now holds the cancelled one.
        const danfse = previousPdf ? store.documents.get(previousPdf.documentId) : undefined
        const danfseId = danfse?.id ?? `doc-${randomUUID()}`
        const stamped = {
          ...(danfse ?? nfseDocumentOf(current, pdfName, '', input.by, at)),
          id: danfseId,
          name: `DANFSe da NFS-e nº ${number} (cancelada)`,
          fileName: pdfName,
          updatedAt: at,
        }
        if (danfse) store.documents.update(stamped)
        else store.documents.insert(stamped)
        const next: NfsRequest = {
          ...current,
          status: 'cancelled',
          cancelledAt: at,
          cancellationCode: input.code,
          cancellationReason: input.reason,
          issuedFiles: {
            pdf: { documentId: danfseId, fileName: pdfName },
            xml: current.issuedFiles?.xml ?? null,
          },
          statusHistory: [
            ...current.statusHistory,
            {
              from: 'issued',
              to: 'cancelled',
              at,
              by: input.by,
              reason: `${codeLabel}: ${input.reason}`,
            },
          ],
          updatedAt: at,
        }
        store.nfsRequests.update(next)
        return next
      })
      // The DANFSe before the cancellation is no one's document any more.
      if (previousPdf && previousPdf.fileName !== pdfName)
        await fs.rm(filePath(config, request.companyId, previousPdf.fileName).file, { force: true })
      return cancelled
    } catch (error) {
      await removeFiles(files)
      throw error
    }
  })
}

/**
 * The signed DPS of a request: as it was sent, for one issued through the national system (read
 * from its NFS-e); for an open one, the DPS it would be sent as now — with the company's next
 * number, nothing reserved.
 */
export async function dpsOf(
  deps: IssuanceDeps,
  input: { requestId: string; companyId?: string; sefinUrl: string },
): Promise<string> {
  const request = requestOf(deps.store, input.requestId, input.companyId)
  if (request.accessKey) {
    const nfseXml = await nfseXmlOf(deps, request, input.sefinUrl)
    const embedded = dpsElementOf(nfseXml)
    return XML_DECLARATION + embedded.slice(0, embedded.indexOf('</DPS>') + '</DPS>'.length)
  }
  if (!nfsIssuableStatuses.includes(request.status))
    throw conflict(issuanceMessages.noDps(request.status))
  const company = deps.store.companies.get(request.companyId)
  if (!company) throw notFound(issuanceMessages.notFound)
  const now = new Date()
  const { series, number } = nextDpsNumber(deps.store, company.id)
  const dps = await signedDps(
    deps,
    dpsInputOf(deps.store, request, company, series, number, now),
    company.id,
    now,
  )
  return dps.xml
}

/** The NFS-e XML of a request issued through the national system. */
export async function nfseOf(
  deps: IssuanceDeps,
  input: { requestId: string; companyId?: string; sefinUrl: string },
) {
  const request = requestOf(deps.store, input.requestId, input.companyId)
  if (!request.accessKey) throw conflict(issuanceMessages.notNational)
  return { request, xml: await nfseXmlOf(deps, request, input.sefinUrl) }
}

/** The DANFSe of a request issued through the national system: its file, or drawn again. */
export async function danfseOf(
  deps: IssuanceDeps,
  input: { requestId: string; companyId?: string; sefinUrl: string },
): Promise<{ request: NfsRequest; pdf: Uint8Array }> {
  const { request, xml } = await nfseOf(deps, input)
  const fileName = request.issuedFiles?.pdf.fileName
  if (fileName) {
    const { file } = filePath(deps.config, request.companyId, fileName)
    if (existsSync(file)) return { request, pdf: await fs.readFile(file) }
  }
  const pdf = await deps.nfse.run({
    kind: 'danfse',
    xml,
    consultationUrl: deps.config.nfseConsultationUrl + request.accessKey,
    cancellation:
      request.status === 'cancelled' && request.cancelledAt && request.cancellationCode
        ? {
            at: request.cancelledAt,
            reason: request.cancellationReason ?? '',
            codeLabel: nfseCancellationCodeLabels[request.cancellationCode],
          }
        : null,
  })
  return { request, pdf }
}
