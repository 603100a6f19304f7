import type { Request } from 'express'
import type { ServerConfig } from '../../../config'
import { HttpError } from '../../../http'
import {
  fromGzipBase64,
  sefinEventSchema,
  sefinIssuedSchema,
  sefinNfseSchema,
  sefinRefusalSchema,
  toGzipBase64,
} from '../../../stand-ins/sefin-nacional/contract'

// The product's client of the national NFS-e API (Sefin Nacional): `POST /nfse`, `GET
// /nfse/{chave}`, `POST /nfse/{chave}/eventos`, at the address the configuration gives
// (MOCK_SEFIN_URL) or, by default, this server's own stand-in (`/sefin-nacional`). Pointing the
// product at the national API is that setting (its mutual TLS with the company's certificate is
// not part of this client).

const TIMEOUT_MS = 30_000

/** A refusal of the national system: its errors, as it worded them. */
export type NationalError = { code: string; description: string; complement?: string }
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: NationalError[] }

export const sefinClientMessages = {
  unreachable: 'A Sefin Nacional não respondeu. Nada foi alterado: tente de novo em instantes.',
  unexpected: 'A Sefin Nacional respondeu algo que não é do seu contrato. Nada foi alterado.',
} as const

/** The API's base address: the configured one, or this server's stand-in as the request reached it. */
export function sefinBaseUrl(config: ServerConfig, req: Request) {
  if (config.sefinUrl) return config.sefinUrl.replace(/\/$/, '')
  const { localAddress = '127.0.0.1', localPort } = req.socket
  const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress
  return `http://${host}:${localPort}/sefin-nacional`
}

async function call(url: string, init?: RequestInit) {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    return { status: response.status, body: (await response.json()) as unknown }
  } catch {
    throw new HttpError(502, sefinClientMessages.unreachable)
  }
}

/** A refusal's errors, or a 502 when the answer is not in the national shape. */
function refusalOf(body: unknown): NationalError[] {
  const refusal = sefinRefusalSchema.safeParse(body)
  if (!refusal.success) throw new HttpError(502, sefinClientMessages.unexpected)
  return refusal.data.erros.map((error) => ({
    code: error.Codigo,
    description: error.Descricao,
    ...(error.Complemento ? { complement: error.Complemento } : {}),
  }))
}

async function xmlOf(encoded: string) {
  const xml = await fromGzipBase64(encoded)
  if (xml === null) throw new HttpError(502, sefinClientMessages.unexpected)
  return xml
}

export function sefinClient(baseUrl: string) {
  return {
    /** Sends a signed DPS: the NFS-e (its key and XML), or the refusal. */
    async issue(signedDps: string): Promise<Outcome<{ accessKey: string; nfseXml: string }>> {
      const answer = await call(`${baseUrl}/nfse`, {
        method: 'POST',
        body: JSON.stringify({ dpsXmlGZipB64: await toGzipBase64(signedDps) }),
      })
      if (answer.status === 400) return { ok: false, errors: refusalOf(answer.body) }
      const issued = sefinIssuedSchema.safeParse(answer.body)
      if (answer.status !== 201 || !issued.success)
        throw new HttpError(502, sefinClientMessages.unexpected)
      return {
        ok: true,
        value: {
          accessKey: issued.data.chaveAcesso,
          nfseXml: await xmlOf(issued.data.nfseXmlGZipB64),
        },
      }
    },
    /** An NFS-e's XML by its key; null when the system does not know the key. */
    async nfse(accessKey: string): Promise<string | null> {
      const answer = await call(`${baseUrl}/nfse/${accessKey}`)
      if (answer.status === 404) return null
      const found = sefinNfseSchema.safeParse(answer.body)
      if (answer.status !== 200 || !found.success)
        throw new HttpError(502, sefinClientMessages.unexpected)
      return xmlOf(found.data.nfseXmlGZipB64)
    },
    /** Registers a signed event request (a cancellation): the event's XML, or the refusal. */
    async registerEvent(accessKey: string, signedRequest: string): Promise<Outcome<string>> {
      const answer = await call(`${baseUrl}/nfse/${accessKey}/eventos`, {
        method: 'POST',
        body: JSON.stringify({ pedidoRegistroEventoXmlGZipB64: await toGzipBase64(signedRequest) }),
      })
      if (answer.status === 400) return { ok: false, errors: refusalOf(answer.body) }
      const event = sefinEventSchema.safeParse(answer.body)
      if (answer.status !== 201 || !event.success)
        throw new HttpError(502, sefinClientMessages.unexpected)
      return { ok: true, value: await xmlOf(event.data.eventoXmlGZipB64) }
    },
  }
}
