import forge from 'node-forge'
import { formatCnpj } from '@brazilian-utils/brazilian-utils'
import { invalid } from '../../errors'
import {
  certificateFacts,
  cnpjFromAltNames,
  issuedBy,
  sameCertificate,
  type CertificateFacts,
  type CertificatePems,
} from '../../../formats/nfse/certificates'

// A company's A1 certificate (ICP-Brasil: a PKCS#12 file and its password) read as the product
// accepts it, refused in pt-BR with the field to fix. What a certificate says is the national
// layout's (mock-server/formats/nfse/certificates.ts).

export const certificateMessages = {
  notPkcs12:
    'O arquivo não é um certificado A1 válido: envie o .pfx ou .p12 exportado com a chave.',
  wrongPassword: 'Senha do certificado incorreta: confira a senha que veio com o arquivo .pfx.',
  noKey: 'O arquivo não traz a chave privada do certificado: exporte o .pfx incluindo a chave.',
  notRsa:
    'O certificado precisa ter uma chave RSA, como os certificados A1 do ICP-Brasil: este usa outro tipo de chave.',
  noCnpj:
    'O certificado não traz um CNPJ (ICP-Brasil: OID 2.16.76.1.3.3 ou o CN "RAZÃO SOCIAL:CNPJ"): use um e-CNPJ A1.',
  expired: (until: string) =>
    `O certificado venceu em ${until}: renove-o com a autoridade certificadora e envie o novo .pfx.`,
  notYetValid: (from: string) => `O certificado só vale a partir de ${from}.`,
  otherCnpj: (cnpj: string) =>
    `O certificado é do CNPJ ${cnpj}, não desta empresa: envie o e-CNPJ da própria empresa.`,
  iterations: (count: number) =>
    `O arquivo pede ${count.toLocaleString('pt-BR')} iterações para derivar a chave da senha (o limite é ${MAX_PKCS12_ITERATIONS.toLocaleString('pt-BR')}): exporte o .pfx de novo com as opções padrão.`,
  untrusted:
    'O certificado não foi emitido por uma autoridade certificadora ICP-Brasil confiável: use o e-CNPJ A1 emitido por uma AC credenciada.',
  notSigning:
    'O certificado não serve para assinar (falta o uso de chave "assinatura digital"): use um e-CNPJ A1.',
  authority: 'Este é o certificado de uma autoridade certificadora, não o e-CNPJ de uma empresa.',
  weakKey: (bits: number) =>
    `A chave do certificado tem ${bits} bits: o ICP-Brasil exige RSA de pelo menos 2048 bits.`,
} as const

/**
 * The most iterations a PKCS#12 may ask for, in its MAC or in any of its password-based
 * encryptions (checked before any derivation: node-forge takes the count from the file, and a
 * 1.4 KB file asking 2³¹ stops the reader for minutes). Exports use 2,048 (OpenSSL) to 10,000.
 */
export const MAX_PKCS12_ITERATIONS = 200_000

/**
 * The largest iteration count a PKCS#12 declares: its MacData's and every PBE parameter's
 * (SEQUENCE { OCTET STRING salt, INTEGER iterations … }), the SafeContents wrapped in OCTET
 * STRINGs opened — a walk of the structure, no key derived.
 */
export function pkcs12Iterations(asn1: forge.asn1.Asn1, depth = 0): number {
  if (depth > 12) return 0
  const { asn1: A } = forge
  let most = 0
  const children = Array.isArray(asn1.value) ? (asn1.value as forge.asn1.Asn1[]) : []
  if (asn1.type === A.Type.SEQUENCE && children.length >= 2) {
    const [first, second] = children
    if (first!.type === A.Type.OCTETSTRING && second!.type === A.Type.INTEGER)
      most = Math.max(most, integerOf(second!))
  }
  // MacData: SEQUENCE { DigestInfo, OCTET STRING salt, INTEGER iterations }.
  if (asn1.type === A.Type.SEQUENCE && children.length === 3) {
    const [, salt, count] = children
    if (salt!.type === A.Type.OCTETSTRING && count!.type === A.Type.INTEGER)
      most = Math.max(most, integerOf(count!))
  }
  for (const child of children) most = Math.max(most, pkcs12Iterations(child, depth + 1))
  if (asn1.type === A.Type.OCTETSTRING && typeof asn1.value === 'string' && asn1.value.length > 2) {
    try {
      most = Math.max(most, pkcs12Iterations(A.fromDer(asn1.value, true), depth + 1))
    } catch {
      // Not DER inside: a salt, a digest or encrypted bytes.
    }
  }
  return most
}

