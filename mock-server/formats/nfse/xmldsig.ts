import { DOMParser } from '@xmldom/xmldom'
import { SignedXml } from 'xml-crypto'
import type { CertificatePems } from './certificates'

// The national NFS-e's signature (layout 1.01): XMLDSig enveloped over the signed element
// (`infDPS`, `infNFSe`, `infPedReg`, `infEvento`), its `Reference URI` = "#" + the element's `Id`,
// transforms enveloped-signature + the canonicalization, the signer's certificate in
// KeyInfo/X509Data. Two sets of algorithms are in use (fixtures/nfse-real/SOURCES.md):
// - `provider`: what most providers' clients sign a DPS or an event request with — C14N 1.0,
//   RSA-SHA1, SHA-1 (the product signs its DPS so);
// - `sefin`: what the Sefin Nacional signs every NFS-e and event with — exclusive C14N with
//   comments, RSA-SHA256, SHA-256 (both real NFS-e in fixtures/nfse-real/nfse/).
// A reader takes either (a real DPS was also accepted with exc-c14n + RSA-SHA256). The
// canonicalization and the digests are xml-crypto's; nothing here is hand-written.

export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#'
export const EXC_C14N_WITH_COMMENTS = 'http://www.w3.org/2001/10/xml-exc-c14n#WithComments'
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature'
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256'
export const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1'
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256'
const DSIG = 'http://www.w3.org/2000/09/xmldsig#'

/** A set of signature algorithms. */
export type SignatureAlgorithms = { canonicalization: string; signature: string; digest: string }

export const signatureProfiles = {
  provider: { canonicalization: C14N, signature: RSA_SHA1, digest: SHA1 },
  sefin: { canonicalization: EXC_C14N_WITH_COMMENTS, signature: RSA_SHA256, digest: SHA256 },
  /** Exclusive C14N and RSA-SHA256, also accepted from providers. */
  providerSha256: { canonicalization: EXC_C14N, signature: RSA_SHA256, digest: SHA256 },
} as const satisfies Record<string, SignatureAlgorithms>
export type SignatureProfile = keyof typeof signatureProfiles

/** What a reader takes from each signer: a provider's documents, the Sefin's. */
export const acceptedProfiles = {
  provider: ['provider', 'providerSha256'],
  sefin: ['sefin', 'provider', 'providerSha256'],
} as const satisfies Record<string, readonly SignatureProfile[]>

/** The elements the national documents sign, each the first child of its document's root. */
export type SignedElement = 'infDPS' | 'infNFSe' | 'infPedReg' | 'infEvento'

const byName = (name: string) => `//*[local-name(.)='${name}']`

/**
 * Signs `element` of a document: the Signature goes right after it, inside its parent (where
 * the layouts place `ds:Signature`).
 */
export function signEnveloped(
  xml: string,
  element: SignedElement,
  pems: CertificatePems,
  profile: SignatureProfile = 'provider',
): string {
  const algorithms = signatureProfiles[profile]
  const signer = new SignedXml({
    privateKey: pems.privateKeyPem,
    publicCert: pems.certificatePem,
    signatureAlgorithm: algorithms.signature,
    canonicalizationAlgorithm: algorithms.canonicalization,
  })
  signer.addReference({
    xpath: byName(element),
    transforms: [ENVELOPED, algorithms.canonicalization],
    digestAlgorithm: algorithms.digest,
  })
  signer.computeSignature(xml, { location: { reference: byName(element), action: 'after' } })
  return signer.getSignedXml()
}

export type Verification =
  | { valid: true; certificatePem: string; profile: SignatureProfile }
  | { valid: false; reason: string; certificatePem: string | null }

const pemOf = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`

/**
 * Verifies the signature of `element` with the certificate its KeyInfo carries: the one
 * Signature that is a sibling of the element, its Reference pointing at the element's `Id` (no
 * other element signed in its place), the algorithms of the layout, and the digest and signature
 * values. The certificate is answered so the caller can check whose it is.
 */
export function verifyEnveloped(
  xml: string,
  element: SignedElement,
  accepted: readonly SignatureProfile[] = acceptedProfiles.provider,
): Verification {
  let doc: Document
  try {
    doc = new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document
  } catch {
    return { valid: false, reason: 'XML mal formado.', certificatePem: null }
  }
  const elements = Array.from(doc.getElementsByTagName('*'))
  const signed = elements.filter((node) => node.localName === element)
  if (signed.length !== 1)
    return {
      valid: false,
      reason: `O documento precisa ter um único ${element}.`,
      certificatePem: null,
    }
  const target = signed[0]!
  const id = target.getAttribute('Id')
  const signatures = Array.from(target.parentNode?.childNodes ?? []).filter(
    (node): node is Element =>
      node.nodeType === 1 &&
      (node as Element).localName === 'Signature' &&
      (node as Element).namespaceURI === DSIG,
  )
  if (signatures.length !== 1 || !id)
    return {
      valid: false,
      reason: `Assinatura de ${element} não encontrada.`,
      certificatePem: null,
    }
  const signature = signatures[0]!
  const within = (name: string) =>
    Array.from(signature.getElementsByTagNameNS(DSIG, name)) as Element[]
  const text = (name: string) => within(name)[0]?.textContent?.trim() ?? ''
  const algorithm = (name: string) => within(name)[0]?.getAttribute('Algorithm') ?? ''
  const certificateB64 = text('X509Certificate')
  const certificatePem = certificateB64 ? pemOf(certificateB64) : null
  if (!certificatePem)
    return { valid: false, reason: 'O certificado não está em KeyInfo/X509Data.', certificatePem }
  const references = within('Reference')
  const transforms = within('Transform').map((t) => t.getAttribute('Algorithm'))
  const profile = accepted.find((name) => {
    const algorithms: SignatureAlgorithms = signatureProfiles[name]
    return (
      algorithm('CanonicalizationMethod') === algorithms.canonicalization &&
      algorithm('SignatureMethod') === algorithms.signature &&
      algorithm('DigestMethod') === algorithms.digest &&
      transforms.join(' ') === `${ENVELOPED} ${algorithms.canonicalization}`
    )
  })
  const sameReference = references.length === 1 && references[0]!.getAttribute('URI') === `#${id}`
  if (!profile || !sameReference)
    return {
      valid: false,
      reason: `A assinatura precisa ser sobre #${id}, com as transformações enveloped-signature e a canonicalização, nos algoritmos do leiaute (${accepted
        .map((name) => {
          const a: SignatureAlgorithms = signatureProfiles[name]
          return `${a.canonicalization.split('/').at(-1)} + ${a.signature.split('#').at(-1)}`
        })
        .join(' ou ')}).`,
      certificatePem,
    }
  // Every element with this Id: exactly the signed one (no wrapped copy signed in its place).
  if (elements.filter((node) => node.getAttribute('Id') === id).length !== 1)
    return { valid: false, reason: 'Id duplicado no documento.', certificatePem }
  try {
    const verifier = new SignedXml({ publicCert: certificatePem })
    verifier.loadSignature(signature)
    if (!verifier.checkSignature(xml))
      return { valid: false, reason: 'A assinatura não confere com o conteúdo.', certificatePem }
  } catch (error) {
    return {
      valid: false,
      reason: `A assinatura não confere com o conteúdo (${(error as Error).message}).`,
      certificatePem,
    }
  }
  return { valid: true, certificatePem, profile }
}
