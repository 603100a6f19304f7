import { randomInt } from 'node:crypto'
import type { Request } from 'express'
import { z } from 'zod'
import { monthInBrazil, todayInBrazil } from '../../../src/kernel/dates'
import { apiErrorBodySchema } from '../../../src/schemas/common'
import { endpoint, type Call } from '../../api'
import { composeAccessKey, dpsId, isAccessKey } from '../../domain/invoices/nfse/access-key'
import { issuedBy } from '../../domain/invoices/nfse/certificates'
import { APP_VERSION } from '../../domain/invoices/nfse/dps'
import {
  buildEvent,
  buildNfse,
  CANCELLATION_EVENT,
  cancellationRequestId,
} from '../../domain/invoices/nfse/documents'
import type { Checked } from '../../domain/invoices/nfse/jobs'
import { ibgeCodeOf, municipalityLabel } from '../../domain/invoices/nfse/places'
import type { DpsFacts } from '../../domain/invoices/nfse/reader'
import { schemaIssues } from '../../domain/invoices/nfse/schema-messages'
import {
  fromGzipBase64,
  MAX_ENCODED_BYTES,
  sefinEventBodySchema,
  sefinEventSchema,
  sefinIssueBodySchema,
  sefinIssuedSchema,
  sefinLookupErrorSchema,
  sefinNfseSchema,
  sefinRefusalSchema,
  toGzipBase64,
  type SefinError,
} from './contract'
import { testPki } from './test-pki'
import { brazilDateTime } from '../../domain/invoices/nfse/xml'
import { schemaFiles } from '../../domain/invoices/nfse/xsd'
import { nationalServiceDescription } from '../../reference/national-services'
import { cityDirectory } from '../../reference/cities'
import type { Store } from '../../store/database'

// The Sefin Nacional stand-in (the national NFS-e API, homologation): it takes a signed DPS,
// checks it as the national system does — the official schema, the signature and that the
// certificate (issued by a trusted CA: here, the local test CA) is the provider's, the provider in
// the national register (here, the companies), the `cTribNac` in the national list, the
// municipalities in IBGE's — and answers the NFS-e it generated, signed with its own certificate.
// It registers cancellations (event e101101) and answers an NFS-e by its key. Refusals carry the
// national error list; the codes are the stand-in's own, in the national pattern (E + 4 digits).

const ENVIRONMENT = 2
const VERSION = `${APP_VERSION} Sefin (stand-in)`

/** Why the stand-in refuses, each with its code. */
export const sefinRefusals = {
  malformed: { Codigo: 'E1226', Descricao: 'Estrutura descompactada mal formada.' },
  schema: (file: string): SefinError => ({
    Codigo: 'E1235',
    Descricao: `Falha na validação do esquema XML (${file}).`,
  }),
  environment: {
    Codigo: 'E0006',
    Descricao: 'O ambiente da DPS (tpAmb) não é o deste serviço: 2 (homologação).',
  },
  dpsId: {
    Codigo: 'E0010',
    Descricao: 'O Id da DPS difere da composição de município emissor, CNPJ, série e número.',
  },
  duplicate: {
    Codigo: 'E0014',
    Descricao: 'Já existe NFS-e gerada para esta DPS (série e número já usados pelo emitente).',
  },
  competence: {
    Codigo: 'E0020',
    Descricao: 'A data de competência (dCompet) é posterior à data de emissão da DPS.',
  },
  future: {
    Codigo: 'E0021',
    Descricao: 'A data de emissão da DPS (dhEmi) é posterior à data de processamento.',
  },
  issuingMunicipality: {
    Codigo: 'E0116',
    Descricao:
      'O município emissor (cLocEmi) não é um código do IBGE ou não é o do domicílio do emitente no cadastro nacional.',
  },
  notRegistered: {
    Codigo: 'E0120',
    Descricao: 'O emitente não está no Cadastro Nacional de Contribuintes (CNC) com endereço.',
  },
  taxationCode: {
    Codigo: 'E0312',
    Descricao:
      'O código de tributação nacional (cTribNac) não existe na lista de serviços nacional.',
  },
  servicePlace: {
    Codigo: 'E0318',
    Descricao: 'O município da prestação (cLocPrestacao) não existe na tabela do IBGE.',
  },
  signature: { Codigo: 'E0714', Descricao: 'Assinatura digital inválida.' },
  untrusted: {
    Codigo: 'E0715',
    Descricao: 'O certificado digital não foi emitido por uma autoridade certificadora confiável.',
  },
  expired: { Codigo: 'E0716', Descricao: 'O certificado digital está fora do prazo de validade.' },
  otherCnpj: {
    Codigo: 'E0717',
    Descricao: 'O CNPJ do certificado digital difere do CNPJ do autor do documento.',
  },
  cancelled: { Codigo: 'E0840', Descricao: 'A NFS-e já está cancelada.' },
  eventKey: {
    Codigo: 'E0841',
    Descricao: 'A chave do pedido (chNFSe) ou o Id do evento difere da NFS-e do endereço.',
  },
  eventAuthor: { Codigo: 'E0842', Descricao: 'O autor do evento não é o emitente da NFS-e.' },
  unknownNfse: { Codigo: 'E0843', Descricao: 'NFS-e não encontrada para a chave de acesso.' },
} as const satisfies Record<string, SefinError | ((file: string) => SefinError)>

