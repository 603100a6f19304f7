import { generateKeyPair, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto'
import forge from 'node-forge'
import { cnpjKey } from '../../../src/schemas/brazil'

// ICP-Brasil certificates as the national NFS-e uses them: what a certificate says (its holder's
// CNPJ, subject, issuer, validity) read with node-forge, and the local test PKI's certificates
// built with it (keys from Node's crypto: forge's pure-JS RSA key generation is slow). Reading a
// company's uploaded A1 is the product's (mock-server/domain/invoices/nfse/a1.ts). Nothing here
// signs XML (xmldsig.ts) or keeps keys (mock-server/vault.ts).

/** ICP-Brasil's OID for a legal entity's CNPJ in the certificate's subjectAltName (otherName). */
export const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3'

/** A certificate and its key as PEM texts, the way the signer and the vault take them. */
export type CertificatePems = { certificatePem: string; privateKeyPem: string }

/** What the API answers about a certificate (never the key). */
export type CertificateFacts = {
  subject: string
  cnpj: string
  issuer: string
  serialNumber: string
  notBefore: string
  notAfter: string
}

const FIELD_ORDER = ['CN', 'OU', 'O', 'L', 'ST', 'C', 'E'] as const
type Attribute = { shortName?: string; name?: string; value: unknown }

/** `CN=EMPRESA:45218739000102, OU=…, O=ICP-Brasil, C=BR`: a distinguished name as people read it. */
function nameText(attributes: Attribute[]) {
  const parts = attributes.map((a) => ({
    key: a.shortName ?? a.name ?? '?',
    value: String(a.value),
  }))
  parts.sort(
    (a, b) =>
      rank(FIELD_ORDER as readonly string[], a.key) - rank(FIELD_ORDER as readonly string[], b.key),
  )
  // forge keeps UTF-8 strings as bytes: decode what came in as UTF-8.
  return parts.map((p) => `${p.key}=${decodeUtf8(p.value)}`).join(', ')
}
const rank = (order: readonly string[], key: string) => {
  const i = order.indexOf(key)
  return i === -1 ? order.length : i
}
function decodeUtf8(text: string) {
  try {
    return forge.util.decodeUtf8(text)
  } catch {
    return text
  }
}

/** The CNPJ in an ICP-Brasil otherName (2.16.76.1.3.3) of the subjectAltName, if there is one. */
export function cnpjFromAltNames(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.getExtension('subjectAltName') as { value?: string } | null
  if (!extension?.value) return null
  const names = forge.asn1.fromDer(extension.value)
  for (const general of names.value as forge.asn1.Asn1[]) {
    // otherName [0] { type-id OID, value [0] EXPLICIT ANY }
    if (general.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || general.type !== 0) continue
    const [typeId, wrapped] = general.value as forge.asn1.Asn1[]
    if (!typeId || forge.asn1.derToOid(typeId.value as string) !== ICP_BRASIL_CNPJ_OID) continue
    const inner = (wrapped?.value as forge.asn1.Asn1[] | undefined)?.[0]
    // 14 characters, the first 12 of which may be letters (the alphanumeric CNPJ, IN RFB 2.229/2024).
    const cnpj = cnpjKey(String(inner?.value ?? ''))
    if (/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return cnpj
  }
  return null
}

/** ICP-Brasil's CN of an e-CNPJ: `RAZÃO SOCIAL:45218739000102`. */
function cnpjFromCommonName(certificate: forge.pki.Certificate): string | null {
  const cn = certificate.subject.getField('CN') as Attribute | null
  const match = cn ? /:([0-9A-Z]{12}\d{2})\s*$/.exec(decodeUtf8(String(cn.value))) : null
  return match?.[1] ?? null
}

/**
 * The CNPJs a certificate names as its holder's in a field of its own: ICP-Brasil's otherName
 * 2.16.76.1.3.3, and the subject's serialNumber (as SERPRO's certificate for the Sefin Nacional's
 * host carries it, fixtures/nfse-real/nfse/). An unreadable certificate names none.
 */
export function cnpjsOfCertificate(certificatePem: string): string[] {
  let certificate: forge.pki.Certificate
  try {
    certificate = forge.pki.certificateFromPem(certificatePem)
  } catch {
    return []
  }
  // The subject's serialNumber, X.520 2.5.4.5 (node-forge names it "serialName").
  const serial = certificate.subject.getField({ type: '2.5.4.5' }) as Attribute | null
  const serialCnpj = serial ? cnpjKey(String(serial.value)) : ''
  return [
    cnpjFromAltNames(certificate),
    /^[0-9A-Z]{12}\d{2}$/.test(serialCnpj) ? serialCnpj : null,
  ].filter((cnpj): cnpj is string => cnpj !== null)
}

/** The CNPJ a certificate was issued to: the ICP-Brasil OID, or else the subject's CN. */
export function cnpjOfCertificate(certificate: forge.pki.Certificate): string | null {
  return cnpjFromAltNames(certificate) ?? cnpjFromCommonName(certificate)
}

/** The facts of a certificate in PEM (subject, CNPJ, issuer, serial, validity). */
export function certificateFacts(
  certificatePem: string,
): Omit<CertificateFacts, 'cnpj'> & { cnpj: string | null } {
  const certificate = forge.pki.certificateFromPem(certificatePem)
  return {
    subject: nameText(certificate.subject.attributes as Attribute[]),
    cnpj: cnpjOfCertificate(certificate),
    issuer: nameText(certificate.issuer.attributes as Attribute[]),
    serialNumber: certificate.serialNumber.toUpperCase(),
    notBefore: certificate.validity.notBefore.toISOString(),
    notAfter: certificate.validity.notAfter.toISOString(),
  }
}

// ---- building certificates (the local test PKI; tests) ----

export type Issuer = CertificatePems & { subject: forge.pki.CertificateField[] }

export type KeyPair = { privateKeyPem: string; publicKeyPem: string }

const rsaOptions = {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
} as const

/** An RSA-2048 key pair from Node's crypto, as PEM (PKCS#8 private key). */
export function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', rsaOptions)
  return { privateKeyPem: privateKey, publicKeyPem: publicKey }
}

/** The same, drawn in libuv's thread pool (the event loop goes on meanwhile). */
export const rsaKeyPairAsync = (): Promise<KeyPair> =>
  new Promise((resolve, reject) =>
    generateKeyPair('rsa', rsaOptions, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ privateKeyPem: privateKey, publicKeyPem: publicKey }),
    ),
  )

