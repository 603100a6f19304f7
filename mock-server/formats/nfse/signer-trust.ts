import { X509Certificate } from 'node:crypto'
import { cnpjKey } from '../../../src/schemas/brazil'
import { cnpjsOfCertificate } from './certificates'

// Whether the certificate that signed a national document is one the product trusts: the
// Sefin Nacional's (its NFS-e and events) against the configured anchors — the local test CA for
// the stand-in, the ICP-Brasil and the web PKI's chains for the real system (config.ts,
// MOCK_SEFIN_TRUSTED_CERTS). A document carries only its signer's certificate (KeyInfo/X509Data,
// fixtures/nfse-real/nfse/), so an anchor is the signer itself or the CA that issued it; its
// validity is judged at the moment the document says it was signed (a stored NFS-e stays
// readable after its signer's certificate expires).
//
// A chain is not enough for the Sefin: an anchor is a whole PKI, whose other certificates (any
// company's e-CNPJ under ICP-Brasil) would pass as the national system. So its signer must also
// be the Sefin's own (`SignerIdentity`). The real one signs with its host's TLS certificate
// (fixtures/nfse-real/nfse/): SERPRO's for `sefin.producaorestrita.nfse.gov.br` (an ICP-Brasil
// SSL certificate with SERPRO's CNPJ as the subject's serialNumber) and for `*.nfse.gov.br` (a
// web PKI one, no CNPJ at all) — so the identity is a host name, or a CNPJ, or, for the local
// stand-in, its certificate itself.

export type SignerTrust = { trusted: true } | { trusted: false; reason: string }

/** Who the Sefin Nacional's signer must be (any one of these). */
export type SignerIdentity = {
  /**
   * A host name its certificate is valid for (its subjectAltName, wildcards as TLS has them:
   * `*.nfse.gov.br` is `sefin.nfse.gov.br`'s), or the CNPJ it was issued to (ICP-Brasil's otherName
   * 2.16.76.1.3.3, or the subject's serialNumber).
   */
  names: readonly string[]
  /** Certificates pinned themselves (the local stand-in's). */
  certificates: readonly string[]
}

/** What a national document's signer is judged against. */
export type SefinTrust = { anchors: readonly string[]; signer: SignerIdentity }

export const signerTrustMessages = {
  unreadable: 'O certificado do assinante não pôde ser lido.',
  outsideValidity: 'O certificado do assinante não valia no momento da assinatura.',
  untrusted:
    'O certificado do assinante não é de uma autoridade confiável configurada (MOCK_SEFIN_TRUSTED_CERTS).',
  notSefin: (holder: string, expected: string) =>
    `O certificado do assinante (${holder}) é de uma autoridade confiável, mas não é o da Sefin Nacional (esperado: ${expected}; MOCK_SEFIN_SIGNER).`,
} as const

/** Every PEM certificate in a text (a bundle of anchors). */
export const certificatesIn = (bundle: string) =>
  bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []

export function signerTrust(
  certificatePem: string,
  anchors: readonly string[],
  at: Date,
): SignerTrust {
  let signer: X509Certificate
  try {
    signer = new X509Certificate(certificatePem)
  } catch {
    return { trusted: false, reason: signerTrustMessages.unreadable }
  }
  const time = at.getTime()
  if (!(Date.parse(signer.validFrom) <= time && time <= Date.parse(signer.validTo)))
    return { trusted: false, reason: signerTrustMessages.outsideValidity }
  const trusted = anchors.some((pem) => {
    try {
      const anchor = new X509Certificate(pem)
      if (anchor.fingerprint256 === signer.fingerprint256) return true
      return signer.checkIssued(anchor) && signer.verify(anchor.publicKey)
    } catch {
      return false
    }
  })
  return trusted ? { trusted: true } : { trusted: false, reason: signerTrustMessages.untrusted }
}

/** A CNPJ (the alphanumeric one too), written with or without its punctuation; else a host. */
const CNPJ = /^[0-9A-Z]{12}\d{2}$/

/** Whether a certificate is the one `identity` names. */
export function isSignerOf(certificatePem: string, identity: SignerIdentity): boolean {
  let signer: X509Certificate
  try {
    signer = new X509Certificate(certificatePem)
  } catch {
    return false
  }
  const pinned = identity.certificates.some((pem) => {
    try {
      return new X509Certificate(pem).fingerprint256 === signer.fingerprint256
    } catch {
      return false
    }
  })
  if (pinned) return true
  const cnpjs = identity.names.map(cnpjKey).filter((name) => CNPJ.test(name))
  const hosts = identity.names.filter((name) => !CNPJ.test(cnpjKey(name)))
  if (hosts.some((host) => signer.checkHost(host) !== undefined)) return true
  if (cnpjs.length === 0) return false
  const held = cnpjsOfCertificate(certificatePem)
  return cnpjs.some((cnpj) => held.includes(cnpj))
}

/** The holder a certificate names, for people: its CN (or its whole subject). */
function holderOf(certificatePem: string) {
  try {
    const subject = new X509Certificate(certificatePem).subject
    return /^CN=(.+)$/m.exec(subject)?.[1] ?? subject.replace(/\n/g, ', ')
  } catch {
    return '?'
  }
}

/** The Sefin Nacional's signer: chained to an anchor, valid then, and the Sefin's own. */
export function sefinSignerTrust(certificatePem: string, trust: SefinTrust, at: Date): SignerTrust {
  const chained = signerTrust(certificatePem, trust.anchors, at)
  if (!chained.trusted) return chained
  if (isSignerOf(certificatePem, trust.signer)) return chained
  const expected = [
    ...trust.signer.names,
    ...trust.signer.certificates.map((pem) => `o certificado de ${holderOf(pem)}`),
  ].join(', ')
  return {
    trusted: false,
    reason: signerTrustMessages.notSefin(
      holderOf(certificatePem),
      expected || 'nenhum configurado',
    ),
  }
}
