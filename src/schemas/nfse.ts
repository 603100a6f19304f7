import { z } from 'zod'
import { isoDateTimeSchema } from './common'
import { fieldError } from './limit-messages'

// The national NFS-e (Sistema Nacional NFS-e, layout 1.01): what the product, its screens and the
// mock's Sefin Nacional stand-in share — the cancellation event's codes and reason, the A1
// certificate a company signs with, and the access key as people read it.

// ---- cancellation (event e101101) ----

/**
 * `cMotivo` of the cancellation event e101101 (`TSCodJustCanc`, tiposSimples_v1.01.xsd): 1 error
 * in the issue, 2 service not provided, 9 other.
 */
export const nfseCancellationCodes = ['1', '2', '9'] as const
export const nfseCancellationCodeSchema = z.enum(nfseCancellationCodes, {
  error:
    'Escolha o motivo do cancelamento: 1 (erro na emissão), 2 (serviço não prestado) ou 9 (outros).',
})
export type NfseCancellationCode = z.infer<typeof nfseCancellationCodeSchema>

export const nfseCancellationCodeLabels: Record<NfseCancellationCode, string> = {
  '1': 'Erro na emissão',
  '2': 'Serviço não prestado',
  '9': 'Outros',
}

/** The reason's limits (`TSMotivo`: 15 to 255 characters, tiposSimples_v1.01.xsd). */
export const NFSE_REASON_MIN = 15
export const NFSE_REASON_MAX = 255

/**
 * `TSString`, the type of `xMotivo` (tiposSimples_v1.01.xsd): characters from the space to `ÿ`
 * (U+0020–U+00FF, the Latin-1 range), no line break, not starting or ending with a space.
 */
const nationalTextPattern = /^[\u0020-\u00ff]*$/

/** The first character of a text the national text type refuses, if any. */
const firstRefused = (text: string) => [...text].find((char) => !nationalTextPattern.test(char))

/** A refused character named as a person sees it. */
const refusedName = (char: string) =>
  char === '\n' || char === '\r'
    ? 'quebra de linha'
    : /\p{Extended_Pictographic}/u.test(char)
      ? `o emoji ${char}`
      : `o caractere “${char}”`

export const nfseReasonMessages = {
  required: 'Explique o motivo do cancelamento.',
  character: (char: string) =>
    `O motivo não aceita ${refusedName(char)}: use letras, números e pontuação comuns, em uma linha (sem emojis nem símbolos como “ ” ou —).`,
} as const

/**
 * An `xMotivo`: 15 to 255 characters of the national text type. A refused character is said
 * before the length, so that a reason with an emoji is not called too short.
 */
const nationalReasonSchema = (required: string) =>
  z
    .string({ error: fieldError(required) })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((text) => firstRefused(text) === undefined, {
      error: (issue) => nfseReasonMessages.character(firstRefused(String(issue.input)) ?? ''),
      abort: true,
    })
    .min(NFSE_REASON_MIN)
    .max(NFSE_REASON_MAX)

/** `xMotivo` of the cancellation. */
export const nfseReasonSchema = nationalReasonSchema(nfseReasonMessages.required)

/** `POST /nfs/requests/{id}/cancel`: the national cancellation's code and reason. */
/**
 * How long after its processing (`dhProc`) an NFS-e may be cancelled (Anexo II, E0822) or
 * substituted (Anexo I, E0050) by its provider, in days: the emitting municipality's parameter,
 * the same for every municipality here. The server refuses by it before sending
 * (mock-server/domain/invoices/dps-rules.ts re-exports it) and the back office offers the
 * municipality's analysis past it.
 */
export const NFSE_CHANGE_DEADLINE_DAYS = 30

/** The moment an NFS-e processed at `processedAt` can no longer be cancelled or substituted. */
export const nfseChangeDeadline = (processedAt: string) =>
  new Date(Date.parse(processedAt) + NFSE_CHANGE_DEADLINE_DAYS * 86_400_000)

/** Past the deadline, the cancellation is refused (E0822): only the analysis request remains. */
export const cancellationPastDeadline = (processedAt: string, now: Date) =>
  now.getTime() > nfseChangeDeadline(processedAt).getTime()

/**
 * Past the deadline, a substitution is refused (E0050) unless its reason is leaving or entering
 * the Simples Nacional (codes 01 and 02).
 */
export const substitutionPastDeadline = (processedAt: string, code: string, now: Date) =>
  cancellationPastDeadline(processedAt, now) && code !== '01' && code !== '02'

export const nfseCancelSchema = z.strictObject({
  code: nfseCancellationCodeSchema,
  reason: nfseReasonSchema,
})
export type NfseCancel = z.input<typeof nfseCancelSchema>

