import http from 'node:http'
import https from 'node:https'
import type { CertificatePems } from '../../../formats/nfse/certificates'
import { outsideServiceFailed } from '../../errors'
import {
  fromGzipBase64,
  sefinDpsFoundSchema,
  sefinEventSchema,
  sefinIssuedSchema,
  type SefinIssued,
  sefinNfseSchema,
  toGzipBase64,
} from '../../../stand-ins/sefin-nacional/contract'

// The product's client of the national NFS-e API (Sefin Nacional, base path `/SefinNacional`):
// `POST /nfse`, `GET /dps/{id}`, `GET /nfse/{chave}`, `POST /nfse/{chave}/eventos`, over mutual
// TLS — the company's A1 certificate presented as the client's, the server's certificate checked
// against the configured roots — at MOCK_SEFIN_URL (the real API included) or the local stand-in
// (stand-ins/sefin-nacional/). It reads both shapes the real API answers an error in
// (`erros: [{ Codigo, Descricao, Complemento }]` of a POST, `erro: { codigo, descricao }` of a
// GET; fixtures/nfse-real/api/) in either casing, and tells a refusal (nothing issued) from an
// answer that never came (the outcome unknown: the caller asks `GET /dps/{id}` before anything).

const TIMEOUT_MS = 30_000

/**
 * The connections to the Sefin, kept open between calls: a mutual-TLS handshake (the company's
 * RSA signature, both chains checked) costs more than the call itself. Node's agent pools a
 * connection by every TLS option it was made with — the company's certificate and key and the
 * server's roots among them (`https.Agent#getName`) — so a connection made with one company's
 * certificate only ever carries that company's calls; a new one resumes the TLS session. An idle
 * connection is closed after 4 s, before a Node server's 5 s keep-alive limit closes it under a
 * call. A call on a connection the server closes meanwhile is an unknown outcome like any other
 * lost answer: the caller asks the Sefin (`GET /dps/{id}`) before anything is sent again.
 */
const connections = new https.Agent({ keepAlive: true, timeout: 4_000 })

/** A refusal of the national system: its errors, as it worded them. */
export type NationalError = { code: string; description: string; complement?: string }
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: NationalError[] }

export const sefinClientMessages = {
  unreachable: 'A Sefin Nacional não respondeu: tente de novo em instantes.',
  unexpected: 'A Sefin Nacional respondeu algo que não é do seu contrato.',
} as const

/** How the product reaches the national API. */
export type SefinConnection = {
  /** `https://…/SefinNacional`, without a trailing slash. */
  baseUrl: string
  /** The company's A1: its certificate and key, presented in the TLS handshake. */
  client: CertificatePems
  /** The roots the server's certificate must chain to. */
  serverRoots: string[]
  timeoutMs?: number
}

/**
 * A call whose outcome is not known: the connection failed or was reset, no answer came in time,
 * or the answer was not the API's (a 5xx included). What was sent may have been taken.
 */
export class SefinUnknownOutcome extends Error {
  constructor(readonly why: string) {
    super(sefinClientMessages.unreachable)
  }
}

type Answer = { status: number; body: unknown }

/** One request over (mutual) TLS; any failure before a whole answer is an unknown outcome. */
function call(connection: SefinConnection, method: string, path: string, body?: unknown) {
  const url = new URL(connection.baseUrl + path)
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8')
  const secure = url.protocol === 'https:'
  return new Promise<Answer>((resolve, reject) => {
    const options: https.RequestOptions = {
      method,
      headers: {
        Accept: 'application/json',
        ...(payload
          ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) }
          : {}),
      },
      timeout: connection.timeoutMs ?? TIMEOUT_MS,
      ...(secure
        ? {
            cert: connection.client.certificatePem,
            key: connection.client.privateKeyPem,
            ca: connection.serverRoots,
            agent: connections,
          }
        : { agent: false }),
    }
    const request = (secure ? https : http).request(url, options, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', (error) => reject(new SefinUnknownOutcome(error.message)))
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = null
        try {
          parsed = text ? JSON.parse(text) : null
        } catch {
          parsed = null
        }
        resolve({ status: response.statusCode ?? 0, body: parsed })
      })
    })
    request.on('timeout', () => request.destroy(new Error('timeout')))
    request.on('error', (error) => reject(new SefinUnknownOutcome(error.message)))
    request.end(payload)
  })
}

const field = (value: Record<string, unknown>, name: string) => {
  const found = Object.keys(value).find((key) => key.toLowerCase() === name.toLowerCase())
  const text = found === undefined ? undefined : value[found]
  return typeof text === 'string' ? text : undefined
}

function errorOf(value: unknown): NationalError | null {
  if (!value || typeof value !== 'object') return null
  const entry = value as Record<string, unknown>
  const code = field(entry, 'codigo')
  const description = field(entry, 'descricao') ?? field(entry, 'mensagem')
  if (!code || !description) return null
  const complement = field(entry, 'complemento')
  return { code, description, ...(complement ? { complement } : {}) }
}

/**
 * The errors of a national error answer: `erros: [{ Codigo, Descricao, Complemento }]` (a POST's
 * refusal) or `erro: { codigo, descricao }` (a GET's), in either casing; null when the body is
 * neither.
 */
