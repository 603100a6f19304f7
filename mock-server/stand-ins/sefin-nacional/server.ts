import { randomInt } from 'node:crypto'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import express, { type Request, type Response } from 'express'
import { monthInBrazil } from '../../../src/kernel/dates'
import { composeAccessKey, isAccessKey } from '../../formats/nfse/access-key'
import { cancellationPastDeadline, NFSE_CHANGE_DEADLINE_DAYS } from '../../../src/schemas/nfse'
import {
  ANALYSIS_GRANTED_EVENT,
  ANALYSIS_REFUSED_EVENT,
  buildAnalysisAnswer,
  buildEvent,
  buildNfse,
  CANCELLATION_ANALYSIS_EVENT,
  CANCELLATION_EVENT,
  eventId,
  eventRequestId,
} from '../../formats/nfse/documents'
import type { Checked, CheckJob, Signed, SignJob } from '../../formats/nfse/checks'
import type { SefinNfseRecord } from '../../store/nfse-records'
import { schemaIssues } from '../../formats/nfse/schema-messages'
import {
  fromGzipBase64,
  MAX_ENCODED_BYTES,
  sefinEventBodySchema,
  sefinIssueBodySchema,
  toGzipBase64,
  type SefinError,
} from './contract'
import type { CertificatePems } from '../../formats/nfse/certificates'
import { SEFIN_VERSION } from '../../formats/nfse/documents'
import { brazilDateTime } from '../../formats/nfse/xml'
import { schemaFiles } from '../../formats/nfse/xsd'
import { hostCheck, MISDIRECTED, hostMessages } from '../../network'
import { nationalServiceDescription } from '../../reference/national-services'
import type { Store } from '../../store/database'
import { refusal } from './anexo'
import { createFaults, type Faults } from './faults'
import {
  cityName,
  dpsProblems,
  incidenceOf,
  nationalValues,
  STAND_IN_ENVIRONMENT,
  substitutionProblems,
} from './rules'
import { signerProblems } from './signer'

// The Sefin Nacional stand-in: the national NFS-e API as the real one speaks it — its own TLS
// port (MOCK_SEFIN_PORT, 3443), base path `/SefinNacional`, a client certificate chained to the
// trusted roots required before anything is read (the local test CA here) — `POST /nfse`,
// `GET /nfse/{chave}`, `HEAD` and `GET /dps/{id}`, `POST /nfse/{chave}/eventos` and the event's
// GET, with the real shapes (fixtures/nfse-real/api/), the Anexo I/II codes and messages, the
// NFS-e with the values the system computes, signed as the real one signs (exc-c14n#WithComments,
// RSA-SHA256, SHA-256) with its server certificate of the test CA. Faults are injected on demand
// (faults.ts). It keeps its registry in the store's `sefin_*` tables.

/**
 * What the stand-in asks of the worker it is handed: check a signed DPS or event request, sign
 * what it issues (mock-server/formats/nfse/checks.ts). The server's start (mock-server/app.ts)
 * hands it the NFS-e engine's thread, so the heavy work stays off the event loop.
 */
export type DocumentWorker = {
  check(job: CheckJob): Promise<Checked>
  sign(job: SignJob): Promise<Signed>
}

export type StandInOptions = {
  store: Store
  nfse: DocumentWorker
  /** Its TLS certificate and key (it signs its NFS-e with them too) and the roots it trusts. */
  identity: CertificatePems
  clientRoots: string[]
  port: number
  hosts: string[]
  faults?: string
  log?: (line: string) => void
  /** Draws an NFS-e of the seed's history, kept without its XML until asked for. */
  drawSeeded?: (record: SefinNfseRecord) => Promise<string>
}

const envelopeOf = (at: Date) => ({
  tipoAmbiente: STAND_IN_ENVIRONMENT,
  versaoAplicativo: SEFIN_VERSION,
  dataHoraProcessamento: brazilDateTime(at),
})

/** The JSON body (the stand-in answers every refusal in the national shape). */
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

/** The CPF of the municipality's tax agent who answers analyses in the stand-in (a valid CPF). */
const MUNICIPAL_AGENT_CPF = '52998224725'

