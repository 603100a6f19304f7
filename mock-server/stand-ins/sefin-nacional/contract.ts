import { gunzip, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import { z } from 'zod'

// The shapes of the national NFS-e API (Sefin Nacional, `/SefinNacional`) the product speaks and
// the mock's stand-in answers (stand-ins/sefin-nacional/routes.ts): documents travel as gzip + base64 in
// JSON; refusals carry the national error list (`erros: [{ Codigo, Descricao, Complemento }]`;
// a consultation's `erro: { codigo, descricao }`).

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/** A document's compressed and encoded size the stand-in takes (a DPS is a few KB). */
export const MAX_ENCODED_BYTES = 512 * 1024
/** Its size once decompressed. */
export const MAX_XML_BYTES = 1024 * 1024

export const toGzipBase64 = async (xml: string) =>
  (await gzipAsync(Buffer.from(xml, 'utf8'))).toString('base64')

/** The XML of a gzip + base64 text, or null when it is not one (or is too big once inflated). */
export async function fromGzipBase64(encoded: string): Promise<string | null> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length > MAX_ENCODED_BYTES) return null
  try {
    const xml = await gunzipAsync(Buffer.from(encoded, 'base64'), {
      maxOutputLength: MAX_XML_BYTES,
    })
    return xml.toString('utf8')
  } catch {
    return null
  }
}

const envelope = {
  tipoAmbiente: z.number().int(),
  versaoAplicativo: z.string(),
  dataHoraProcessamento: z.string(),
}

/** `POST /nfse`: the signed DPS. */
export const sefinIssueBodySchema = z.strictObject({
  dpsXmlGZipB64: z.string().min(1).max(MAX_ENCODED_BYTES),
})

/** `POST /nfse` (201): the NFS-e the DPS became. */
export const sefinIssuedSchema = z.object({
  ...envelope,
  idDps: z.string(),
  chaveAcesso: z.string(),
  nfseXmlGZipB64: z.string(),
})
export type SefinIssued = z.infer<typeof sefinIssuedSchema>

/** `GET /nfse/{chaveAcesso}` (200). */
export const sefinNfseSchema = z.object({
  ...envelope,
  chaveAcesso: z.string(),
  nfseXmlGZipB64: z.string(),
})

/** `POST /nfse/{chaveAcesso}/eventos`: the signed request of an event. */
export const sefinEventBodySchema = z.strictObject({
  pedidoRegistroEventoXmlGZipB64: z.string().min(1).max(MAX_ENCODED_BYTES),
})

/** `POST /nfse/{chaveAcesso}/eventos` (201): the event registered. */
export const sefinEventSchema = z.object({ ...envelope, eventoXmlGZipB64: z.string() })

/** One reason the national system refused a document. */
export const sefinErrorSchema = z.object({
  Codigo: z.string(),
  Descricao: z.string(),
  Complemento: z.string().optional(),
})
export type SefinError = z.infer<typeof sefinErrorSchema>

/** A refusal of `POST /nfse` or of an event (400). */
export const sefinRefusalSchema = z.object({
  ...envelope,
  idDps: z.string().optional(),
  erros: z.array(sefinErrorSchema).min(1),
})

/** A consultation's refusal (400, 404): one error. */
export const sefinLookupErrorSchema = z.object({
  ...envelope,
  erro: z.object({ codigo: z.string(), descricao: z.string() }),
})