export function nationalErrorsOf(body: unknown): NationalError[] | null {
  if (!body || typeof body !== 'object') return null
  const record = body as Record<string, unknown>
  const key = (name: string) => Object.keys(record).find((k) => k.toLowerCase() === name)
  const list = key('erros')
  if (list && Array.isArray(record[list])) {
    const errors = (record[list] as unknown[]).map(errorOf)
    return errors.length > 0 && errors.every(Boolean) ? (errors as NationalError[]) : null
  }
  const single = key('erro')
  const error = single ? errorOf(record[single]) : null
  return error ? [error] : null
}

/** What a `POST /nfse` answered: the NFS-e, a refusal, or nothing the contract knows (null). */
export function issueAnswerOf(
  answer: Answer,
): { issued: SefinIssued } | { refused: NationalError[] } | null {
  if (answer.status === 201) {
    const issued = sefinIssuedSchema.safeParse(answer.body)
    return issued.success ? { issued: issued.data } : null
  }
  if (answer.status >= 400 && answer.status < 500) {
    const errors = nationalErrorsOf(answer.body)
    return errors ? { refused: errors } : null
  }
  return null
}

async function xmlOf(encoded: string) {
  const xml = await fromGzipBase64(encoded)
  if (xml === null) throw new SefinUnknownOutcome(sefinClientMessages.unexpected)
  return xml
}

/** A GET that found nothing: 404 with the national error. */
const notFound = (answer: Answer) => answer.status === 404 && nationalErrorsOf(answer.body) !== null

export function sefinClient(connection: SefinConnection) {
  return {
    /**
     * Sends a signed DPS: the NFS-e (its key and XML), or the refusal. Throws SefinUnknownOutcome
     * when no answer says what happened to it.
     */
    async issue(signedDps: string): Promise<Outcome<{ accessKey: string; nfseXml: string }>> {
      const answer = await call(connection, 'POST', '/nfse', {
        dpsXmlGZipB64: await toGzipBase64(signedDps),
      })
      const read = issueAnswerOf(answer)
      if (!read) throw new SefinUnknownOutcome(`HTTP ${answer.status}`)
      if ('refused' in read) return { ok: false, errors: read.refused }
      return {
        ok: true,
        value: {
          accessKey: read.issued.chaveAcesso,
          nfseXml: await xmlOf(read.issued.nfseXmlGZipB64),
        },
      }
    },
    /** The access key of the NFS-e a DPS became (`GET /dps/{id}`); null when there is none. */
    async nfseKeyOfDps(dpsId: string): Promise<string | null> {
      const answer = await call(connection, 'GET', `/dps/${encodeURIComponent(dpsId)}`)
      if (notFound(answer)) return null
      const found = sefinDpsFoundSchema.safeParse(answer.body)
      if (answer.status !== 200 || !found.success)
        throw new SefinUnknownOutcome(`HTTP ${answer.status}`)
      return found.data.chaveAcesso
    },
    /** An NFS-e's XML by its key; null when the system does not know the key. */
    async nfse(accessKey: string): Promise<string | null> {
      const answer = await call(connection, 'GET', `/nfse/${encodeURIComponent(accessKey)}`)
      if (notFound(answer)) return null
      const found = sefinNfseSchema.safeParse(answer.body)
      if (answer.status !== 200 || !found.success)
        throw new SefinUnknownOutcome(`HTTP ${answer.status}`)
      return xmlOf(found.data.nfseXmlGZipB64)
    },
    /**
     * An event of a key by its type and sequence (`GET /nfse/{chave}/eventos/{tipo}/{seq}`): its
     * XML; null when the system has none.
     */
    async event(accessKey: string, type: string, sequence: number): Promise<string | null> {
      const answer = await call(
        connection,
        'GET',
        `/nfse/${encodeURIComponent(accessKey)}/eventos/${type}/${sequence}`,
      )
      if (notFound(answer)) return null
      const found = sefinEventSchema.safeParse(answer.body)
      if (answer.status !== 200 || !found.success)
        throw new SefinUnknownOutcome(`HTTP ${answer.status}`)
      return xmlOf(found.data.eventoXmlGZipB64)
    },
    /** Registers a signed event request (a cancellation): the event's XML, or the refusal. */
    async registerEvent(accessKey: string, signedRequest: string): Promise<Outcome<string>> {
      const answer = await call(
        connection,
        'POST',
        `/nfse/${encodeURIComponent(accessKey)}/eventos`,
        {
          pedidoRegistroEventoXmlGZipB64: await toGzipBase64(signedRequest),
        },
      )
      const errors =
        answer.status >= 400 && answer.status < 500 ? nationalErrorsOf(answer.body) : null
      if (errors) return { ok: false, errors }
      const event = sefinEventSchema.safeParse(answer.body)
      if (answer.status !== 201 || !event.success)
        throw new SefinUnknownOutcome(`HTTP ${answer.status}`)
      return { ok: true, value: await xmlOf(event.data.eventoXmlGZipB64) }
    },
  }
}

/** A call whose answer never came, as the API answers it when nothing was at stake (a 502). */
export const unreachable = (error: unknown): never => {
  if (error instanceof SefinUnknownOutcome)
    throw outsideServiceFailed(sefinClientMessages.unreachable)
  throw error
}