const problemsOf = (checked: Checked, file: string): SefinError[] =>
  'problems' in checked
    ? [
        refusal(
          'E1235',
          schemaIssues(checked.problems, file)
            .map((issue) => issue.message)
            .join(' '),
        ),
      ]
    : []

/** The stand-in answers one document at a time: each NFS-e's number follows the last one. */
/**
 * An event's copy changed after the Sefin signed it (the first letter of its `xMotivo`): its
 * signature no longer verifies — the fault `tampered-event` (faults.ts).
 */
const tampered = (eventXml: string) =>
  eventXml.replace(/<xMotivo>(.)/, (_, first: string) => `<xMotivo>${first === 'X' ? 'Y' : 'X'}`)

function serialQueue() {
  let queue: Promise<unknown> = Promise.resolve()
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }
}

export function sefinStandInApp(
  options: Omit<StandInOptions, 'port' | 'hosts'> & { faultsOf?: Faults },
) {
  const { store, nfse, identity } = options
  const faults = options.faultsOf ?? createFaults(options.faults, options.log)
  const oneAtATime = serialQueue()
  const app = express()
  app.disable('x-powered-by')
  // Called by servers, never by a web page.
  app.use((req, res, next) => {
    if (req.headers.origin === undefined) return next()
    res.status(403).json({ message: 'A Sefin Nacional não atende navegadores.' })
  })
  const router = express.Router()

  const refuse = (res: Response, errors: SefinError[], idDPS?: string) =>
    res.status(400).json({ ...envelopeOf(new Date()), ...(idDPS ? { idDPS } : {}), erros: errors })
  const lookupError = (res: Response, status: number, codigo: string, descricao: string) =>
    res.status(status).json({ ...envelopeOf(new Date()), erro: { codigo, descricao } })

  router.post('/nfse', async (req, res, next) => {
    try {
      const body = sefinIssueBodySchema.safeParse(await jsonBody(req))
      const xml = body.success ? await fromGzipBase64(body.data.dpsXmlGZipB64) : null
      if (xml === null) return void refuse(res, [refusal('E1226')])
      if (faults.take(['500']))
        return void res.status(500).json({ ...envelopeOf(new Date()), erros: [] })
      const answer = await oneAtATime(() => issue(xml))
      if (!answer.ok) return void refuse(res, answer.errors, answer.idDPS)
      const fault = faults.take(['reset-after-issue', 'timeout'])
      if (fault === 'reset-after-issue') return void req.socket.destroy()
      // A timeout: nothing is answered; the client gives up (its connection is closed then).
      if (fault === 'timeout') return
      res.status(201).json(answer.body)
    } catch (error) {
      next(error)
    }
  })

  async function issue(xml: string) {
    const now = new Date()
    const checked = await nfse.check({ kind: 'check', document: 'DPS', xml })
    const invalid = problemsOf(checked, schemaFiles.DPS)
    if (invalid.length > 0 || 'problems' in checked)
      return { ok: false as const, errors: invalid, idDPS: undefined }
    const dps = checked.dps!
    const errors = [
      ...signerProblems(checked, options.clientRoots, dps.providerCnpj, now),
      ...dpsProblems(store, dps, now),
      ...substitutionProblems(store, dps, now),
    ]
    if (errors.length > 0) return { ok: false as const, errors, idDPS: dps.id }
    const cnpj = dps.providerCnpj!
    const provider = store.companies.first({ where: { cnpj } })!
    const numbers = store.sefinNfse.values('number', { providerCnpj: cnpj }) as number[]
    const number = Math.max(0, ...numbers) + 1
    const documentNumber = store.sefinNfse.count() + store.sefinEvents.count() + 1
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
      issuingMunicipality: cityName(dps.issuingMunicipality),
      servicePlace: cityName(dps.servicePlace ?? dps.issuingMunicipality),
      incidence: incidenceOf(dps),
      taxationDescription: nationalServiceDescription(dps.taxationCode)!,
      status: dps.opSimpNac === '2' ? '107' : '100',
      emitter: {
        cnpj,
        name: provider.name,
        address: provider.address!,
        municipalityCode: dps.issuingMunicipality,
        phone: dps.providerPhone,
      },
      values: nationalValues(dps),
      signedDps: xml,
    })
    const signed = await nfse.sign({
      kind: 'sign',
      schema: 'NFSe',
      element: 'infNFSe',
      xml: built,
      pems: identity,
      profile: 'sefin',
    })
    if ('problems' in signed)
      throw new Error(`stand-in NFS-e refused by its schema: ${JSON.stringify(signed.problems)}`)
    store.write(() => {
      // Read again inside the write: another process may share the data file.
      if (store.sefinNfse.exists({ dpsId: dps.id })) throw new Error('DPS issued twice')
      if (dps.substitution) {
        // The NFS-e replaced is cancelled by the substitution (event e105102 on the real one).
        const replaced = store.sefinNfse.get(dps.substitution.accessKey)!
        if (replaced.status !== 'active') throw new Error('NFS-e substituted twice')
        store.sefinNfse.update({ ...replaced, status: 'substituted' })
      }
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
    return {
      ok: true as const,
      body: {
        ...envelopeOf(now),
        idDps: `NFS${accessKey}`,
        chaveAcesso: accessKey,
        nfseXmlGZipB64: await toGzipBase64(signed.signed),
        alertas: null,
      },
    }
  }

  router.get('/nfse/:chave', async (req, res) => {
    const key = isAccessKey(req.params.chave) ? req.params.chave : null
    const found = key ? store.sefinNfse.get(key) : undefined
    if (!found) return void lookupError(res, 404, 'E2401', 'Chave de acesso não encontrada.')
    const xml = found.xml ?? (await options.drawSeeded?.(found))
    if (!xml) return void lookupError(res, 404, 'E2401', 'Chave de acesso não encontrada.')
    res.json({
      ...envelopeOf(new Date()),
      chaveAcesso: found.accessKey,
      nfseXmlGZipB64: await toGzipBase64(xml),
    })
  })

  const byDps = (id: string) => store.sefinNfse.first({ where: { dpsId: id } })
  router.head('/dps/:id', (req, res) => void res.status(byDps(req.params.id) ? 200 : 404).end())
  router.get('/dps/:id', (req, res) => {
    const found = byDps(req.params.id)
    if (!found)
      return void res.status(404).json({
        tipoAmbiente: 0,
        dataHoraProcessamento: brazilDateTime(new Date()),
        erro: {
          codigo: 'E2404',
          descricao: 'Não foi gerada uma NFS-e com o identificador de DPS informado',
        },
      })
    res.json({ ...envelopeOf(new Date()), idDps: found.dpsId, chaveAcesso: found.accessKey })
  })

  router.post('/nfse/:chave/eventos', async (req, res, next) => {
    try {
      const body = sefinEventBodySchema.safeParse(await jsonBody(req))
      const xml = body.success
        ? await fromGzipBase64(body.data.pedidoRegistroEventoXmlGZipB64)
        : null
      if (xml === null) return void refuse(res, [refusal('E1226')])
      const answer = await oneAtATime(() => registerEvent(req.params.chave, xml))
      if (!answer.ok) return void refuse(res, answer.errors)
      if (faults.take(['tampered-event']))
        return void res
          .status(201)
          .json({ ...answer.body, eventoXmlGZipB64: await toGzipBase64(tampered(answer.event)) })
      res.status(201).json(answer.body)
    } catch (error) {
      next(error)
    }
  })

  /** The events of a key of one type, oldest first. */
  const eventsOf = (accessKey: string, type: string) =>
    store.sefinEvents.find({ where: { accessKey } }).filter((event) => event.type === type)
  /** An analysis request (e101103) the municipality has not answered yet. */
  const analysisPending = (accessKey: string) =>
    eventsOf(accessKey, CANCELLATION_ANALYSIS_EVENT).length >
    eventsOf(accessKey, ANALYSIS_GRANTED_EVENT).length +
      eventsOf(accessKey, ANALYSIS_REFUSED_EVENT).length

  /**
   * Registers a signed event request on an NFS-e: builds the `evento`, signs it as the Sefin, and
   * records it with what it does to the NFS-e (`cancelled`, or nothing while it waits).
   */
  async function recordEvent(
    target: SefinNfseRecord,
    type: string,
    signedRequest: string,
    now: Date,
    becomes: SefinNfseRecord['status'],
  ) {
    const sequence = eventsOf(target.accessKey, type).length + 1
    const documentNumber = store.sefinNfse.count() + store.sefinEvents.count() + 1
    const built = buildEvent({
      accessKey: target.accessKey,
      type,
      sequence,
      processedAt: now,
      documentNumber,
      signedRequest,
    })
    const signed = await nfse.sign({
      kind: 'sign',
      schema: 'evento',
      element: 'infEvento',
      xml: built,
      pems: identity,
      profile: 'sefin',
    })
    if ('problems' in signed)
      throw new Error(`stand-in event refused by its schema: ${JSON.stringify(signed.problems)}`)
    store.write(() => {
      const current = store.sefinNfse.get(target.accessKey)!
      if (current.status !== 'active') throw new Error('NFS-e cancelled twice')
      if (becomes !== current.status) store.sefinNfse.update({ ...current, status: becomes })
      store.sefinEvents.insert({
        id: eventId(target.accessKey, type, sequence),
        accessKey: target.accessKey,
        type,
        sequence,
        documentNumber,
        xml: signed.signed,
        processedAt: now.toISOString(),
      })
    })
    return signed.signed
  }

  async function registerEvent(chave: string, xml: string) {
    const now = new Date()
    const checked = await nfse.check({ kind: 'check', document: 'pedRegEvento', xml })
    const invalid = problemsOf(checked, schemaFiles.pedRegEvento)
    if (invalid.length > 0 || 'problems' in checked)
      return { ok: false as const, errors: invalid, idDPS: undefined }
    const request = checked.cancellation!
    const target = isAccessKey(chave) ? store.sefinNfse.get(chave) : undefined
    if (!target) return { ok: false as const, errors: [refusal('E1831')], idDPS: undefined }
    const errors = signerProblems(checked, options.clientRoots, request.authorCnpj, now, 'event')
    if (request.environment !== String(STAND_IN_ENVIRONMENT)) errors.push(refusal('E1845'))
    // A provider sends a cancellation (e101101) or, past its deadline, an analysis (e101103).
    const type =
      request.type === CANCELLATION_ANALYSIS_EVENT
        ? CANCELLATION_ANALYSIS_EVENT
        : CANCELLATION_EVENT
    if (
      request.accessKey !== target.accessKey ||
      request.id !== eventRequestId(target.accessKey, type)
    )
      errors.push(
        refusal('E1235', 'A chave do pedido (chNFSe) ou o Id difere da NFS-e do endereço.'),
      )
    if (request.authorCnpj !== target.providerCnpj) errors.push(refusal('E0812'))
    if (target.status !== 'active')
      errors.push(refusal('E0840', 'A NFS-e já está cancelada ou substituída.'))
    const pastDeadline = cancellationPastDeadline(target.processedAt, now)
    if (type === CANCELLATION_EVENT && pastDeadline)
      errors.push(
        refusal(
          'E0822',
          `Prazo de ${NFSE_CHANGE_DEADLINE_DAYS} dias; após ele, peça a análise fiscal (evento e101103) ao município.`,
        ),
      )
    if (type === CANCELLATION_EVENT && analysisPending(target.accessKey))
      errors.push(
        refusal('E0848', 'Há uma análise fiscal para cancelamento aguardando o município.'),
      )
    if (type === CANCELLATION_ANALYSIS_EVENT && analysisPending(target.accessKey))
      errors.push(
        refusal('E0848', 'Já há uma análise fiscal para cancelamento aguardando o município.'),
      )
    // Anexo II has no code of its own for an analysis inside the deadline; the stand-in accepts
    // e101103 only past it (inside it, the provider cancels with e101101) and says so with the
    // deadline's code.
    if (type === CANCELLATION_ANALYSIS_EVENT && !pastDeadline)
      errors.push(
        refusal(
          'E0822',
          `A análise fiscal (e101103) é para depois do prazo de ${NFSE_CHANGE_DEADLINE_DAYS} dias; dentro dele, cancele pelo evento e101101.`,
        ),
      )
    if (errors.length > 0) return { ok: false as const, errors, idDPS: undefined }
    const event = await recordEvent(
      target,
      type,
      xml,
      now,
      type === CANCELLATION_EVENT ? 'cancelled' : 'active',
    )
    return {
      ok: true as const,
      event,
      body: { ...envelopeOf(now), eventoXmlGZipB64: await toGzipBase64(event) },
    }
  }

  /**
   * The municipality answers an analysis request (drills and tests: `POST /__test/sefin-analysis`):
   * its agent's e105104 (granted: the NFS-e cancelled) or e105105 (refused), signed as the
   * stand-in; refused without a pending e101103 (Anexo II E0853 / E0856).
   */
  function answerAnalysis(accessKey: string, granted: boolean, reason: string) {
    return oneAtATime(async () => {
      const now = new Date()
      const target = store.sefinNfse.get(accessKey)
      if (!target) return { ok: false as const, errors: [refusal('E1831')] }
      if (!analysisPending(accessKey) || target.status !== 'active')
        return { ok: false as const, errors: [refusal(granted ? 'E0853' : 'E0856')] }
      const answer = buildAnalysisAnswer({
        accessKey,
        granted,
        agentCpf: MUNICIPAL_AGENT_CPF,
        reason,
        at: now,
      })
      const signed = await nfse.sign({
        kind: 'sign',
        schema: 'pedRegEvento',
        element: 'infPedReg',
        xml: answer,
        pems: identity,
        profile: 'sefin',
      })
      if ('problems' in signed)
        throw new Error(`stand-in answer refused by its schema: ${JSON.stringify(signed.problems)}`)
      const type = granted ? ANALYSIS_GRANTED_EVENT : ANALYSIS_REFUSED_EVENT
      await recordEvent(target, type, signed.signed, now, granted ? 'cancelled' : 'active')
      return { ok: true as const }
    })
  }

  router.get('/nfse/:chave/eventos/:tipo/:sequencia', async (req, res) => {
    const id = eventId(req.params.chave, req.params.tipo, req.params.sequencia)
    const found = store.sefinEvents.get(id)
    if (!found) return void lookupError(res, 404, 'E2408', 'Evento não encontrado.')
    const xml = faults.take(['tampered-event']) ? tampered(found.xml) : found.xml
    res.json({ ...envelopeOf(new Date()), eventoXmlGZipB64: await toGzipBase64(xml) })
  })

  app.use('/SefinNacional', router)
  app.use((_req, res) => void lookupError(res, 404, 'E0000', 'Recurso não encontrado.'))
  app.use((error: unknown, _req: Request, res: Response, _next: unknown) => {
    console.error('[sefin-nacional]', error)
    res.status(500).json({ ...envelopeOf(new Date()), erros: [] })
  })
  return { app, faults, answerAnalysis }
}

