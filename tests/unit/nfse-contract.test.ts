import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readNationalNfse } from '../../mock-server/domain/invoices/nfse/jobs'
import { fromGzipBase64 } from '../../mock-server/stand-ins/sefin-nacional/contract'
import {
  issueAnswerOf,
  nationalErrorsOf,
} from '../../mock-server/domain/invoices/nfse/sefin-client'
import { buildCertificateAuthority } from '../../mock-server/formats/nfse/certificates'
import { verifyEnveloped } from '../../mock-server/formats/nfse/xmldsig'
import { sefinSignerTrust } from '../../mock-server/formats/nfse/signer-trust'

// The product against what the real Sefin Nacional answered (fixtures/nfse-real/, SOURCES.md):
// both real NFS-e verify by the Sefin's algorithms (exc-c14n#WithComments + RSA-SHA256), their
// signers are trusted when their certificates are configured and the Sefin's identity is the
// real one (the host of each environment's API, or SERPRO's CNPJ its restricted-production
// certificate carries), refused when they are not — and another ICP-Brasil holder (the
// provider's own e-CNPJ, in the same files) never passes as the Sefin; the client reads the
// real 201, 400 and 404 answers.

const real = (path: string) =>
  readFileSync(new URL(`../../fixtures/nfse-real/${path}`, import.meta.url), 'utf8')
const json = (path: string) => ({ body: JSON.parse(real(`api/${path}`)) as unknown })

const NFSE = {
  restricted: 'nfse/nfse_rj_3304557_prodrestrita_corporator_from_post_response.xml',
  production: 'nfse/nfse_rj_3304557_producao_corporator_nfse1.xml',
}
/** The host of each environment's API (MOCK_SEFIN_URL), the default identity of its signer. */
const HOST = {
  restricted: 'sefin.producaorestrita.nfse.gov.br',
  production: 'sefin.nfse.gov.br',
}
/** SERPRO's CNPJ, the subject's serialNumber of the restricted production's signer. */
const SERPRO_CNPJ = '33.683.111/0001-07'
const byNames = (...names: string[]) => ({ names, certificates: [] })

/** The certificate an NFS-e's Sefin signature carries (the trust the test configures). */
function signerOf(xml: string) {
  const verification = verifyEnveloped(xml, 'infNFSe', ['sefin'])
  if (!verification.certificatePem) throw new Error('no signer')
  return verification.certificatePem
}

