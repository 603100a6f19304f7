import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedPath } from '../../mock-server/store/files'
import { startTestServer, type TestServer } from './harness'
import { messages } from '../../src/schemas/messages'

// The external stand-ins: ViaCEP, the CNPJ registry check, and signed upload/download links.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const ANA = 'ana@contabil.dev'
/** The path and query of a signed URL (the test server runs on its own port). */
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

describe('ViaCEP stand-in', () => {
  it('answers a known CEP in ViaCEP’s fields, with or without the mask', async () => {
    const res = await server.call('GET', '/ws/01001000/json/')
    expect(res.body).toMatchObject({
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      complemento: 'lado ímpar',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
      ibge: '3550308',
      ddd: '11',
    })
    expect((await server.call('GET', '/ws/80010-000/json')).body.localidade).toBe('Curitiba')
  })

  it('answers {"erro": true} for an unknown CEP and 400 for a malformed one', async () => {
    expect(await server.call('GET', '/ws/99999999/json/')).toMatchObject({
      status: 200,
      body: { erro: true },
    })
    for (const zip of ['123', 'abcdefgh', '0100100', '010010000'])
      expect((await server.call('GET', `/ws/${zip}/json/`)).status).toBe(400)
  })
})

describe('GET /api/cnpj-exists', () => {
  it('answers whether the registry has the CNPJ (numeric or alphanumeric)', async () => {
    expect((await server.call('GET', '/api/cnpj-exists?cnpj=45.218.739/0001-02')).body).toEqual({
      exists: true,
    })
    expect((await server.call('GET', '/api/cnpj-exists?cnpj=NV7A1T2B000139')).body).toEqual({
      exists: true,
    })
    expect((await server.call('GET', '/api/cnpj-exists?cnpj=12.345.678/0001-95')).body).toEqual({
      exists: false,
    })
    const invalid = await server.call('GET', '/api/cnpj-exists?cnpj=12.345.678/0001-00')
    expect(invalid).toMatchObject({ status: 400, body: { message: messages.cnpjInvalid } })
  })
})

describe('signed upload and download links', () => {
  it('uploads through the signed PUT URL and downloads through the signed GET URL', async () => {
    const link = await server.call(
      'GET',
      '/upload/Contrato Social (2026).pdf?companyId=cmp-ana-design',
      { as: ANA },
    )
    expect(link.status).toBe(200)
    expect(link.body.data).toMatchObject({ method: 'PUT', maxBytes: 10 * 1024 * 1024 })
    const expires = Date.parse(link.body.data.expiresAt) - Date.now()
    expect(expires).toBeGreaterThan(14 * 60_000)
    expect(expires).toBeLessThanOrEqual(15 * 60_000)
    const content = '%PDF-1.4 contrato social de teste'
    const put = await server.call('PUT', local(link.body.data.url), {
      raw: content,
      headers: { 'Content-Type': 'application/pdf' },
    })
    expect(put.status).toBe(201)
    // Stored under a key of its own: the name with a token before the extension.
    expect(put.body.data).toMatchObject({ size: content.length, contentType: 'application/pdf' })
    const key: string = put.body.data.fileName
    expect(key).toMatch(/^Contrato Social \(2026\)\.[0-9a-f]{12}\.pdf$/)
    expect(key).toBe(link.body.data.fileName)
    const download = await server.call(
      'GET',
      `/download/${encodeURIComponent(key)}?companyId=cmp-ana-design`,
      { as: ANA },
    )
    const file = await server.call('GET', local(download.body.data.url))
    expect(file.status).toBe(200)
    expect(file.text).toBe(content)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    // A JSON file is stored as sent, not parsed.
    const json = await server.call('GET', '/upload/dados.json?companyId=cmp-ana-design', {
      as: ANA,
    })
    const stored = await server.call('PUT', local(json.body.data.url), {
      raw: '{"a": 1}',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(stored.body.data.size).toBe(8)
  })

  it('refuses tampered and expired links with 403', async () => {
    const link = await server.call('GET', '/upload/nota.txt?companyId=cmp-ana-design', { as: ANA })
    const url = local(link.body.data.url)
    const key: string = link.body.data.fileName
    const tampered = await server.call('PUT', url.replace(key, 'outra.txt'), { raw: 'x' })
    expect(tampered).toMatchObject({
      status: 403,
      body: { message: 'Link inválido ou adulterado.' },
    })
    const otherCompany = await server.call('PUT', url.replace('cmp-ana-design', 'cmp-eva-studio'), {
      raw: 'x',
    })
    expect(otherCompany.status).toBe(403)
    const asDownload = await server.call('GET', url)
    expect(asDownload.status).toBe(403)
    const past = Math.floor(Date.now() / 1000) - 60
    const expired = signedPath(
      server.config.signingSecret,
      'PUT',
      'cmp-ana-design',
      'nota.txt',
      past,
    )
    expect(await server.call('PUT', expired, { raw: 'x' })).toMatchObject({
      status: 403,
      body: { message: 'Este link expirou. Peça um novo link e tente de novo.' },
    })
    expect((await server.call('PUT', '/files/cmp-ana-design/nota.txt', { raw: 'x' })).status).toBe(
      403,
    )
  })

  it('refuses files over 10 MB with 413', async () => {
    const link = await server.call('GET', '/upload/grande.pdf?companyId=cmp-ana-design', {
      as: ANA,
    })
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    const res = await server.call('PUT', local(link.body.data.url), { raw: big })
    expect(res).toMatchObject({
      status: 413,
      body: { message: 'O arquivo passa do limite de 10 MB.' },
    })
    const download = await server.call('GET', '/download/grande.pdf?companyId=cmp-ana-design', {
      as: ANA,
    })
    expect(download.status).toBe(404)
  })

  it('never leaves the company folder (400), and scopes links by company (403)', async () => {
    // (A bare `..` segment never reaches the route: URLs resolve it before sending.)
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%5Cwin.ini',
      '.hidden',
      'a%00b.pdf',
      'pasta%2Farquivo.pdf',
      'x'.repeat(121),
    ])
      expect(
        (await server.call('GET', `/upload/${name}?companyId=cmp-ana-design`, { as: ANA })).status,
      ).toBe(400)
    const traversal = signedPath(
      server.config.signingSecret,
      'PUT',
      'cmp-ana-design',
      '../../x',
      Math.floor(Date.now() / 1000) + 60,
    )
    expect((await server.call('PUT', traversal, { raw: 'x' })).status).toBe(400)
    expect(
      (await server.call('GET', '/upload/a.pdf?companyId=cmp-eva-studio', { as: ANA })).status,
    ).toBe(403)
    expect(
      (await server.call('GET', '/download/nao-existe.pdf?companyId=cmp-ana-design', { as: ANA }))
        .status,
    ).toBe(404)
  })
})
