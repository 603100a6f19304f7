import { beforeAll, describe, expect, it } from 'vitest'
import {
  buildCertificateAuthority,
  buildCompanyCertificate,
  buildServerCertificate,
  rsaKeyPairAsync,
  type CertificatePems,
  type Issuer,
} from '../../mock-server/formats/nfse/certificates'
import { buildAnalysisAnswer, buildEvent, eventId } from '../../mock-server/formats/nfse/documents'
import { runJob } from '../../mock-server/domain/invoices/nfse/jobs'
import { verifiedEvent } from '../../mock-server/domain/invoices/nfse/sefin-events'
import type { SignatureProfile } from '../../mock-server/formats/nfse/xmldsig'
import type { SignerIdentity } from '../../mock-server/formats/nfse/signer-trust'

// The NFS-e worker's `read-event` job (mock-server/domain/invoices/nfse/jobs.ts) and the check
// every event the Sefin returns goes through before it is applied
// (mock-server/domain/invoices/nfse/sefin-events.ts): an e105104 signed as the Sefin signs
// (exc-c14n#WithComments + RSA-SHA256) or by the older C14N + RSA-SHA1, its signer issued by the
// configured anchor and the Sefin's own, valid against evento_v1.01.xsd; refused when a byte
// changed, when its signer is another CA's or another holder of the same CA (a company's e-CNPJ),
// when it is another event, or outside its schema.

const KEY = '35503082245218739000102000000000007726011234567890'
const REASON = 'Análise concluída pela fiscalização municipal'
const PROCESSED_AT = new Date()

let ca: Issuer
let sefin: CertificatePems
let otherCa: Issuer
let otherSigner: CertificatePems
let company: CertificatePems
beforeAll(async () => {
  const keys = await Promise.all(Array.from({ length: 5 }, rsaKeyPairAsync))
  const validity = {
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
  }
  ca = buildCertificateAuthority('AC Teste Eventos', validity, keys[0])
  sefin = buildServerCertificate(ca, { name: 'SEFIN TESTE' }, validity, keys[1])
  otherCa = buildCertificateAuthority('AC Fora das Ancoras', validity, keys[2])
  otherSigner = buildServerCertificate(otherCa, { name: 'OUTRO ASSINANTE' }, validity, keys[3])
  company = buildCompanyCertificate(
    ca,
    { name: 'EMPRESA QUALQUER LTDA', cnpj: '45218739000102' },
    validity,
    keys[4],
  )
}, 60_000)

/** The municipality's e105104 as the Sefin registers it: the request and the event signed. */
async function grantedEvent(
  signer: CertificatePems = sefin,
  profile: SignatureProfile = 'sefin',
  sequence = 1,
) {
  const request = await runJob({
    kind: 'sign',
    schema: 'pedRegEvento',
    element: 'infPedReg',
    xml: buildAnalysisAnswer({
      accessKey: KEY,
      granted: true,
      agentCpf: '52998224725',
      reason: REASON,
      at: PROCESSED_AT,
    }),
    pems: signer,
    profile,
  })
  if ('problems' in request) throw new Error(JSON.stringify(request.problems))
  const event = await runJob({
    kind: 'sign',
    schema: 'evento',
    element: 'infEvento',
    xml: buildEvent({
      accessKey: KEY,
      type: '105104',
      sequence,
      processedAt: PROCESSED_AT,
      documentNumber: 12,
      signedRequest: request.signed,
    }),
    pems: signer,
    profile,
  })
  if ('problems' in event) throw new Error(JSON.stringify(event.problems))
  return event.signed
}

/** The test CA as anchor; the Sefin is the stand-in's certificate itself unless `signer` says. */
const trustOf = (anchors: string[], signer?: SignerIdentity) => ({
  anchors,
  signer: signer ?? { names: [], certificates: [sefin.certificatePem] },
})
const deps = (anchors: string[], signer?: SignerIdentity) => ({
  nfse: { run: runJob },
  sefin: { trust: () => trustOf(anchors, signer) },
})
const expected = { accessKey: KEY, type: '105104', sequence: 1 }

