import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import forge from 'node-forge'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createNfseEngine } from '../../mock-server/domain/invoices/nfse/engine'
import {
  buildCompanyCertificate,
  pkcs12Of,
  rsaKeyPairAsync,
} from '../../mock-server/formats/nfse/certificates'
import { testPki } from '../../mock-server/stand-ins/sefin-nacional/test-pki'
import { CERTIFICATE_PASSWORD } from './contracts/nfse'
import { startTestServer, type TestServer } from './harness'

// `PUT/GET/DELETE /companies/{id}/certificate`: an A1 read with its password and refused in pt-BR
// when the password is wrong, it expired, it is another CNPJ's or not a PKCS#12; kept with its key
// sealed; answered without it.

const ANA = { id: 'cmp-ana-design', name: 'Ana Design Ltda', cnpj: '45218739000102' }
const PATH = '/companies/cmp-ana-design/certificate'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

const pki = () => testPki(process.env.MOCK_TEST_PKI_DIR!)

function upload(
  file: Uint8Array,
  password: string,
  fileName = 'empresa.pfx',
  as = 'ana@contabil.dev',
) {
  const form = new FormData()
  form.append('password', password)
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/x-pkcs12' }), fileName)
  return server.call('PUT', PATH, { as, raw: form })
}

const DAY = 86_400_000

describe('PUT /companies/{id}/certificate', () => {
  it('keeps a right one and answers it without its key; GET shows it, DELETE removes it', async () => {
    const pems = pki().certificateOf(ANA)
    const answer = await upload(pkcs12Of(pems, CERTIFICATE_PASSWORD), CERTIFICATE_PASSWORD)
    expect(answer.status, answer.text).toBe(200)
    expect(Object.keys(answer.body.data).sort()).toEqual(
      ['cnpj', 'issuer', 'notAfter', 'notBefore', 'serialNumber', 'subject'].sort(),
    )
    expect(answer.body.data).toMatchObject({ cnpj: ANA.cnpj })
    expect(answer.body.data.subject).toContain('ANA DESIGN LTDA:45218739000102')
    expect(answer.text).not.toMatch(/PRIVATE KEY|privateKey/)

    // At rest: the key sealed (no PEM key in the database) by the data folder's vault key, which
    // the folder keeps only wrapped by a key outside it (0600; vault-key.ts).
    const row = server.store.db
      .prepare('SELECT doc FROM certificates WHERE id = ?')
      .get(ANA.id) as { doc: string }
    expect(row.doc).not.toContain('PRIVATE KEY')
    expect(JSON.parse(row.doc).privateKey).toMatchObject({ iv: expect.any(String) })
    expect(existsSync(path.join(server.config.dataDir, 'certificate-key'))).toBe(false)
    const wrapped = path.join(server.config.dataDir, 'certificate-key.sealed')
    expect(statSync(wrapped).mode & 0o777).toBe(0o600)
    const keyFile = path.join(server.config.vaultKeyDir, 'certificate-vault-key')
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)

    const shown = await server.call('GET', PATH, { as: 'ana@contabil.dev' })
    expect(shown.body.data).toEqual(answer.body.data)
    expect((await server.call('DELETE', PATH, { as: 'ana@contabil.dev' })).status).toBe(204)
    expect((await server.call('GET', PATH, { as: 'ana@contabil.dev' })).body).toEqual({
      data: null,
    })
  })

  it('refuses a wrong password on the password field, and changes nothing', async () => {
    const before = server.store.snapshot()
    const answer = await upload(pkcs12Of(pki().certificateOf(ANA), 'certa'), 'errada')
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(
      'Senha do certificado incorreta: confira a senha que veio com o arquivo .pfx.',
    )
    expect(answer.body.issues[0].path).toEqual(['password'])
    expect(server.store.snapshot()).toEqual(before)
  })

  it('refuses an expired certificate, another CNPJ’s, a file that is not PKCS#12', async () => {
    const ca = pki().ca
    const expired = buildCompanyCertificate(
      ca,
      ANA,
      { notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - 10 * DAY) },
      await rsaKeyPairAsync(),
    )
    const old = await upload(pkcs12Of(expired, 'senha'), 'senha')
    expect(old.status).toBe(400)
    expect(old.body.message).toMatch(/^O certificado venceu em \d{2}\/\d{2}\/\d{4}/)

    const eva = pki().certificateOf({
      id: 'cmp-eva-studio',
      name: 'Eva Studio',
      cnpj: '51357924000180',
    })
    const other = await upload(pkcs12Of(eva, 'senha'), 'senha')
    expect(other.status).toBe(400)
    expect(other.body.message).toBe(
      'O certificado é do CNPJ 51.357.924/0001-80, não desta empresa: envie o e-CNPJ da própria empresa.',
    )

    const text = await upload(new TextEncoder().encode('não sou um certificado'), 'senha')
    expect(text.status).toBe(400)
    expect(text.body.issues[0].path).toEqual(['file'])

    const named = await upload(pkcs12Of(pki().certificateOf(ANA), 'senha'), 'senha', 'cert.pem')
    expect(named.body.message).toBe('O certificado A1 é um arquivo .pfx ou .p12.')

    const missing = new FormData()
    missing.append('password', 'senha')
    const none = await server.call('PUT', PATH, { as: 'ana@contabil.dev', raw: missing })
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('Envie o arquivo do certificado A1 (.pfx ou .p12).')
  })
})