const envelopeOf = (at: Date) => ({
  tipoAmbiente: ENVIRONMENT,
  versaoAplicativo: VERSION,
  dataHoraProcessamento: brazilDateTime(at),
})

/** The stand-in answers one document at a time: each NFS-e's number follows the last one. */
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work)
  queue = next.catch(() => undefined)
  return next
}

/** The JSON body, read here (the stand-in answers every refusal in the national shape). */
async function jsonBody(req: Request): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_ENCODED_BYTES + 1024) return null
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return null
  }
}

/** The document a body carries (`field`: gzip + base64), or null when it does not carry one. */
async function documentOf<T extends z.ZodType>(req: Request, schema: T, field: keyof z.output<T>) {
  const body = schema.safeParse(await jsonBody(req))
  if (!body.success) return null
  return fromGzipBase64((body.data as Record<string, string>)[field as string]!)
}

const problemsOf = (checked: Checked, file: string): SefinError[] =>
  'problems' in checked
    ? [
        {
          ...sefinRefusals.schema(file),
          Complemento: schemaIssues(checked.problems, file)
            .map((issue) => issue.message)
            .join(' '),
        },
      ]
    : []

/** The stand-in's trust and validity checks of a signature's certificate, and whose it is. */
function signerProblems(
  checked: Exclude<Checked, { problems: unknown }>,
  caPem: string,
  authorCnpj: string | null,
  now: Date,
): SefinError[] {
  if (!checked.signature.valid)
    return [{ ...sefinRefusals.signature, Complemento: checked.signature.reason }]
  const signer = checked.signer!
  const errors: SefinError[] = []
  if (!issuedBy(checked.signature.certificatePem, caPem)) errors.push(sefinRefusals.untrusted)
  if (Date.parse(signer.notBefore) > now.getTime() || Date.parse(signer.notAfter) < now.getTime())
    errors.push(sefinRefusals.expired)
  if (!signer.cnpj || signer.cnpj !== authorCnpj) errors.push(sefinRefusals.otherCnpj)
  return errors
}

const isMunicipality = (code: string | null) =>
  code !== null && cityDirectory().all.some((city) => city.ibgeCode === code)

/** The national rules of a DPS (beyond its schema and signature), against what the store knows. */
function dpsProblems(store: Store, dps: DpsFacts, now: Date): SefinError[] {
  const errors: SefinError[] = []
  if (dps.environment !== String(ENVIRONMENT)) errors.push(sefinRefusals.environment)
  if (
    dps.providerCnpj &&
    dps.id !==
      dpsId({
        municipalityCode: dps.issuingMunicipality,
        document: dps.providerCnpj,
        series: dps.series,
        number: Number(dps.number),
      })
  )
    errors.push(sefinRefusals.dpsId)
  const provider = dps.providerCnpj
    ? store.companies.first({ where: { cnpj: dps.providerCnpj } })
    : undefined
  if (!provider?.address) errors.push(sefinRefusals.notRegistered)
  else if (ibgeCodeOf(provider.address) !== dps.issuingMunicipality)
    errors.push(sefinRefusals.issuingMunicipality)
  if (!nationalServiceDescription(dps.taxationCode)) errors.push(sefinRefusals.taxationCode)
  if (!isMunicipality(dps.servicePlace)) errors.push(sefinRefusals.servicePlace)
  const issued = Date.parse(dps.issuedAt)
  // A DPS is issued before it is sent (five minutes for the clocks of both sides).
  if (!(issued <= now.getTime() + 5 * 60_000)) errors.push(sefinRefusals.future)
  else if (dps.competence > todayInBrazil(new Date(issued))) errors.push(sefinRefusals.competence)
  if (store.sefinNfse.exists({ dpsId: dps.id })) errors.push(sefinRefusals.duplicate)
  return errors
}

/**
 * The next numbers of the stand-in: the provider's NFS-e (after its last: the national system
 * never reuses one) and its own documents.
 */