/** A positive random serial number (hex), as CAs draw them. */
const serialHex = () => {
  const bytes = randomBytes(16)
  bytes[0] = bytes[0]! & 0x7f
  return bytes.toString('hex')
}

type Validity = { notBefore: Date; notAfter: Date }

function buildCertificate(options: {
  publicKeyPem: string
  subject: forge.pki.CertificateField[]
  issuer: { subject: forge.pki.CertificateField[]; privateKeyPem: string } | 'self'
  privateKeyPem: string
  validity: Validity
  extensions: object[]
}) {
  const certificate = forge.pki.createCertificate()
  certificate.publicKey = forge.pki.publicKeyFromPem(options.publicKeyPem)
  certificate.serialNumber = serialHex()
  certificate.validity.notBefore = options.validity.notBefore
  certificate.validity.notAfter = options.validity.notAfter
  certificate.setSubject(options.subject)
  certificate.setIssuer(options.issuer === 'self' ? options.subject : options.issuer.subject)
  certificate.setExtensions(options.extensions)
  const signer = forge.pki.privateKeyFromPem(
    options.issuer === 'self' ? options.privateKeyPem : options.issuer.privateKeyPem,
  )
  // ICP-Brasil certificates are signed with SHA-256.
  certificate.sign(signer, forge.md.sha256.create())
  return forge.pki.certificateToPem(certificate)
}

/** The subject of the local test CA named `name`. */
export const authoritySubject = (name: string): forge.pki.CertificateField[] => [
  { shortName: 'CN', value: name },
  { shortName: 'O', value: 'Contabil (teste local)' },
  { shortName: 'C', value: 'BR' },
]

/** A self-signed certificate authority (the local test CA; never a real one). */
export function buildCertificateAuthority(
  name: string,
  validity: Validity,
  keys: KeyPair = rsaKeyPair(),
): Issuer {
  const { privateKeyPem, publicKeyPem } = keys
  const subject = authoritySubject(name)
  const certificatePem = buildCertificate({
    publicKeyPem,
    privateKeyPem,
    subject,
    issuer: 'self',
    validity,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  })
  return { certificatePem, privateKeyPem, subject }
}

