import { randomUUID } from 'node:crypto'
import { existsSync, promises as fs } from 'node:fs'
import type { Company } from '../../../../src/schemas/company'
import type { CompanyDocument } from '../../../../src/schemas/document'
import {
  nfsRequestStatusLabels,
  type NfsRequest,
  type NfsSubstitute,
} from '../../../../src/schemas/invoice'
import {
  nfseCancellationCodeLabels,
  nfseSubstitutionCodeLabels,
  type NfseCancel,
} from '../../../../src/schemas/nfse'
import { monthInBrazil } from '../../../../src/kernel/dates'
import {
  annexOfActivity,
  FATOR_R_THRESHOLD,
  simplesRateFor,
} from '../../../../src/kernel/tax/facts'
import type { ServerConfig } from '../../../config'
import { filePath } from '../../../store/files'
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  outsideServiceFailed,
  type Issue,
} from '../../errors'
import { calculate } from '../../simples/calculate'
import { factsOf } from '../../simples/facts'
import { basisOf, storeSources } from '../../simples/sources'
import type { Store } from '../../../store/database'
import { dpsElementOf, type CancellationInput } from '../../../formats/nfse/documents'
import { buildDps, type DpsInput, type DpsRequest } from './dps'
import {
  dpsServiceRefusals,
  dpsTaxes,
  NFSE_CHANGE_DEADLINE_DAYS,
  nfseChangeDeadline,
  substitutionPastDeadline,
} from '../dps-rules'
import { issShareRate } from '../../../../src/kernel/tax/month'
import type { NfseEngine } from './engine'
import type { DanfseJob } from './jobs'
import { ibgeCodeOf } from '../../../formats/nfse/places'
import type { CertificateRecord, DpsReservation } from '../../../store/nfse-records'
import { schemaIssues } from '../../../formats/nfse/schema-messages'
import { SefinUnknownOutcome, unreachable, type NationalError } from './sefin-client'
import type { SefinGateway } from '../sefin-gateway'
import {
  analysisPending,
  cancellationUnsettled,
  nfsIssuableStatuses,
  nfsRequestNext,
} from '../../../../src/machines/nfs-request'
import { unseal } from '../../../vault'
import { vaultKeyOf } from '../../../vault-key'
import { XML_DECLARATION } from '../../../formats/nfse/xml'
import { schemaFiles, type SchemaProblem } from '../../../formats/nfse/xsd'
import { newNfsRequest, serviceOf } from '../requests'
import type { CertificatePems } from '../../../formats/nfse/certificates'

// Issuing and cancelling a request's NFS-e through the national system (Sefin Nacional): the DPS
// built from the request, validated against the official schema and signed with the company's
// A1 certificate in the NFS-e worker, sent, and — only once the national system answered the
// NFS-e — the request issued, its DPS number counted and its XML and DANFSe filed as the
// company's `nota-fiscal` documents, in one transaction. A refusal changes nothing.
// `issueRequest` (here) and `cancelRequest` (nfse/cancellation.ts) are each the one function of
// their change (what reacts to an issued or cancelled invoice is called after them).

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
  notSubstitutable:
    'Só é possível substituir uma NFS-e emitida pelo Sistema Nacional que ainda não foi cancelada nem substituída.',
  cancellationPastDeadline: (deadline: string) =>
    `O prazo para cancelar esta NFS-e terminou em ${deadline} (${NFSE_CHANGE_DEADLINE_DAYS} dias da emissão; Anexo II, E0822): depois dele, o cancelamento só pode ser pedido ao município como análise fiscal (evento e101103). Nada foi enviado à Receita.`,
  substitutionPastDeadline: (deadline: string) =>
    `O prazo para substituir esta NFS-e terminou em ${deadline} (${NFSE_CHANGE_DEADLINE_DAYS} dias da emissão; Anexo I, E0050): depois dele, só se substitui por desenquadramento ou enquadramento no Simples Nacional (motivos 01 e 02). Nada foi enviado à Receita.`,
  substitutionOpen: (id: string) =>
    `Esta NFS-e já tem uma substituta em andamento (solicitação ${id}): emita-a ou rejeite-a antes.`,
  cancellationUnsettled:
    'O cancelamento desta NFS-e já foi enviado à Receita e aguarda a confirmação: conferimos em instantes e a situação aparece aqui. Nada foi enviado de novo.',
  analysisPending:
    'Esta NFS-e tem uma análise fiscal para cancelamento aguardando o município (Anexo I, E0068): ela não pode ser substituída nem cancelada até a resposta. Nada foi enviado à Receita.',
  awaiting: (number: number) =>
    `A Receita ainda não confirmou a emissão (DPS nº ${number}); conferimos em instantes e a nota aparece aqui assim que ela responder. Nada será emitido duas vezes.`,
  unverified:
    'A Sefin Nacional respondeu uma NFS-e que não confere (assinatura, assinante ou dados da DPS): nada foi registrado; conferimos de novo em instantes.',
} as const

/**
 * What issuing needs besides the request: the store, the configuration, the NFS-e worker, the
 * national API (domain/invoices/sefin-gateway.ts).
 */
export type IssuanceDeps = {
  store: Store
  config: ServerConfig
  nfse: NfseEngine
  sefin: SefinGateway
}

const brDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso))
/** The last day an NFS-e issued at `issuedAt` may be cancelled or substituted, for people. */
export const deadlineOf = (issuedAt: string) => brDate(nfseChangeDeadline(issuedAt).toISOString())

// A cancellation analysis waiting, a cancellation unsettled: the statechart's helpers
// (src/machines/nfs-request.ts), so the back office's buttons and these refusals are one rule.
export { analysisPending, cancellationUnsettled }

/** Issuances and cancellations of one company, one after another (its DPS numbers in order). */
const companyQueues = new Map<string, Promise<unknown>>()
export function inCompanyOrder<T>(companyId: string, work: () => Promise<T>): Promise<T> {
  const previous = companyQueues.get(companyId) ?? Promise.resolve()
  const next = previous.then(work, work)
  const settled = next.catch(() => undefined)
  companyQueues.set(companyId, settled)
  void settled.then(() => {
    if (companyQueues.get(companyId) === settled) companyQueues.delete(companyId)
  })
  return next
}

/**
 * A command on one request, in its company's order: the request found (404 otherwise), its turn
 * awaited, then read again (it may have moved while waiting) with the clock read once.
 */
export function inRequestOrder<T>(
  store: Store,
  input: { requestId: string; now?: () => Date },
  work: (request: NfsRequest, now: Date) => Promise<T>,
): Promise<T> {
  const first = requestOf(store, input.requestId)
  return inCompanyOrder(first.companyId, () =>
    work(requestOf(store, input.requestId), input.now?.() ?? new Date()),
  )
}

export function requestOf(store: Store, requestId: string, companyId?: string): NfsRequest {
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
    privateKeyPem: unseal(vaultKeyOf(deps.config), record.privateKey),
  }
}

/** What a ME/EPP's DPS declares of its Simples month (domain/invoices/dps-rules.ts). */
export type SimplesMonthRates = {
  /** `pTotTribSN`: the effective rate of its annex at its RBT12, %. */
  rate: number | null
  /** `pAliq`: the ISS share of that rate, %. */
  issShare: number | null
  /** RBT12 above the ISS sublimit. */
  aboveSublimit: boolean
}

const NO_RATES: SimplesMonthRates = { rate: null, issShare: null, aboveSublimit: false }

/**
 * The approximate Simples Nacional rate (%) a ME/EPP declares (`pTotTribSN`), the ISS share of it
 * (`pAliq`) and whether it is above the sublimit: from the month's own calculation (LC 123/2006,
 * art. 18), half up to the hundredth of a percent; nulls when they cannot be told.
 */
export function simplesRatesOf(
  store: Store,
  company: Company,
  now: Date = new Date(),
): SimplesMonthRates {
  // The rate rests on the 12 months before this one (LC 123/2006, art. 18, § 1º): this month's
  // invoices do not change it. Kept a few minutes, so that a month's issuances do not each read a
  // year of the company's bank transactions.
  const key = `${company.id}:${monthInBrazil(now)}:${company.size}:${company.activities.join(',')}`
  const cache = rateCaches.get(store) ?? new Map<string, { rates: SimplesMonthRates; at: number }>()
  rateCaches.set(store, cache)
  const known = cache.get(key)
  if (known && now.getTime() - known.at < RATE_TTL_MS) return known.rates
  const rates = effectiveSimplesRates(store, company, now)
  cache.set(key, { rates, at: now.getTime() })
  return rates
}

/** The approximate rate alone (the month screens' and the bench's). */
export const simplesRateOf = (store: Store, company: Company, now?: Date) =>
  simplesRatesOf(store, company, now).rate

const RATE_TTL_MS = 10 * 60_000
const rateCaches = new WeakMap<Store, Map<string, { rates: SimplesMonthRates; at: number }>>()

function effectiveSimplesRates(store: Store, company: Company, now: Date): SimplesMonthRates {
  const facts = factsOf(store, company)
  const main = facts?.activities[0]
  if (!facts || facts.regime !== 'simples' || !main) return NO_RATES
  // The month's own calculation (RBT12 and fator R as the PGDAS-D takes them), so that the rate
  // an invoice declares agrees with the month the accountant closes.
  let calculation
  try {
    const period = monthInBrazil(now)
    calculation = calculate(facts, period, basisOf(storeSources(store), facts, period))
  } catch (error) {
    if (error instanceof RangeError) return NO_RATES
    throw error
  }
  const aboveSublimit = calculation.sublimitExceeded === true
  const placed = annexOfActivity(main, (calculation.fatorR ?? 0) >= FATOR_R_THRESHOLD)
  if (placed.kind !== 'annex') return { ...NO_RATES, aboveSublimit }
  const rate = simplesRateFor(calculation.rbt12, placed.annex)
  if (!rate) return { ...NO_RATES, aboveSublimit }
  const { numerator, denominator } = rate.exact
  // Hundredths of a percent, half up: numerator / denominator × 10,000.
  const scaled = (numerator * 10_000n * 2n + denominator) / (denominator * 2n)
  return {
    rate: Number(scaled) / 100,
    issShare: issShareRate(placed.annex, calculation.rbt12),
    aboveSublimit,
  }
}

/**
 * The provider's part of a request's DPS — its municipality, its regime, its Simples rate, the
 * ISS rate when withheld — with the rules the Sefin checks met, or a 400 naming each rule with
 * its Anexo I code (domain/invoices/dps-rules.ts).
 */