describe('the read-event job', () => {
  it('verifies and reads an event the Sefin signed (exc-c14n#WithComments + RSA-SHA256)', async () => {
    const read = await runJob({
      kind: 'read-event',
      xml: await grantedEvent(),
      trust: trustOf([ca.certificatePem]),
    })
    if ('problems' in read) throw new Error(JSON.stringify(read.problems))
    expect(read.signature).toMatchObject({ valid: true, profile: 'sefin' })
    expect(read.trust).toEqual({ trusted: true })
    expect(read.event).toMatchObject({
      id: eventId(KEY, '105104', 1),
      sequence: '001',
      request: { accessKey: KEY, type: '105104', code: '1', reason: REASON },
    })
    expect(await verifiedEvent(deps([ca.certificatePem]), await grantedEvent(), expected)).toEqual({
      ok: true,
      event: read.event,
    })
  })

  it('takes the older C14N + RSA-SHA1 too', async () => {
    const read = await runJob({
      kind: 'read-event',
      xml: await grantedEvent(sefin, 'provider'),
      trust: trustOf([ca.certificatePem]),
    })
    expect(read).toMatchObject({
      signature: { valid: true, profile: 'provider' },
      trust: { trusted: true },
    })
  })
})

describe('an event that does not verify is refused with its reason', () => {
  it('a changed byte: the signature does not match', async () => {
    const tampered = (await grantedEvent()).replace(REASON, 'Análise concluída pelo município')
    const verified = await verifiedEvent(deps([ca.certificatePem]), tampered, expected)
    expect(verified).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^A assinatura da Sefin Nacional no evento não confere: A assinatura não confere com o conteúdo/,
      ),
    })
  })

  it('signed by a certificate outside the anchors', async () => {
    const verified = await verifiedEvent(
      deps([ca.certificatePem]),
      await grantedEvent(otherSigner),
      expected,
    )
    expect(verified).toEqual({
      ok: false,
      reason: expect.stringMatching(/^O evento não veio assinado pela Sefin Nacional: .*confiável/),
    })
  })

  it('signed by another certificate of the same CA (a company’s e-CNPJ): not the Sefin’s', async () => {
    const impostor = await grantedEvent(company)
    for (const signer of [
      undefined,
      { names: ['localhost'], certificates: [] },
      { names: ['00.394.460/0058-87'], certificates: [] },
    ])
      expect(await verifiedEvent(deps([ca.certificatePem], signer), impostor, expected)).toEqual({
        ok: false,
        reason: expect.stringMatching(
          /^O evento não veio assinado pela Sefin Nacional: O certificado do assinante \(EMPRESA QUALQUER LTDA:45218739000102\) é de uma autoridade confiável, mas não é o da Sefin Nacional \(esperado: /,
        ),
      })
    // The Sefin's host certificate (subjectAltName localhost) passes by its host name too.
    expect(
      await verifiedEvent(
        deps([ca.certificatePem], { names: ['localhost'], certificates: [] }),
        await grantedEvent(),
        expected,
      ),
    ).toMatchObject({ ok: true })
    // A CNPJ names its holder by ICP-Brasil's otherName 2.16.76.1.3.3: the one configured passes.
    expect(
      await verifiedEvent(
        deps([ca.certificatePem], { names: ['45218739000102'], certificates: [] }),
        impostor,
        expected,
      ),
    ).toMatchObject({ ok: true })
  })

  it('another event than the one asked for: key, type or sequence', async () => {
    const xml = await grantedEvent()
    for (const other of [
      { ...expected, type: '105105' },
      { ...expected, sequence: 2 },
      { ...expected, accessKey: KEY.replace(/0$/, '1') },
    ])
      expect(await verifiedEvent(deps([ca.certificatePem]), xml, other)).toEqual({
        ok: false,
        reason: expect.stringMatching(/^A Sefin Nacional respondeu outro evento \(EVT/),
      })
  })

  it('outside its schema (evento_v1.01.xsd)', async () => {
    const broken = (await grantedEvent()).replace(/<nDFSe>\d+<\/nDFSe>/, '')
    const verified = await verifiedEvent(deps([ca.certificatePem]), broken, expected)
    expect(verified).toEqual({
      ok: false,
      reason: expect.stringMatching(/^O evento que a Sefin Nacional respondeu não segue o leiaute/),
    })
  })
})
