import { X509Certificate } from 'node:crypto'

// Whether the certificate that signed a national document is one the product trusts: the
// Sefin Nacional's (its NFS-e and events) against the configured anchors — the local test CA for
// the stand-in, the ICP-Brasil and the web PKI's chains for the real system (config.ts,
// MOCK_SEFIN_TRUSTED_CERTS). A document carries only its signer's certificate (KeyInfo/X509Data,
// fixtures/nfse-real/nfse/), so an anchor is the signer itself or the CA that issued it; its
// validity is judged at the moment the document says it was signed (a stored NFS-e stays
// readable after its signer's certificate expires).

export type SignerTrust = { trusted: true } | { trusted: false; reason: string }

export const signerTrustMessages = {
  unreadable: 'O certificado do assinante não pôde ser lido.',
  outsideValidity: 'O certificado do assinante não valia no momento da assinatura.',
  untrusted:
    'O certificado do assinante não é de uma autoridade confiável configurada (MOCK_SEFIN_TRUSTED_CERTS).',
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
