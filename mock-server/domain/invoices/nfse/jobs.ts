import { cityDirectory } from '../../../reference/cities'
import { DomainError, type Issue } from '../../errors'
import { readA1 } from './a1'
import type { CertificateFacts, CertificatePems } from '../../../formats/nfse/certificates'
import {
  checkDocument,
  signDocument,
  signerOf,
  type Checked,
  type CheckJob,
  type Signed,
  type SignerFacts,
  type SignJob,
  type ValidateJob,
} from '../../../formats/nfse/checks'
import { danfsePdf } from './danfse'
import { municipalityLabel } from '../../../formats/nfse/places'
import { readEvent, readNfse, type EventFacts, type NfseFacts } from '../../../formats/nfse/reader'
import {
  sefinSignerTrust,
  type SefinTrust,
  type SignerTrust,
} from '../../../formats/nfse/signer-trust'
import { acceptedProfiles, verifyEnveloped, type Verification } from '../../../formats/nfse/xmldsig'
import { validateAgainst, warmSchemas, type SchemaProblem } from '../../../formats/nfse/xsd'

// The heavy work of the national NFS-e — the official schemas, XMLDSig, the DANFSe — as jobs the
// NFS-e worker thread runs (worker.ts), so none of it blocks the API's event loop. Also called
// directly by the unit tests and the bench (the same code, on their own thread). Signing, validating
// and checking a document are the national layout's (mock-server/formats/nfse/checks.ts); reading
// an NFS-e or an event the Sefin answered, with the product's trust in its signer, reading an A1
// and drawing the DANFSe are the product's.

/**
 * Verifies an NFS-e the national system answered — its signature by the algorithms the Sefin
 * uses (or a provider's), its signer chained to `trust.anchors` at the moment it was processed
 * and the Sefin's own (`trust.signer`) — and reads it (the product's check).
 */
export type ReadNfseJob = { kind: 'read-nfse'; xml: string; trust: SefinTrust }
/**
 * Verifies an event the national system answered (a registered cancellation, an analysis, the
 * municipality's answer to it) as an NFS-e is: its schema (evento_v1.01.xsd), the Sefin's
 * signature of `infEvento`, its signer judged as an NFS-e's — and reads it. Whether it is the
 * event asked for is the caller's check (nfse/sefin-events.ts).
 */
export type ReadEventJob = { kind: 'read-event'; xml: string; trust: SefinTrust }
export type DanfseJob = {
  kind: 'danfse'
  xml: string
  consultationUrl: string
  cancellation: { at: string; reason: string; codeLabel: string } | null
  substituted: boolean
}
/** Opens an uploaded A1 (PKCS#12 and password) for a company's CNPJ. */
export type ReadA1Job = {
  kind: 'read-a1'
  file: Uint8Array
  password: string
  cnpj: string
  /** The roots an A1 must chain to (the ICP-Brasil's; the local test CA here). */
  anchors: string[]
}
export type NfseJob =
  SignJob | ValidateJob | CheckJob | ReadNfseJob | ReadEventJob | DanfseJob | ReadA1Job

/** An A1 read: its PEMs and facts, or why it was refused (400, in pt-BR, with its field). */
export type ReadA1 =
  | (CertificatePems & { facts: CertificateFacts })
  | { refused: { message: string; issues: Issue[] } }

/** A document the Sefin signed: its signature, its signer and whether the signer is trusted. */
export type SefinSigned = {
  signature: Verification
  signer: SignerFacts | null
  trust: SignerTrust
}
export type ReadNfse = SefinSigned & { nfse: NfseFacts }
/** An event read: refused by its schema, or its Sefin signature judged and its fields. */
export type ReadEvent = { problems: SchemaProblem[] } | (SefinSigned & { event: EventFacts })

export type JobResult<J extends NfseJob> = J extends SignJob
  ? Signed
  : J extends ValidateJob
    ? SchemaProblem[]
    : J extends CheckJob
      ? Checked
      : J extends ReadNfseJob
        ? ReadNfse
        : J extends ReadEventJob
          ? ReadEvent
          : J extends ReadA1Job
            ? ReadA1
            : Uint8Array

/** The name of a municipality by IBGE code, "São Paulo/SP" (the code itself if unknown). */
const municipalityName = (code: string | null) => municipalityLabel(code) ?? code ?? '—'

/** Runs one job: validate before signing (a DPS the schema refuses is never signed). */
export async function runJob<J extends NfseJob>(job: J): Promise<JobResult<J>> {
  switch (job.kind) {
    case 'sign':
      return signDocument(job) as JobResult<J>
    case 'validate':
      return validateAgainst(job.schema, job.xml) as JobResult<J>
    case 'check':
      return checkDocument(job) as JobResult<J>
    case 'read-nfse': {
      return readNationalNfse(job.xml, job.trust) as JobResult<J>
    }
    case 'read-event':
      return readNationalEvent(job.xml, job.trust) as JobResult<J>
    case 'read-a1':
      try {
        return readA1(job.file, job.password, job.cnpj, new Date(), job.anchors) as JobResult<J>
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        return {
          refused: { message: error.message, issues: error.issues ?? [] },
        } as JobResult<J>
      }
    case 'danfse':
      return (await danfsePdf({
        nfse: readNfse(job.xml),
        municipalityName,
        consultationUrl: job.consultationUrl,
        cancellation: job.cancellation,
        substituted: job.substituted,
      })) as JobResult<J>
  }
}

/** An NFS-e as the product reads it: verified, its signer judged, its fields. */
export function readNationalNfse(xml: string, trust: SefinTrust): ReadNfse {
  const nfse = readNfse(xml)
  return { ...sefinSigned(xml, 'infNFSe', trust, nfse.processedAt), nfse }
}

/** An event as the product reads it: valid against its schema, verified, its signer judged. */
export function readNationalEvent(xml: string, trust: SefinTrust): ReadEvent {
  const problems = validateAgainst('evento', xml)
  if (problems.length > 0) return { problems }
  const event = readEvent(xml)
  return { ...sefinSigned(xml, 'infEvento', trust, event.processedAt), event }
}

/**
 * The Sefin's signature of `element` by the algorithms it signs with (or a provider's), and its
 * signer: chained to the anchors at `signedAt` (the document's `dhProc`) and the Sefin's own.
 */
function sefinSigned(
  xml: string,
  element: 'infNFSe' | 'infEvento',
  trust: SefinTrust,
  signedAt: string | null,
): SefinSigned {
  const signature = verifyEnveloped(xml, element, acceptedProfiles.sefin)
  const judged: SignerTrust = signature.certificatePem
    ? sefinSignerTrust(signature.certificatePem, trust, new Date(signedAt ?? Number.NaN))
    : { trusted: false, reason: 'Sem certificado do assinante.' }
  return { signature, signer: signerOf(signature), trust: judged }
}

/** Compiles the schemas and loads the municipalities ahead of the first job. */
export function warmJobs() {
  warmSchemas()
  cityDirectory()
}
