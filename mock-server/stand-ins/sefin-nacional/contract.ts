import { gunzip, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import { z } from 'zod'

// The shapes of the national NFS-e API (Sefin Nacional, `/SefinNacional`; its Swagger in
// fixtures/nfse-real/swagger/, real answers in fixtures/nfse-real/api/) the product speaks and
// the stand-in answers (stand-ins/sefin-nacional/): documents travel as gzip + base64 in JSON; a
// 201 of `POST /nfse` has `idDps` = "NFS" + the key; a refusal of a POST carries `idDPS` and the
// national error list (`erros: [{ Codigo, Descricao, Complemento }]`); a GET that finds nothing,
// one `erro: { codigo, descricao }`.

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
  // The real `GET /dps/{id}` 404 has none.
  versaoAplicativo: z.string().optional(),
  dataHoraProcessamento: z.string(),
}

/** `POST /nfse`: the signed DPS. */
export const sefinIssueBodySchema = z.strictObject({
  dpsXmlGZipB64: z.string().min(1).max(MAX_ENCODED_BYTES),
})

/** `POST /nfse` (201): the NFS-e the DPS became (`idDps`: "NFS" + the key). */
export const sefinIssuedSchema = z.object({
  ...envelope,
  idDps: z.string(),
  chaveAcesso: z.string(),
  nfseXmlGZipB64: z.string(),
  alertas: z.array(z.unknown()).nullable().optional(),
})

/** `GET /dps/{id}` (200): the key of the NFS-e a DPS became. */
export const sefinDpsFoundSchema = z.object({
  ...envelope,
  idDps: z.string(),
  chaveAcesso: z.string(),
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
  idDPS: z.string().optional(),
  erros: z.array(sefinErrorSchema).min(1),
})

/** A consultation's refusal (400, 404): one error. */
export const sefinLookupErrorSchema = z.object({
  ...envelope,
  erro: z.object({
    codigo: z.string(),
    descricao: z.string(),
    complemento: z.string().optional(),
  }),
})