/** The subjectAltName of an e-CNPJ: an otherName 2.16.76.1.3.3 holding the 14 digits. */
function cnpjAltName(cnpj: string) {
  const { asn1 } = forge
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(
      asn1.Class.UNIVERSAL,
      asn1.Type.OID,
      false,
      asn1.oidToDer(ICP_BRASIL_CNPJ_OID).getBytes(),
    ),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj),
    ]),
  ])
  return {
    id: '2.5.29.17',
    value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]),
  }
}

/**
 * An e-CNPJ A1 certificate as ICP-Brasil shapes it (CN `RAZÃO SOCIAL:CNPJ`, the CNPJ in the
 * otherName 2.16.76.1.3.3), issued by `issuer` with a fresh RSA-2048 key.
 */
export function buildCompanyCertificate(
  issuer: Issuer,
  holder: { name: string; cnpj: string },
  validity: Validity,
  keys: KeyPair = rsaKeyPair(),
): CertificatePems {
  const { privateKeyPem, publicKeyPem } = keys
  // The CN is at most 64 characters (X.520 ub-common-name): the name is cut to fit the CNPJ.
  const name = holder.name.toUpperCase().slice(0, 64 - 15)
  const certificatePem = buildCertificate({
    publicKeyPem,
    privateKeyPem,
    subject: [
      {
        shortName: 'CN',
        value: `${name}:${holder.cnpj}`,
        valueTagClass: forge.asn1.Type.UTF8,
      } as unknown as forge.pki.CertificateField,
      { shortName: 'OU', value: 'Certificado PJ A1 (teste)' },
      { shortName: 'O', value: 'ICP-Brasil (teste local)' },
      { shortName: 'C', value: 'BR' },
    ],
    issuer,
    validity,
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'keyUsage',
        digitalSignature: true,
        nonRepudiation: true,
        keyEncipherment: true,
        critical: true,
      },
      { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
      cnpjAltName(holder.cnpj),
    ],
  })
  return { certificatePem, privateKeyPem }
}

/**
 * A TLS server certificate of the local test CA for `localhost` (127.0.0.1, ::1): the Sefin
 * Nacional stand-in's, which it also signs its NFS-e with, as the real system signs with its
 * host's certificate (fixtures/nfse-real/SOURCES.md).
 */
export function buildServerCertificate(
  issuer: Issuer,
  holder: { name: string },
  validity: Validity,
  keys: KeyPair = rsaKeyPair(),
): CertificatePems {
  const { privateKeyPem, publicKeyPem } = keys
  const certificatePem = buildCertificate({
    publicKeyPem,
    privateKeyPem,
    subject: [
      { shortName: 'CN', value: 'localhost' },
      { shortName: 'OU', value: holder.name.slice(0, 64) },
      { shortName: 'O', value: 'Contabil (teste local)' },
      { shortName: 'C', value: 'BR' },
    ],
    issuer,
    validity,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true, clientAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  })
  return { certificatePem, privateKeyPem }
}

/** Whether a certificate may serve TLS (extended key usage serverAuth). */
export const isServerCertificate = (certificatePem: string) => {
  try {
    return (new X509Certificate(certificatePem).keyUsage ?? []).includes('1.3.6.1.5.5.7.3.1')
  } catch {
    return false
  }
}

/** A PKCS#12 (.pfx) of a certificate and its key under a password, as a browser or an AC exports it. */
export function pkcs12Of(pems: CertificatePems, password: string, chain: string[] = []): Buffer {
  const key = forge.pki.privateKeyFromPem(pems.privateKeyPem)
  const certificates = [pems.certificatePem, ...chain].map((pem) =>
    forge.pki.certificateFromPem(pem),
  )
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certificates, password, { algorithm: '3des' })
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')
}

/** Whether two PEMs are the same certificate (by their SHA-256 fingerprint). */
export const sameCertificate = (a: string, b: string) => {
  try {
    return new X509Certificate(a).fingerprint256 === new X509Certificate(b).fingerprint256
  } catch {
    return false
  }
}

/** Whether `certificatePem` was signed by the CA of `caPem` (the stand-in's trust check). */
export function issuedBy(certificatePem: string, caPem: string): boolean {
  try {
    const certificate = new X509Certificate(certificatePem)
    const ca = new X509Certificate(caPem)
    return certificate.checkIssued(ca) && certificate.verify(ca.publicKey)
  } catch {
    return false
  }
}
