import { certificateFacts, type CertificatePems } from './certificates'
import { readCancellationRequest, readDps, type DpsFacts } from './reader'
import {
  signEnveloped,
  verifyEnveloped,
  type SignatureProfile,
  type SignedElement,
  type Verification,
} from './xmldsig'
import { validateAgainst, type SchemaName, type SchemaProblem } from './xsd'

// Signing a national NFS-e document and checking a signed one: its schema (xsd.ts), its
// XMLDSig (xmldsig.ts), its signer's certificate and its fields (reader.ts). The product's NFS-e
// worker runs these as jobs (mock-server/domain/invoices/nfse/jobs.ts), for itself and for the
// Sefin Nacional stand-in, which signs what it issues and checks what it receives with them.

export type SignJob = {
  kind: 'sign'
  schema: SchemaName
  element: SignedElement
  xml: string
  pems: CertificatePems
  /** The algorithms: a provider's (the default) or the Sefin's (the stand-in's NFS-e, events). */
  profile?: SignatureProfile
}
/** Validates a document against its schema (nothing signed). */
export type ValidateJob = { kind: 'validate'; schema: SchemaName; xml: string }
/** Validates a signed document, verifies its signature and reads it (the stand-in's checks). */
export type CheckJob = { kind: 'check'; document: 'DPS' | 'pedRegEvento'; xml: string }

export type Signed = { signed: string } | { problems: SchemaProblem[] }
export type SignerFacts = ReturnType<typeof certificateFacts>
export type Checked =
  | { problems: SchemaProblem[] }
  | {
      signature: Verification
      signer: SignerFacts | null
      dps: DpsFacts | null
      cancellation: ReturnType<typeof readCancellationRequest> | null
    }

const signedElements: Record<CheckJob['document'], SignedElement> = {
  DPS: 'infDPS',
  pedRegEvento: 'infPedReg',
}

/** The documents whose schema requires their `ds:Signature`. */
const signatureRequired = new Set<SchemaName>(['NFSe', 'evento'])

/** The facts of the certificate that signed, if the signature carries one. */
export const signerOf = (verification: Verification) =>
  verification.certificatePem ? certificateFacts(verification.certificatePem) : null

/** Signs a document: validated before signing (a DPS the schema refuses is never signed). */
export function signDocument(job: SignJob): Signed {
  // A DPS or an event request is checked before it is signed (its signature is optional in
  // its schema); the NFS-e and the event, whose schemas require theirs, once signed.
  const beforeSigning = !signatureRequired.has(job.schema)
  const problems = beforeSigning ? validateAgainst(job.schema, job.xml) : []
  if (problems.length > 0) return { problems }
  const signed = signEnveloped(job.xml, job.element, job.pems, job.profile)
  const after = beforeSigning ? [] : validateAgainst(job.schema, signed)
  return after.length > 0 ? { problems: after } : { signed }
}

/** A signed DPS or event request: valid against its schema, its signature verified, read. */
export function checkDocument(job: CheckJob): Checked {
  const problems = validateAgainst(job.document, job.xml)
  if (problems.length > 0) return { problems }
  const signature = verifyEnveloped(job.xml, signedElements[job.document])
  return {
    signature,
    signer: signerOf(signature),
    dps: job.document === 'DPS' ? readDps(job.xml) : null,
    cancellation: job.document === 'pedRegEvento' ? readCancellationRequest(job.xml) : null,
  }
}