/** An INTEGER's value (a huge one is Infinity: above any cap). */
function integerOf(node: forge.asn1.Asn1): number {
  const bytes = String(node.value)
  if (bytes.length > 6) return Number.POSITIVE_INFINITY
  let value = 0
  for (const char of bytes) value = value * 256 + char.charCodeAt(0)
  return value
}

const brDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(iso))

/**
 * Reads an A1 certificate: the PKCS#12 file opened with its password, its RSA key and the
 * certificate of that key. Refuses, in pt-BR (400 on `file` or `password`), a file that is not
 * PKCS#12, a wrong password, a file without the key or with a key that is not RSA, a certificate
 * without a CNPJ, an expired one, or one of another CNPJ than `expectedCnpj`.
 */
export function readA1(
  file: Uint8Array,
  password: string,
  expectedCnpj: string,
  now: Date = new Date(),
  anchors: readonly string[] = [],
): CertificatePems & { facts: CertificateFacts } {
  const onFile = (message: string) => invalid(message, [{ path: ['file'], message }])
  let asn1: forge.asn1.Asn1
  try {
    asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(file))
  } catch {
    throw onFile(certificateMessages.notPkcs12)
  }
  const iterations = pkcs12Iterations(asn1)
  if (iterations > MAX_PKCS12_ITERATIONS)
    throw onFile(certificateMessages.iterations(Math.min(iterations, 2 ** 53)))
  let p12: forge.pkcs12.Pkcs12Pfx
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password)
  } catch (error) {
    if (/MAC could not be verified|Invalid password|decrypt/i.test(String(error)))
      throw invalid(certificateMessages.wrongPassword, [
        { path: ['password'], message: certificateMessages.wrongPassword },
      ])
    throw onFile(certificateMessages.notPkcs12)
  }
  const bagsOf = (type: string) => p12.getBags({ bagType: type })[type] ?? []
  const keyBags = [
    ...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag!),
    ...bagsOf(forge.pki.oids.keyBag!),
  ]
  if (keyBags.length === 0) throw onFile(certificateMessages.noKey)
  // forge reads RSA keys only: a bag it could not turn into a key holds another kind (EC, …).
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined
  if (!key) throw onFile(certificateMessages.notRsa)
  const certificates = bagsOf(forge.pki.oids.certBag!).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  )
  // The certificate of the key: the one whose public modulus is the key's.
  const own = certificates.find(
    (certificate) => (certificate.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n) === true,
  )
  if (!own)
    throw onFile(
      certificates.length === 0 ? certificateMessages.notPkcs12 : certificateMessages.noKey,
    )
  const certificatePem = forge.pki.certificateToPem(own)
  const facts = certificateFacts(certificatePem)
  // ICP-Brasil: the CNPJ from its OID alone (a CN "NAME:CNPJ" proves nothing), a signing key of
  // 2048 bits at least, an end entity's, chained to a trusted root (formats/nfse/signer-trust.ts).
  if (!cnpjFromAltNames(own)) throw onFile(certificateMessages.noCnpj)
  const bits = (own.publicKey as forge.pki.rsa.PublicKey).n.bitLength()
  if (bits < 2048) throw onFile(certificateMessages.weakKey(bits))
  const constraints = own.getExtension('basicConstraints') as { cA?: boolean } | null
  if (constraints?.cA) throw onFile(certificateMessages.authority)
  const usage = own.getExtension('keyUsage') as { digitalSignature?: boolean } | null
  if (!usage?.digitalSignature) throw onFile(certificateMessages.notSigning)
  if (
    !anchors.some(
      (anchor) => issuedBy(certificatePem, anchor) || sameCertificate(certificatePem, anchor),
    )
  )
    throw onFile(certificateMessages.untrusted)
  if (!facts.cnpj) throw onFile(certificateMessages.noCnpj)
  if (Date.parse(facts.notAfter) <= now.getTime())
    throw onFile(certificateMessages.expired(brDate(facts.notAfter)))
  if (Date.parse(facts.notBefore) > now.getTime())
    throw onFile(certificateMessages.notYetValid(brDate(facts.notBefore)))
  if (facts.cnpj !== expectedCnpj)
    throw onFile(certificateMessages.otherCnpj(formatCnpj(facts.cnpj, { version: 2 })))
  return {
    certificatePem,
    privateKeyPem: forge.pki.privateKeyToPem(key),
    facts: { ...facts, cnpj: facts.cnpj },
  }
}
