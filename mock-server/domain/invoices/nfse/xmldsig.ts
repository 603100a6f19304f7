import { DOMParser } from '@xmldom/xmldom'
import { SignedXml } from 'xml-crypto'
import type { CertificatePems } from './certificates'

// The national NFS-e's signature (layout 1.01): XMLDSig enveloped over the signed element
// (`infDPS`, `infNFSe`, `infPedReg`, `infEvento`), its `Reference URI` = "#" + the element's `Id`,
// canonicalization C14N 1.0 (REC-xml-c14n-20010315), transforms enveloped-signature + C14N,
// RSA-SHA1 and SHA-1 as the layout asks, the signer's certificate in KeyInfo/X509Data. The
// canonicalization and the digests are xml-crypto's; nothing here is hand-written.

export const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'
export const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature'
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
export const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1'
const DSIG = 'http://www.w3.org/2000/09/xmldsig#'

/** The elements the national documents sign, each the first child of its document's root. */
export type SignedElement = 'infDPS' | 'infNFSe' | 'infPedReg' | 'infEvento'

const byName = (name: string) => `//*[local-name(.)='${name}']`

/**
 * Signs `element` of a document: the Signature goes right after it, inside its parent (where
 * the layouts place `ds:Signature`).
 */
export function signEnveloped(xml: string, element: SignedElement, pems: CertificatePems): string {
  const signer = new SignedXml({
    privateKey: pems.privateKeyPem,
    publicCert: pems.certificatePem,
    signatureAlgorithm: RSA_SHA1,
    canonicalizationAlgorithm: C14N,
  })
  signer.addReference({
    xpath: byName(element),
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: SHA1,
  })
  signer.computeSignature(xml, { location: { reference: byName(element), action: 'after' } })
  return signer.getSignedXml()
}

export type Verification =
  | { valid: true; certificatePem: string }
  | { valid: false; reason: string; certificatePem: string | null }

const pemOf = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`

/**
 * Verifies the signature of `element` with the certificate its KeyInfo carries: the one
 * Signature that is a sibling of the element, its Reference pointing at the element's `Id` (no
 * other element signed in its place), the algorithms of the layout, and the digest and signature
 * values. The certificate is answered so the caller can check whose it is.
 */
export function verifyEnveloped(xml: string, element: SignedElement): Verification {
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
  const layout = [
    algorithm('CanonicalizationMethod') === C14N,
    algorithm('SignatureMethod') === RSA_SHA1,
    algorithm('DigestMethod') === SHA1,
    references.length === 1 && references[0]!.getAttribute('URI') === `#${id}`,
    within('Transform')
      .map((t) => t.getAttribute('Algorithm'))
      .join(' ') === `${ENVELOPED} ${C14N}`,
  ]
  if (layout.includes(false))
    return {
      valid: false,
      reason: `A assinatura precisa ser C14N, RSA-SHA1 e SHA-1 sobre #${id}, com as transformações enveloped-signature e C14N.`,
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
  return { valid: true, certificatePem }
}