// ---- substitution (the DPS's `subst` group) ----

/**
 * `cMotivo` of a substitution (`TSCodJustSubst`, tiposSimples_v1.01.xsd): 01 the NFS-e leaves the
 * Simples Nacional, 02 it enters it, 03 a retroactive immunity or exemption included, 04 one
 * excluded, 05 the taker (or the intermediary who pays the tax) rejected it, 99 other.
 */
export const nfseSubstitutionCodes = ['01', '02', '03', '04', '05', '99'] as const
export const nfseSubstitutionCodeSchema = z.enum(nfseSubstitutionCodes, {
  error: 'Escolha o motivo da substituição (01 a 05 ou 99).',
})
export type NfseSubstitutionCode = z.infer<typeof nfseSubstitutionCodeSchema>

export const nfseSubstitutionCodeLabels: Record<NfseSubstitutionCode, string> = {
  '01': 'Desenquadramento do Simples Nacional',
  '02': 'Enquadramento no Simples Nacional',
  '03': 'Inclusão retroativa de imunidade ou isenção',
  '04': 'Exclusão retroativa de imunidade ou isenção',
  '05': 'Rejeição pelo tomador (ou pelo intermediário responsável pelo tributo)',
  '99': 'Outros',
}

/** A substitution's code, its label and the reason, as both screens show them. */
export const substitutionReasonText = (request: {
  substitutionCode: NfseSubstitutionCode | null
  substitutionReason: string | null
}) =>
  `${request.substitutionCode ? `${request.substitutionCode} — ${nfseSubstitutionCodeLabels[request.substitutionCode]}: ` : ''}${request.substitutionReason ?? '—'}`

/** `xMotivo` of a substitution. */
export const nfseSubstitutionReasonSchema = nationalReasonSchema(
  'Explique o motivo da substituição.',
)

// ---- the A1 certificate ----

/**
 * A company's A1 certificate as the API answers it (never its key): the subject and issuer as
 * printed (`CN=…, O=…`), the CNPJ it was issued to, its serial number (hex) and validity.
 */
export const certificateInfoSchema = z.object({
  subject: z.string(),
  cnpj: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: isoDateTimeSchema,
  notAfter: isoDateTimeSchema,
})
export type CertificateInfo = z.infer<typeof certificateInfoSchema>

/** The certificate's password, as typed (PKCS#12 passwords are short texts). */
export const certificatePasswordSchema = z
  .string({ error: fieldError('Informe a senha do certificado.') })
  .min(1, { error: 'Informe a senha do certificado.' })
  .max(128)

/** The multipart form of `PUT /companies/{id}/certificate`: the file goes in the `file` part. */
export const certificateUploadSchema = z.strictObject({ password: certificatePasswordSchema })

/** Files a certificate upload takes: PKCS#12 (`.pfx`, `.p12`), up to 64 KB. */
export const CERTIFICATE_EXTENSIONS = ['.pfx', '.p12'] as const
export const CERTIFICATE_MAX_BYTES = 64 * 1024

/** Days before its expiry from which the account area warns about a certificate. */
export const CERTIFICATE_WARNING_DAYS = 30

const DAY_MS = 86_400_000

/** Whole days until a certificate expires (negative once it has). */
export const daysUntil = (notAfter: string, now: Date = new Date()) =>
  Math.floor((Date.parse(notAfter) - now.getTime()) / DAY_MS)

/** How a certificate stands: valid, expiring within 30 days, or expired. */
export function certificateStanding(
  certificate: Pick<CertificateInfo, 'notAfter' | 'notBefore'>,
  now: Date = new Date(),
): 'valid' | 'expiring' | 'expired' {
  if (Date.parse(certificate.notAfter) <= now.getTime()) return 'expired'
  return daysUntil(certificate.notAfter, now) <= CERTIFICATE_WARNING_DAYS ? 'expiring' : 'valid'
}

// ---- the access key ----

/**
 * The access key's shape, `TSIdNFSe` without its "NFS" (tiposSimples of 27/07/2026, see
 * fixtures/reference/SOURCES.md): municipality, environment and 1 CPF/2 CNPJ (9 digits), the
 * provider's CPF zero-padded or CNPJ — alphanumeric since IN RFB 2.229/2024 — (14 of 0-9A-Z),
 * number, `AAMM`, code and check digit (27 digits). 50 characters.
 */
export const ACCESS_KEY_SHAPE = '[0-9]{9}[0-9A-Z]{14}[0-9]{27}'
export const ACCESS_KEY_PATTERN = new RegExp(`^${ACCESS_KEY_SHAPE}$`)

/** The 50-character access key in groups of four, as the DANFSe prints it. */
export const formatAccessKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ')