describe('the real NFS-e', () => {
  const anchors = Object.values(NFSE).map((file) => signerOf(real(file)))
  const sefin = (environment: keyof typeof NFSE) => ({
    anchors,
    signer: byNames(HOST[environment]),
  })

  it.each(Object.entries(NFSE) as [keyof typeof NFSE, string][])(
    '%s: the Sefin signature verifies and its signer is trusted',
    (environment, file) => {
      const read = readNationalNfse(real(file), sefin(environment))
      expect(read.signature).toMatchObject({ valid: true, profile: 'sefin' })
      expect(read.trust).toEqual({ trusted: true })
      expect(read.nfse).toMatchObject({
        number: '1',
        status: '100',
        generator: '2',
        issuingMunicipality: 'Rio de Janeiro',
        incidenceMunicipality: '3304557',
        emitter: { cnpj: '07851803000107', phone: '2122247445' },
        values: { net: '1560.56', base: null },
        dps: {
          id: 'DPS330455720785180300010700001000000000005635',
          providerCnpj: '07851803000107',
          number: '5635',
          serviceValue: '1560.56',
          simplesRate: '5',
        },
      })
      expect(read.nfse.accessKey).toMatch(/^3304557\d{43}$/)
    },
  )

  it('a signer that is not configured is refused (the local test CA alone)', () => {
    const ca = buildCertificateAuthority('AC Teste', {
      notBefore: new Date('2025-01-01'),
      notAfter: new Date('2030-01-01'),
    })
    const read = readNationalNfse(real(NFSE.production), {
      anchors: [ca.certificatePem],
      signer: byNames(HOST.production),
    })
    expect(read.signature.valid).toBe(true)
    expect(read.trust).toMatchObject({ trusted: false, reason: expect.stringMatching(/confiável/) })
  })

  it('a changed byte breaks the signature', () => {
    const tampered = real(NFSE.production).replace('<vLiq>1560.56</vLiq>', '<vLiq>1560.57</vLiq>')
    expect(readNationalNfse(tampered, sefin('production')).signature.valid).toBe(false)
  })

  it('the signer is the Sefin’s by its host name or CNPJ, not any certificate of a trusted root', () => {
    // The restricted production's certificate names SERPRO's CNPJ; the production's does not.
    expect(
      readNationalNfse(real(NFSE.restricted), { anchors, signer: byNames(SERPRO_CNPJ) }).trust,
    ).toEqual({ trusted: true })
    const production = readNationalNfse(real(NFSE.production), {
      anchors,
      signer: byNames(SERPRO_CNPJ, HOST.restricted),
    })
    expect(production.trust).toEqual({
      trusted: false,
      reason: expect.stringMatching(
        /^O certificado do assinante \(\*\.nfse\.gov\.br\) é de uma autoridade confiável, mas não é o da Sefin Nacional \(esperado: 33\.683\.111\/0001-07, sefin\.producaorestrita\.nfse\.gov\.br; MOCK_SEFIN_SIGNER\)\.$/,
      ),
    })
  })

  it('the provider’s own e-CNPJ (ICP-Brasil, trusted) does not pass as the Sefin', () => {
    // Each file carries two certificates: the DPS's signer (the provider's e-CNPJ) and the Sefin's.
    const provider = verifyEnveloped(real(NFSE.production), 'infDPS', ['provider']).certificatePem
    if (!provider) throw new Error('no provider certificate')
    const trust = { anchors: [...anchors, provider], signer: byNames(HOST.production) }
    const at = new Date('2026-01-15T12:00:00Z')
    expect(sefinSignerTrust(provider, trust, at)).toEqual({
      trusted: false,
      reason: expect.stringMatching(
        /^O certificado do assinante \(CORPORATOR SERVICOS DE INFORMATICA LTDA:07851803000107\) é de uma autoridade confiável, mas não é o da Sefin Nacional/,
      ),
    })
    expect(sefinSignerTrust(provider, { ...trust, signer: byNames('07851803000107') }, at)).toEqual(
      { trusted: true },
    )
  })

  it('the DPS inside is a provider’s (C14N + RSA-SHA1), not what the reader requires of the NFS-e', () => {
    const dps = verifyEnveloped(real(NFSE.production), 'infNFSe', ['provider'])
    expect(dps.valid).toBe(false)
  })
})

describe('the real answers of the API', () => {
  it('POST /nfse 201: the key and the NFS-e (the bytes of the real file)', async () => {
    const read = issueAnswerOf({
      status: 201,
      ...json('sefin_post_nfse_201_prodrestrita_rj_corporator.json'),
    })
    if (!read || !('issued' in read)) throw new Error('not read as issued')
    const { issued } = read
    expect(issued.idDps).toBe(`NFS${issued.chaveAcesso}`)
    expect(await fromGzipBase64(issued.nfseXmlGZipB64)).toBe(real(NFSE.restricted))
  })

  it('POST /nfse 400: idDPS and erros [{ Codigo, Descricao }]', () => {
    expect(
      issueAnswerOf({ status: 400, ...json('sefin_post_nfse_400_E0120_prodrestrita.json') }),
    ).toEqual({
      refused: [{ code: 'E0120', description: expect.stringMatching(/^IM do prestador não deve/) }],
    })
  })

  it.each([
    ['sefin_get_nfse_404_E2401_prodrestrita.json', 'E2401', 'Chave de acesso não encontrada.'],
    [
      'sefin_get_dps_404_E2404_prodrestrita.json',
      'E2404',
      'Não foi gerada uma NFS-e com o identificador de DPS informado',
    ],
  ])('GET 404 %s: erro { codigo, descricao }', (file, code, description) => {
    expect(nationalErrorsOf(json(file).body)).toEqual([{ code, description }])
  })

  it('reads both casings and the complement', () => {
    expect(
      nationalErrorsOf({ erros: [{ codigo: 'E0014', descricao: 'Já existe', complemento: 'x' }] }),
    ).toEqual([{ code: 'E0014', description: 'Já existe', complement: 'x' }])
    expect(nationalErrorsOf({ erro: { Codigo: 'E2401', Descricao: 'Não' } })).toEqual([
      { code: 'E2401', description: 'Não' },
    ])
    expect(nationalErrorsOf({ message: 'other' })).toBeNull()
    expect(issueAnswerOf({ status: 500, body: { erros: [] } })).toBeNull()
  })
})