/** A PKCS#12 whose MacData asks `iterations` (its MAC no longer verifies: the cap comes first). */
function withMacIterations(pfx: Buffer, iterations: number) {
  const asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(new Uint8Array(pfx)))
  const macData = (asn1.value as forge.asn1.Asn1[])[2]!
  const count = (macData.value as forge.asn1.Asn1[])[2]!
  count.value = forge.asn1.integerToDer(iterations).getBytes()
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'))
}

describe('certificates that are ICP-Brasil, read in a bounded thread', () => {
  it('warmed at the server’s start, the first read answers at once (no cold start on the person)', async () => {
    const engine = createNfseEngine()
    try {
      await engine.warm()
      const pfx = pkcs12Of(pki().certificateOf(ANA), 'senha-certa')
      const started = performance.now()
      const read = await engine.run({
        kind: 'read-a1',
        file: new Uint8Array(pfx),
        password: 'senha-errada',
        cnpj: ANA.cnpj,
        anchors: [pki().ca.certificatePem],
      })
      const took = performance.now() - started
      expect(read).toMatchObject({
        refused: {
          message: 'Senha do certificado incorreta: confira a senha que veio com o arquivo .pfx.',
        },
      })
      // A cold thread takes seconds here (tsx and node-forge); a warm one reads in milliseconds.
      expect(took).toBeLessThan(2_000)
    } finally {
      await engine.close()
    }
  })

  it('a 2³¹-iteration PKCS#12 is refused in under a second while another company issues', async () => {
    const pfx = withMacIterations(pkcs12Of(pki().certificateOf(ANA), 'senha'), 2 ** 31 - 1)
    const issuing = server.call('POST', '/nfs/requests/nfs-eva-aguardando/issue', {
      as: 'admin@contabil.dev',
    })
    const started = performance.now()
    const refused = await upload(pfx, 'senha')
    const took = performance.now() - started
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/^O arquivo pede 2\.147\.483\.647 iterações/)
    expect(took).toBeLessThan(1_000)
    const issued = await issuing
    expect(issued.status, issued.text).toBe(200)
  })

  it('refuses a self-signed CA with the CNPJ only in its CN, 1024 bits, a day long; keeps the working one', async () => {
    const before = server.store.certificates.get(ANA.id)
    const keys = forge.pki.rsa.generateKeyPair(1024)
    const certificate = forge.pki.createCertificate()
    certificate.publicKey = keys.publicKey
    certificate.serialNumber = '01'
    certificate.validity.notBefore = new Date(Date.now() - 60_000)
    certificate.validity.notAfter = new Date(Date.now() + DAY)
    const name = [{ shortName: 'CN', value: `X:${ANA.cnpj}` }]
    certificate.setSubject(name)
    certificate.setIssuer(name)
    certificate.setExtensions([{ name: 'basicConstraints', cA: true }])
    certificate.sign(keys.privateKey, forge.md.sha256.create())
    const pems = {
      certificatePem: forge.pki.certificateToPem(certificate),
      privateKeyPem: forge.pki.privateKeyToPem(keys.privateKey),
    }
    const refused = await upload(pkcs12Of(pems, 'senha'), 'senha')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/não traz um CNPJ/)
    expect(server.store.certificates.get(ANA.id)).toEqual(before)
  })

  it('refuses an e-CNPJ of another CA than the trusted ones', async () => {
    const { buildCertificateAuthority } =
      await import('../../mock-server/formats/nfse/certificates')
    const rogue = buildCertificateAuthority('AC Desconhecida', {
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + 30 * DAY),
    })
    const pems = buildCompanyCertificate(
      rogue,
      ANA,
      { notBefore: new Date(Date.now() - DAY), notAfter: new Date(Date.now() + 30 * DAY) },
      await rsaKeyPairAsync(),
    )
    const refused = await upload(pkcs12Of(pems, 'senha'), 'senha')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/autoridade certificadora ICP-Brasil confiável/)
  })
})