function nextNumbers(store: Store, providerCnpj: string) {
  const numbers = store.sefinNfse.values('number', { providerCnpj }) as number[]
  return {
    number: Math.max(0, ...numbers) + 1,
    documentNumber: store.sefinNfse.count() + store.sefinEvents.count() + 1,
  }
}

// ---- handlers ----

/** `POST /sefin-nacional/nfse`: a signed DPS in, its NFS-e out (or the national refusal). */
async function issueNfse({ store, config, nfse, req, res }: Call) {
  const refuse = (errors: SefinError[], idDps?: string) => {
    res.status(400)
    return { ...envelopeOf(new Date()), ...(idDps ? { idDps } : {}), erros: errors }
  }
  const xml = await documentOf(req, sefinIssueBodySchema, 'dpsXmlGZipB64')
  if (xml === null) return refuse([sefinRefusals.malformed])
  return oneAtATime(async () => {
    const now = new Date()
    const checked = await nfse.run({ kind: 'check', document: 'DPS', xml })
    const invalid = problemsOf(checked, schemaFiles.DPS)
    if (invalid.length > 0 || 'problems' in checked) return refuse(invalid)
    const dps = checked.dps!
    const pki = testPki(config.testPkiDir)
    const errors = [
      ...signerProblems(checked, pki.ca.certificatePem, dps.providerCnpj, now),
      ...dpsProblems(store, dps, now),
    ]
    if (errors.length > 0) return refuse(errors, dps.id)
    const cnpj = dps.providerCnpj!
    const provider = store.companies.first({ where: { cnpj } })!
    const { number, documentNumber } = nextNumbers(store, cnpj)
    const accessKey = composeAccessKey({
      municipalityCode: dps.issuingMunicipality,
      environment: '2',
      document: cnpj,
      nfseNumber: number,
      issueMonth: monthInBrazil(now),
      code: String(randomInt(0, 1_000_000_000)).padStart(9, '0'),
    })
    const built = buildNfse({
      accessKey,
      number,
      documentNumber,
      processedAt: now,
      issuingMunicipality: municipalityLabel(dps.issuingMunicipality)!,
      servicePlace: municipalityLabel(dps.servicePlace)!,
      taxationDescription: nationalServiceDescription(dps.taxationCode)!,
      emitter: {
        cnpj,
        name: provider.name,
        address: provider.address!,
        municipalityCode: dps.issuingMunicipality,
      },
      serviceValue: Number(dps.serviceValue),
      signedDps: xml,
    })
    const signed = await nfse.run({
      kind: 'sign',
      schema: 'NFSe',
      element: 'infNFSe',
      xml: built,
      pems: pki.standIn,
    })
    if ('problems' in signed)
      throw new Error(`stand-in NFS-e refused by its schema: ${JSON.stringify(signed.problems)}`)
    store.write(() => {
      // Read again inside the write: nothing else is issued meanwhile (one at a time).
      if (store.sefinNfse.exists({ dpsId: dps.id })) throw new Error('DPS issued twice')
      store.sefinNfse.insert({
        accessKey,
        dpsId: dps.id,
        providerCnpj: cnpj,
        number,
        documentNumber,
        xml: signed.signed,
        status: 'active',
        processedAt: now.toISOString(),
      })
    })
    res.status(201)
    return {
      ...envelopeOf(now),
      idDps: dps.id,
      chaveAcesso: accessKey,
      nfseXmlGZipB64: await toGzipBase64(signed.signed),
    }
  })
}

/** A consultation's refusal: one error. */
const lookupError = (res: Call['res'], status: number, codigo: string, descricao: string) => {
  res.status(status)
  return { ...envelopeOf(new Date()), erro: { codigo, descricao } }
}

const keyOf = (chave: string) => (isAccessKey(chave) ? chave : null)

/** `GET /sefin-nacional/nfse/{chave}`: an NFS-e by its access key. */
async function getNfse({ store, params, res }: Call<{ params: { chave: string } }>) {
  const key = keyOf(params.chave)
  if (!key)
    return lookupError(res, 400, 'E2406', 'A chave de acesso consultada deve conter 50 números.')
  const found = store.sefinNfse.get(key)
  if (!found) return lookupError(res, 404, 'E2407', sefinRefusals.unknownNfse.Descricao)
  return {
    ...envelopeOf(new Date()),
    chaveAcesso: key,
    nfseXmlGZipB64: await toGzipBase64(found.xml),
  }
}