export type SefinStandIn = Awaited<ReturnType<typeof startSefinStandIn>>

/**
 * Listens with TLS on its port at every host, asking every client for its certificate and
 * refusing (in the handshake) one that does not chain to `clientRoots`; a request that names
 * another host is refused (421), as the API's.
 */
export async function startSefinStandIn(options: StandInOptions) {
  const log = options.log ?? ((line: string) => console.log(line))
  const { app, faults, answerAnalysis } = sefinStandInApp({ ...options, log })
  const servers: https.Server[] = []
  let port = options.port
  const isOwnHost = hostCheck({
    anyOwnAddress: options.hosts.some((h) => h === '0.0.0.0' || h === '::'),
  })
  for (const host of options.hosts) {
    const server = https.createServer(
      {
        cert: options.identity.certificatePem,
        key: options.identity.privateKeyPem,
        ca: options.clientRoots,
        requestCert: true,
        rejectUnauthorized: true,
        minVersion: 'TLSv1.2',
      },
      (req, res) => {
        if (!isOwnHost(req)) {
          res.writeHead(MISDIRECTED, { 'Content-Type': 'application/json' })
          return void res.end(JSON.stringify({ message: hostMessages.refused }))
        }
        // The certificate the client presented (verified in the handshake).
        if (!(req.socket as TLSSocket).authorized) {
          res.writeHead(403)
          return void res.end()
        }
        app(req, res)
      },
    )
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (host === '::1' && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'))
          resolve(false)
        else reject(error)
      })
      server.listen(port, host, () => resolve(true))
    })
    if (!listening) continue
    port = (server.address() as AddressInfo).port
    servers.push(server)
  }
  return {
    port,
    faults,
    answerAnalysis,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        ),
      ).then(() => undefined),
  }
}