export function dpsProviderOf(
  store: Store,
  company: Company,
  request?: DpsRequest,
): DpsInput['provider'] {
  const municipalityCode = ibgeCodeOf(company.address)
  if (!municipalityCode) throw conflict(issuanceMessages.noMunicipality)
  const simples =
    company.size === 'ME' || company.size === 'EPP' ? simplesRatesOf(store, company) : NO_RATES
  const facts = request ?? { issWithheld: false, issTaxation: 'taxable' as const, taker: null }
  const decided = dpsTaxes(
    {
      size: company.size,
      simplesRate: simples.rate,
      issShareRate: simples.issShare,
      aboveSublimit: simples.aboveSublimit,
    },
    facts,
  )
  const refusals = [
    ...(decided.ok ? [] : decided.refusals),
    ...dpsServiceRefusals(facts, facts.taker ? ibgeCodeOf(facts.taker.address) : null),
  ]
  if (!decided.ok || refusals.length > 0) {
    const issues = refusals.map((refusal) => ({
      path: refusal.path,
      message: `${refusal.message} (Anexo I, ${refusal.code})`,
    }))
    throw invalid(`A DPS seria recusada pela Sefin Nacional: ${issues[0]!.message}`, issues)
  }
  const { taxes } = decided
  return {
    municipalityCode,
    regime: { opSimpNac: taxes.opSimpNac, regApTribSN: taxes.regApTribSN },
    simplesRate: taxes.simplesRate,
    issRate: taxes.issRate,
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
  provider: DpsInput['provider'] = dpsProviderOf(store, company, request),
): DpsInput {
  return {
    request,
    provider,
    takerMunicipalityCode: request.taker ? ibgeCodeOf(request.taker.address) : null,
    substitution: substitutionOf(store, request),
    series,
    number,
    issuedAt,
  }
}

/** `subst` of a request that replaces an issued one: the replaced NFS-e's key, code and reason. */
function substitutionOf(store: Store, request: NfsRequest): DpsInput['substitution'] {
  if (!request.substitutes) return null
  const replaced = store.nfsRequests.get(request.substitutes)
  if (!replaced?.accessKey || !request.substitutionCode || !request.substitutionReason)
    throw conflict(issuanceMessages.notSubstitutable)
  return {
    accessKey: replaced.accessKey,
    code: request.substitutionCode,
    reason: request.substitutionReason,
  }
}

/** The company's DPS numbering: its série and the next number (nothing reserved). */
export function nextDpsNumber(store: Store, companyId: string) {
  const sequence = store.dpsSequences.get(companyId)
  return { series: sequence?.series ?? '1', number: (sequence?.lastNumber ?? 0) + 1 }
}

const schemaRefusal = (problems: SchemaProblem[]) => {
  const issues = schemaIssues(problems, schemaFiles.DPS)
  return invalid(`${issuanceMessages.schema} ${issues[0]?.message ?? ''}`.trim(), issues)
}

/** Validates a DPS against the official schema (400 naming each field). */
export async function validatedDps(deps: Pick<IssuanceDeps, 'nfse'>, input: DpsInput) {
  const dps = buildDps(input)
  const problems = await deps.nfse.run({ kind: 'validate', schema: 'DPS', xml: dps.xml })
  if (problems.length > 0) throw schemaRefusal(problems)
  return dps
}

/** Builds, validates against the official schema and signs a DPS (400 naming each field). */
export async function signedDps(
  deps: Pick<IssuanceDeps, 'nfse'>,
  input: DpsInput,
  pems: CertificatePems,
) {
  const dps = buildDps(input)
  const result = await deps.nfse.run({
    kind: 'sign',
    schema: 'DPS',
    element: 'infDPS',
    xml: dps.xml,
    pems,
  })
  if ('problems' in result) throw schemaRefusal(result.problems)
  return { id: dps.id, xml: result.signed }
}

/** A refusal of the national system as the API answers it: 409, each error an issue. */
export function refusal(errors: NationalError[]) {
  const issues: Issue[] = errors.map((error) => ({
    path: ['sefin', error.code],
    message: error.complement ? `${error.description} ${error.complement}` : error.description,
  }))
  return conflict(issuanceMessages.refused(errors), issues)
}

/** Writes a file of the company durably, never over another (its name is the NFS-e's own). */
export async function writeCompanyFile(
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

export const removeFiles = (files: string[]) =>
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

/** The reservations this server is sending right now (another's are judged by their age). */
const sending = new WeakMap<Store, Set<string>>()
const inFlightOf = (store: Store) => {
  let set = sending.get(store)
  if (!set) sending.set(store, (set = new Set()))
  return set
}

/**
 * How long after it was sent a reservation (or a cancellation, nfse/cancellation.ts) nobody is
 * sending any more may be asked about.
 */
export const staleAfter = (config: ServerConfig) => config.sefinTimeoutMs + 5_000

/**
 * Whether the background check may ask the Sefin about something recorded before it was sent (a
 * DPS reservation, a cancellation, a cancellation analysis): at once when its sender recorded
 * that the answer was lost or did not verify (`unconfirmed`); a `sending` one only once no
 * process can still be waiting for its answer — asked earlier, the Sefin may not have it yet and
 * the record would be freed while another process's POST registers it.
 */
export const askableNow = (
  config: ServerConfig,
  { status, sentAt }: { status: string; sentAt: string },
  now: Date,
) => status === 'unconfirmed' || now.getTime() - Date.parse(sentAt) > staleAfter(config)

/** The DPS number a company's next DPS gets: a freed one first, else the one after its last. */
function reserveNumber(store: Store, companyId: string) {
  const sequence = store.dpsSequences.get(companyId)
  const series = sequence?.series ?? '1'
  const lastNumber = sequence?.lastNumber ?? 0
  const freed = store.dpsReservations
    .find({ where: { companyId, status: 'released' }, order: 'number ASC' })
    .find(
      (released) =>
        released.series === series &&
        !store.dpsReservations.exists({
          companyId,
          number: released.number,
          status: ['sending', 'unconfirmed', 'issued'],
        }),
    )
  if (freed) return { series, number: freed.number, reuses: freed.dpsId }
  store.dpsSequences.put({ companyId, series, lastNumber: lastNumber + 1 })
  return { series, number: lastNumber + 1, reuses: null }
}

/** A status change of a request through the statechart (its history kept). */
function moved(
  request: NfsRequest,
  event: 'send' | 'confirm' | 'release',
  at: string,
  by: string,
  reason?: string,
): NfsRequest {
  const before = request.statusHistory.findLast((change) => change.to === 'awaiting')?.from
  const to = nfsRequestNext(request.status, event, before ?? undefined)
  if (!to || to === 'deleted') throw conflict(issuanceMessages.moved)
  return {
    ...request,
    status: to,
    statusHistory: [
      ...request.statusHistory,
      { from: request.status, to, at, by, ...(reason ? { reason } : {}) },
    ],
    updatedAt: at,
  }
}

/**
 * Records the NFS-e a reservation became: verified (the Sefin's signature, its signer against
 * the trusted roots, and against the DPS: key, CNPJ, number, value), filed as the company's
 * `nota-fiscal` documents, the request issued and the reservation closed, in one transaction.
 */
async function recordNfse(
  deps: IssuanceDeps,
  reservation: DpsReservation,
  found: { accessKey: string; nfseXml: string },
  by: string,
  now: Date,
): Promise<NfsRequest> {
  const { store, config, nfse } = deps
  const { accessKey, nfseXml } = found
  const read = await nfse.run({ kind: 'read-nfse', xml: nfseXml, trust: deps.sefin.trust() })
  const company = store.companies.get(reservation.companyId)
  const matches =
    read.signature.valid &&
    read.trust.trusted &&
    read.nfse.accessKey === accessKey &&
    read.nfse.dps.id === reservation.dpsId &&
    read.nfse.dps.providerCnpj === company?.cnpj &&
    read.nfse.dps.number === String(reservation.number)
  if (!matches) throw new SefinUnknownOutcome(issuanceMessages.unverified)
  const pdf = await nfse.run({
    kind: 'danfse',
    xml: nfseXml,
    consultationUrl: config.nfseConsultationUrl + accessKey,
    cancellation: null,
    substituted: false,
  })
  const nfseNumber = Number(read.nfse.number)
  const xmlName = `nfse-${nfseNumber}-${accessKey}.xml`
  const pdfName = `danfse-${nfseNumber}-${accessKey}.pdf`
  const files = [
    await writeCompanyFile(config, reservation.companyId, xmlName, nfseXml),
    await writeCompanyFile(config, reservation.companyId, pdfName, pdf),
  ]
  const replacedPdf = await substitutedDanfse(deps, store.nfsRequests.get(reservation.requestId))
  if (replacedPdf) files.push(replacedPdf.file)
  const at = now.toISOString()
  try {
    const recorded = store.write(() => {
      // Fresh reads inside the transaction: another process may have recorded it meanwhile.
      const current = store.dpsReservations.get(reservation.dpsId)
      const request = store.nfsRequests.get(reservation.requestId)
      if (current?.status === 'issued' && request?.accessKey === accessKey) return request
      if (!current || current.status === 'released' || !request || request.status !== 'awaiting')
        throw conflict(issuanceMessages.moved)
      const xml = nfseDocumentOf(request, xmlName, `NFS-e nº ${nfseNumber} (XML)`, by, at)
      const danfse = nfseDocumentOf(request, pdfName, `DANFSe da NFS-e nº ${nfseNumber}`, by, at)
      store.documents.insertMany([danfse, xml])
      store.dpsReservations.update({ ...current, status: 'issued', resolvedAt: at, accessKey })
      const issued: NfsRequest = {
        ...moved(request, 'confirm', at, by),
        number: nfseNumber,
        issuedAt: at,
        accessKey,
        series: current.series,
        dpsNumber: current.number,
        issuedFiles: {
          pdf: { documentId: danfse.id, fileName: pdfName },
          xml: { documentId: xml.id, fileName: xmlName },
        },
      }
      store.nfsRequests.update(issued)
      if (issued.substitutes) {
        // The NFS-e it replaces is cancelled by the substitution (the Sefin's own doing).
        const replaced = store.nfsRequests.get(issued.substitutes)
        if (replaced && nfsRequestNext(replaced.status, 'substitute') === 'substituted')
          store.nfsRequests.update({
            ...replaced,
            status: 'substituted',
            substitutedBy: issued.id,
            ...(replacedPdf && replacedPdf.requestId === replaced.id
              ? {
                  issuedFiles: {
                    pdf: restampDanfse(
                      store,
                      replaced,
                      replacedPdf.fileName,
                      `DANFSe da NFS-e nº ${replaced.number} (substituída)`,
                      by,
                      at,
                    ),
                    xml: replaced.issuedFiles?.xml ?? null,
                  },
                }
              : {}),
            statusHistory: [
              ...replaced.statusHistory,
              {
                from: 'issued',
                to: 'substituted',
                at,
                by,
                reason: `Substituída pela NFS-e nº ${nfseNumber}: ${issued.substitutionReason ?? ''}`,
              },
            ],
            updatedAt: at,
          })
      }
      return issued
    })
    // The replaced one's DANFSe before the mark is no one's document any more.
    const replaced = recorded.substitutes ? store.nfsRequests.get(recorded.substitutes) : undefined
    if (replacedPdf && replaced?.issuedFiles?.pdf.fileName === replacedPdf.fileName) {
      if (replacedPdf.previous && replacedPdf.previous !== replacedPdf.fileName)
        await fs.rm(filePath(config, replaced.companyId, replacedPdf.previous).file, {
          force: true,
        })
    } else if (replacedPdf) await removeFiles([replacedPdf.file])
    return recorded
  } catch (error) {
    await removeFiles(files)
    throw error
  }
}

/**
 * The DANFSe of the NFS-e a substitute replaces, drawn with NT 008's "SUBSTITUÍDA" mark (item
 * 2.5.2) and written beside it before the substitute is recorded. Null when there is none to
 * mark, or it cannot be drawn now (its XML unreadable): then `danfseOf` draws it when asked.
 */
async function substitutedDanfse(deps: IssuanceDeps, request: NfsRequest | undefined) {
  const replaced = request?.substitutes
    ? deps.store.nfsRequests.get(request.substitutes)
    : undefined
  if (!replaced?.accessKey || replaced.status !== 'issued') return null
  try {
    const xml = await nfseXmlOf(deps, replaced)
    const pdf = await deps.nfse.run(
      danfseJobOf(deps.config, { ...replaced, status: 'substituted' }, xml),
    )
    const fileName = `danfse-${replaced.number}-${replaced.accessKey}${MARKED_SUFFIX.substituted}`
    return {
      requestId: replaced.id,
      fileName,
      previous: replaced.issuedFiles?.pdf.fileName ?? null,
      file: await writeCompanyFile(deps.config, replaced.companyId, fileName, pdf),
    }
  } catch {
    return null
  }
}

/** The file name ending of a DANFSe drawn with NT 008's mark (items 2.5.1 and 2.5.2). */
export const MARKED_SUFFIX = {
  cancelled: '-cancelada.pdf',
  substituted: '-substituida.pdf',
} as const

/** The DANFSe job of an issued request as its status has it: cancelled, substituted or plain. */
export function danfseJobOf(config: ServerConfig, request: NfsRequest, xml: string): DanfseJob {
  return {
    kind: 'danfse',
    xml,
    consultationUrl: config.nfseConsultationUrl + request.accessKey,
    cancellation:
      request.status === 'cancelled' && request.cancelledAt && request.cancellationCode
        ? {
            at: request.cancelledAt,
            reason: request.cancellationReason ?? '',
            codeLabel: nfseCancellationCodeLabels[request.cancellationCode],
          }
        : null,
    substituted: request.status === 'substituted',
  }
}

/**
 * Inside a write: the request's DANFSe document made to hold a redrawn file (the marked one),
 * or a new document when it had none. Returns the request's new `issuedFiles.pdf`.
 */
export function restampDanfse(
  store: Store,
  request: NfsRequest,
  fileName: string,
  name: string,
  by: string,
  at: string,
) {
  const previous = request.issuedFiles?.pdf
  const danfse = previous ? store.documents.get(previous.documentId) : undefined
  const documentId = danfse?.id ?? `doc-${randomUUID()}`
  const stamped = {
    ...(danfse ?? nfseDocumentOf(request, fileName, '', by, at)),
    id: documentId,
    name,
    fileName,
    updatedAt: at,
  }
  if (danfse) store.documents.update(stamped)
  else store.documents.insert(stamped)
  return { documentId, fileName }
}

/** Frees a reservation's number (the Sefin has no NFS-e of it): the request back where it was. */
function release(
  deps: IssuanceDeps,
  reservation: DpsReservation,
  by: string,
  now: Date,
  reason: string,
) {
  const at = now.toISOString()
  return deps.store.write(() => {
    const current = deps.store.dpsReservations.get(reservation.dpsId)
    if (!current || current.status === 'issued' || current.status === 'released') return null
    deps.store.dpsReservations.update({ ...current, status: 'released', resolvedAt: at })
    const request = deps.store.nfsRequests.get(current.requestId)
    if (!request || request.status !== 'awaiting') return null
    const back = moved(request, 'release', at, by, reason)
    deps.store.nfsRequests.update(back)
    return back
  })
}

/**
 * Asks the Sefin what became of a reservation whose answer was lost (`GET /dps/{id}`) and
 * records it: its NFS-e, or the number freed when the Sefin has none. Null when it still cannot
 * tell (the Sefin unreachable, or its NFS-e not verifiable).
 */
export async function resolveReservation(
  deps: IssuanceDeps,
  reservation: DpsReservation,
  by = 'sefin-recovery',
  now: Date = new Date(),
): Promise<NfsRequest | null> {
  if (inFlightOf(deps.store).has(reservation.dpsId)) return null
  const pems = signingPems(deps, reservation.companyId)
  if (!pems) return null
  try {
    const client = await deps.sefin.clientFor(pems)
    const accessKey = await client.nfseKeyOfDps(reservation.dpsId)
    if (accessKey === null)
      return release(
        deps,
        reservation,
        by,
        now,
        'A Receita não gerou NFS-e desta DPS: número liberado.',
      )
    const nfseXml = await client.nfse(accessKey)
    if (nfseXml === null) return null
    return await recordNfse(deps, reservation, { accessKey, nfseXml }, by, now)
  } catch (error) {
    if (error instanceof SefinUnknownOutcome) return null
    if (error instanceof DomainError && error.kind === 'conflict') return null
    throw error
  }
}

/** The company's key to ask the Sefin with (any it has: a lost answer is asked about even after it expired). */
export function signingPems(deps: IssuanceDeps, companyId: string) {
  const record = deps.store.certificates.get(companyId)
  if (!record) return null
  return {
    certificatePem: record.certificatePem,
    privateKeyPem: unseal(vaultKeyOf(deps.config), record.privateKey),
  }
}

/** Reservations awaiting an answer that may be asked about now. */
export function reservationsToCheck(deps: IssuanceDeps, now: Date = new Date()) {
  return deps.store.dpsReservations
    .find({ where: { status: ['sending', 'unconfirmed'] } })
    .filter(
      (reservation) =>
        !inFlightOf(deps.store).has(reservation.dpsId) && askableNow(deps.config, reservation, now),
    )
}

/** The background check: every reservation whose answer was lost, asked about and recorded. */
export async function recoverReservations(deps: IssuanceDeps): Promise<NfsRequest[]> {
  const resolved: NfsRequest[] = []
  for (const reservation of reservationsToCheck(deps)) {
    const request = await inCompanyOrder(reservation.companyId, () =>
      resolveReservation(deps, reservation),
    )
    if (request) resolved.push(request)
  }
  return resolved
}

/** Who asks again soon when a request is left waiting (domain/invoices/recovery.ts), per store. */
const rechecks = new WeakMap<Store, () => void>()
export const whenLeftWaiting = (store: Store, recheck: () => void) => rechecks.set(store, recheck)
/** Asks the background check to run soon (something was left for it to settle). */
export const recheckSoon = (store: Store) => rechecks.get(store)?.()

/**
 * A 502 for something sent whose answer the Sefin has not confirmed (an issuance, a cancellation,
 * an analysis): its issue `sefin.awaiting` tells the screens it waits rather than failed.
 */
export const awaitingConfirmation = (message: string) =>
  outsideServiceFailed(message, [{ path: ['sefin', 'awaiting'], message }])

/** The answer to "Emitir" while the Sefin has not confirmed: the request waits (502, pt-BR). */
const awaiting = (number: number) => awaitingConfirmation(issuanceMessages.awaiting(number))

/**
 * Issues a request's NFS-e through the national system (from pending or processing): build →
 * validate → reserve the DPS number (recorded, the request "awaiting") → sign → send. On the
 * NFS-e, it is recorded (recordNfse); on a refusal, the number is freed and nothing else
 * changes; when no answer says what happened, the request waits and the Sefin is asked
 * (`GET /dps/{id}`) before anything else — by the background check, or at the next "Emitir".
 */
export function issueRequest(
  deps: IssuanceDeps,
  input: { requestId: string; by: string; now?: () => Date },
): Promise<NfsRequest> {
  return inRequestOrder(deps.store, input, async (found, now) => {
    const { store } = deps
    let request = found
    // A DPS of this request already sent: what became of it first.
    const open = store.dpsReservations.first({
      where: { requestId: request.id, status: ['sending', 'unconfirmed'] },
    })
    if (open) {
      const resolved = await resolveReservation(deps, open, input.by, now)
      if (resolved?.status === 'issued') return resolved
      if (!resolved) throw awaiting(open.number)
      request = requestOf(store, input.requestId)
    }
    if (request.status === 'issued') throw conflict(issuanceMessages.alreadyIssued(request.number))
    if (!nfsIssuableStatuses.includes(request.status))
      throw conflict(issuanceMessages.notIssuable(request.status))
    const company = store.companies.get(request.companyId)
    if (!company) throw notFound(issuanceMessages.notFound)
    if (company.status === 'disabled') throw conflict(issuanceMessages.disabled)
    if (company.cnpj !== request.cnpj) throw conflict(issuanceMessages.otherCnpj)
    const pems = signingCertificate(deps, company.id, now)
    const provider = dpsProviderOf(store, company, request)
    // Checked before a number is reserved: a DPS the schema refuses is never numbered.
    await validatedDps(deps, dpsInputOf(store, request, company, '1', 1, now, provider))
    const at = now.toISOString()
    const reservation = store.write(() => {
      // A fresh read: deleted, issued or sent by someone else meanwhile.
      const current = requestOf(store, request.id)
      if (!nfsIssuableStatuses.includes(current.status)) throw conflict(issuanceMessages.moved)
      const { series, number, reuses } = reserveNumber(store, company.id)
      const dpsIdOf = buildDps(
        dpsInputOf(store, current, company, series, number, now, provider),
      ).id
      const record: DpsReservation = {
        dpsId: dpsIdOf,
        companyId: company.id,
        requestId: current.id,
        series,
        number,
        status: 'sending',
        sentAt: at,
        resolvedAt: null,
        accessKey: null,
      }
      if (reuses) store.dpsReservations.remove(reuses)
      store.dpsReservations.insert(record)
      store.nfsRequests.update(moved(current, 'send', at, input.by))
      return record
    })
    inFlightOf(store).add(reservation.dpsId)
    let sent = false
    try {
      const dps = await signedDps(
        deps,
        dpsInputOf(store, request, company, reservation.series, reservation.number, now, provider),
        pems,
      ).catch((error: unknown) => {
        release(deps, reservation, input.by, now, 'A DPS não pôde ser assinada.')
        throw error
      })
      const client = await deps.sefin.clientFor(pems)
      sent = true
      const outcome = await client.issue(dps.xml)
      if (!outcome.ok) {
        release(deps, reservation, input.by, now, issuanceMessages.refused(outcome.errors))
        throw refusal(outcome.errors)
      }
      return await recordNfse(deps, reservation, outcome.value, input.by, now)
    } catch (error) {
      if (!(error instanceof SefinUnknownOutcome)) throw error
      if (!sent) {
        release(deps, reservation, input.by, now, 'A Sefin Nacional não foi alcançada.')
        throw outsideServiceFailed(error.message)
      }
      // Sent, and no answer says what became of it: the request waits, the Sefin is asked.
      store.write(() => {
        const current = store.dpsReservations.get(reservation.dpsId)
        if (current?.status === 'sending')
          store.dpsReservations.update({ ...current, status: 'unconfirmed' })
      })
      console.warn(
        `[nfse] DPS ${reservation.dpsId} sem resposta da Sefin (${error.why}): aguardando confirmação.`,
      )
      recheckSoon(store)
      throw awaiting(reservation.number)
    } finally {
      inFlightOf(store).delete(reservation.dpsId)
    }
  })
}

/** The NFS-e's XML of an issued request: its document's file, or the national system's copy. */
export async function nfseXmlOf(deps: IssuanceDeps, request: NfsRequest) {
  const fileName = request.issuedFiles?.xml?.fileName
  if (fileName) {
    const { file } = filePath(deps.config, request.companyId, fileName)
    if (existsSync(file)) return fs.readFile(file, 'utf8')
  }
  const pems = signingPems(deps, request.companyId)
  if (!pems) throw conflict(issuanceMessages.noCertificate)
  const xml = await (await deps.sefin.clientFor(pems)).nfse(request.accessKey!).catch(unreachable)
  if (xml === null) throw conflict(issuanceMessages.nfseMissing)
  return xml
}

/**
 * An event request the company signs (infPedReg), validated against pedRegEvento_v1.01.xsd
 * before anything is sent: 400 naming the field otherwise.
 */
export async function signedEventRequest(
  deps: Pick<IssuanceDeps, 'nfse'>,
  xml: string,
  pems: CertificatePems,
) {
  const signed = await deps.nfse.run({
    kind: 'sign',
    schema: 'pedRegEvento',
    element: 'infPedReg',
    xml,
    pems,
  })
  if ('problems' in signed) {
    const issues = schemaIssues(signed.problems, schemaFiles.pedRegEvento)
    throw invalid(issues[0]?.message ?? issuanceMessages.schema, issues)
  }
  return signed
}

/**
 * A company's request to cancel its issued NFS-e (e101101) or to have the cancellation analysed
 * (e101103, `build` says which), with the national code and reason: signed with its certificate,
 * valid now, and validated before anything is sent. The certificate is the one to send it with.
 */
export async function signedCancellationRequest(
  deps: IssuanceDeps,
  request: NfsRequest & { accessKey: string },
  input: NfseCancel,
  now: Date,
  build: (input: CancellationInput) => string,
) {
  const pems = signingCertificate(deps, request.companyId, now)
  const { code, reason } = input
  const xml = build({
    accessKey: request.accessKey,
    authorCnpj: request.cnpj,
    code,
    reason,
    at: now,
  })
  return { pems, signed: await signedEventRequest(deps, xml, pems) }
}

/**
 * The DPS of a request: as it was sent, for one issued through the national system (read from
 * its NFS-e); for an open one, a preview — unsigned and without a number (nDPS 0, never a DPS
 * anyone could send: a DPS is numbered and signed only to be sent).
 */
export async function dpsOf(
  deps: IssuanceDeps,
  input: { requestId: string; companyId?: string },
): Promise<string> {
  const request = requestOf(deps.store, input.requestId, input.companyId)
  if (request.accessKey) {
    const nfseXml = await nfseXmlOf(deps, request)
    const embedded = dpsElementOf(nfseXml)
    return XML_DECLARATION + embedded.slice(0, embedded.indexOf('</DPS>') + '</DPS>'.length)
  }
  if (!nfsIssuableStatuses.includes(request.status) && request.status !== 'awaiting')
    throw conflict(issuanceMessages.noDps(request.status))
  const company = deps.store.companies.get(request.companyId)
  if (!company) throw notFound(issuanceMessages.notFound)
  const dps = buildDps(dpsInputOf(deps.store, request, company, '1', 0, new Date()))
  return dps.xml.replace(XML_DECLARATION, `${XML_DECLARATION}${PREVIEW_NOTE}`)
}

/** What a preview says of itself. */
export const PREVIEW_NOTE =
  '<!-- Prévia da DPS: sem assinatura e sem número (nDPS 0). A DPS recebe o número e a assinatura só ao ser enviada à Sefin Nacional. -->'

/** The NFS-e XML of a request issued through the national system. */
export async function nfseOf(deps: IssuanceDeps, input: { requestId: string; companyId?: string }) {
  const request = requestOf(deps.store, input.requestId, input.companyId)
  if (!request.accessKey) throw conflict(issuanceMessages.notNational)
  return { request, xml: await nfseXmlOf(deps, request) }
}

/** The DANFSe of a request issued through the national system: its file, or drawn again. */
export async function danfseOf(
  deps: IssuanceDeps,
  input: { requestId: string; companyId?: string },
): Promise<{ request: NfsRequest; pdf: Uint8Array }> {
  const { request, xml } = await nfseOf(deps, input)
  const fileName = request.issuedFiles?.pdf.fileName
  // A substituted one's stored DANFSe is served only once it carries the mark.
  const current =
    fileName && (request.status !== 'substituted' || fileName.endsWith(MARKED_SUFFIX.substituted))
  if (current) {
    const { file } = filePath(deps.config, request.companyId, fileName)
    if (existsSync(file)) return { request, pdf: await fs.readFile(file) }
  }
  const pdf = await deps.nfse.run(danfseJobOf(deps.config, request, xml))
  return { request, pdf }
}

// Substituting an issued NFS-e: a new request, the replaced one's with the corrections asked for,
// names it (`substitutes`, with the national code and reason) and is issued at once through the
// national system with the DPS's `subst` group; when its NFS-e is recorded the replaced request
// becomes `substituted` in the same transaction (issuance.ts recordNfse). A refusal leaves
// nothing behind; an answer lost leaves the new request waiting, like any issuance.

/** Requests that are still on their way to replace one (at most one at a time). */
const openStatuses = ['pending', 'processing', 'awaiting'] as const

export async function substituteRequest(
  deps: IssuanceDeps,
  input: Omit<NfsSubstitute, 'totalValue'> & {
    totalValue?: number
    requestId: string
    by: string
  },
): Promise<{ replaced: NfsRequest; substitute: NfsRequest }> {
  const { store } = deps
  const at = new Date().toISOString()
  const created = store.write(() => {
    // A fresh read: cancelled, substituted or given a substitute meanwhile.
    const replaced = store.nfsRequests.get(input.requestId)
    if (!replaced) throw notFound(issuanceMessages.notFound)
    if (!replaced.accessKey || nfsRequestNext(replaced.status, 'substitute') !== 'substituted')
      throw conflict(issuanceMessages.notSubstitutable)
    const open = store.nfsRequests
      .find({ where: { companyId: replaced.companyId, status: [...openStatuses] } })
      .find((request) => request.substitutes === replaced.id)
    if (open) throw conflict(issuanceMessages.substitutionOpen(open.id))
    // The Sefin refuses it while the municipality analyses a cancellation (Anexo I, E0068).
    if (analysisPending(replaced)) throw conflict(issuanceMessages.analysisPending)
    if (cancellationUnsettled(replaced)) throw conflict(issuanceMessages.cancellationUnsettled)
    // Checked before the new request exists: the Sefin would refuse its DPS (E0050).
    if (replaced.issuedAt && substitutionPastDeadline(replaced.issuedAt, input.code, new Date()))
      throw conflict(issuanceMessages.substitutionPastDeadline(deadlineOf(replaced.issuedAt)))
    const valueChanged = input.totalValue !== undefined && input.totalValue !== replaced.totalValue
    const request = newNfsRequest(
      {
        ...serviceOf(replaced),
        totalValue: input.totalValue ?? replaced.totalValue,
        serviceDescription: input.serviceDescription ?? replaced.serviceDescription,
        // What the taker withholds follows the value: unknown again when the value changes.
        withholdings: valueChanged ? null : (replaced.withholdings ?? null),
      },
      {
        by: input.by,
        at,
        reason: `Substitui a NFS-e nº ${replaced.number} (${input.code} — ${
          nfseSubstitutionCodeLabels[input.code]
        }): ${input.reason}`,
        substitution: {
          substitutes: replaced.id,
          substitutionCode: input.code,
          substitutionReason: input.reason,
        },
      },
    )
    store.nfsRequests.insert(request)
    return request
  })
  try {
    const substitute = await issueRequest(deps, { requestId: created.id, by: input.by })
    return { replaced: store.nfsRequests.get(input.requestId)!, substitute }
  } catch (error) {
    // Refused (by the rules, the schema or the Sefin): nothing is left behind. Sent and not
    // answered: the new request waits, and is recorded when the Sefin says what became of it.
    store.write(() => {
      const current = store.nfsRequests.get(created.id)
      if (current?.status === 'pending') store.nfsRequests.remove(current.id)
    })
    throw error
  }
}