/** `POST /sefin-nacional/nfse/{chave}/eventos`: registers the provider's cancellation. */
async function registerEvent({
  store,
  config,
  nfse,
  params,
  req,
  res,
}: Call<{ params: { chave: string } }>) {
  const refuse = (errors: SefinError[]) => {
    res.status(400)
    return { ...envelopeOf(new Date()), erros: errors }
  }
  const key = keyOf(params.chave)
  const xml = await documentOf(req, sefinEventBodySchema, 'pedidoRegistroEventoXmlGZipB64')
  if (xml === null) return refuse([sefinRefusals.malformed])
  return oneAtATime(async () => {
    const now = new Date()
    const checked = await nfse.run({ kind: 'check', document: 'pedRegEvento', xml })
    const invalid = problemsOf(checked, schemaFiles.pedRegEvento)
    if (invalid.length > 0 || 'problems' in checked) return refuse(invalid)
    const request = checked.cancellation!
    const target = key ? store.sefinNfse.get(key) : undefined
    if (!target) return refuse([sefinRefusals.unknownNfse])
    const pki = testPki(config.testPkiDir)
    const errors = signerProblems(checked, pki.ca.certificatePem, request.authorCnpj, now)
    if (request.environment !== String(ENVIRONMENT)) errors.push(sefinRefusals.environment)
    if (
      request.accessKey !== target.accessKey ||
      request.id !== cancellationRequestId(target.accessKey)
    )
      errors.push(sefinRefusals.eventKey)
    if (request.authorCnpj !== target.providerCnpj) errors.push(sefinRefusals.eventAuthor)
    if (target.status === 'cancelled') errors.push(sefinRefusals.cancelled)
    if (errors.length > 0) return refuse(errors)
    const sequence = 1
    const documentNumber = store.sefinNfse.count() + store.sefinEvents.count() + 1
    const built = buildEvent({
      accessKey: target.accessKey,
      sequence,
      processedAt: now,
      documentNumber,
      signedRequest: xml,
    })
    const signed = await nfse.run({
      kind: 'sign',
      schema: 'evento',
      element: 'infEvento',
      xml: built,
      pems: pki.standIn,
    })
    if ('problems' in signed)
      throw new Error(`stand-in event refused by its schema: ${JSON.stringify(signed.problems)}`)
    store.write(() => {
      const current = store.sefinNfse.get(target.accessKey)!
      if (current.status === 'cancelled') throw new Error('NFS-e cancelled twice')
      store.sefinNfse.update({ ...current, status: 'cancelled' })
      store.sefinEvents.insert({
        id: `EVT${target.accessKey}${CANCELLATION_EVENT}${String(sequence).padStart(3, '0')}`,
        accessKey: target.accessKey,
        type: CANCELLATION_EVENT,
        sequence,
        documentNumber,
        xml: signed.signed,
        processedAt: now.toISOString(),
      })
    })
    res.status(201)
    return { ...envelopeOf(now), eventoXmlGZipB64: await toGzipBase64(signed.signed) }
  })
}

// ---- the table ----

const keyParams = z.object({ chave: z.string() })

// A 400 is the national error shape when the stand-in refuses what it read; a query parameter no
// endpoint declares (query-rules.ts) is refused by the house runner first, with its own
// `{ message, issues }`, before the stand-in sees the request.
const refusalOrQuery = sefinRefusalSchema.or(apiErrorBodySchema)
const lookupErrorOrQuery = sefinLookupErrorSchema.or(apiErrorBodySchema)

export const sefinNacionalEndpoints = [
  endpoint({
    method: 'POST',
    path: '/sefin-nacional/nfse',
    summary: 'Sefin Nacional stand-in: a signed DPS (gzip + base64) becomes an NFS-e.',
    access: 'public',
    body: sefinIssueBodySchema,
    bodyParsedBy: 'handler',
    rawBody: true,
    answers: { 201: sefinIssuedSchema },
    errors: [400],
    errorBodies: { 400: refusalOrQuery },
    handler: issueNfse,
  }),
  endpoint({
    method: 'GET',
    path: '/sefin-nacional/nfse/{chave}',
    summary: 'Sefin Nacional stand-in: an NFS-e by its access key.',
    access: 'public',
    params: keyParams,
    answers: { 200: sefinNfseSchema },
    errors: [400, 404],
    errorBodies: { 400: lookupErrorOrQuery, 404: sefinLookupErrorSchema },
    handler: getNfse,
  }),
  endpoint({
    method: 'POST',
    path: '/sefin-nacional/nfse/{chave}/eventos',
    summary: 'Sefin Nacional stand-in: registers an event (cancellation e101101).',
    access: 'public',
    params: keyParams,
    body: sefinEventBodySchema,
    bodyParsedBy: 'handler',
    rawBody: true,
    answers: { 201: sefinEventSchema },
    errors: [400],
    errorBodies: { 400: refusalOrQuery },
    handler: registerEvent,
  }),
]
