import https from 'node:https'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPki } from '../../mock-server/stand-ins/sefin-nacional/test-pki'
import { startTestServer, type TestServer } from './harness'

// The Sefin Nacional stand-in as the real one is reached (stand-ins/sefin-nacional/server.ts):
// its own TLS port, a client certificate of the trusted roots required in the handshake, the
// stack's Host and Origin rules, the real shape of a GET that finds nothing.

const ANA = { id: 'cmp-ana-design', name: 'Ana Design Ltda', cnpj: '45218739000102' }

let server: TestServer
let port: number
beforeAll(async () => {
  server = await startTestServer()
  port = (await server.sefin.standIn())!.port
})
afterAll(() => server.close())

const pki = () => testPki(process.env.MOCK_TEST_PKI_DIR!)

function get(path: string, options: { client?: boolean; headers?: Record<string, string> } = {}) {
  const client = options.client === false ? null : pki().certificateOf(ANA)
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'GET',
        ca: [pki().ca.certificatePem],
        servername: 'localhost',
        headers: { Host: `localhost:${port}`, ...options.headers },
        ...(client ? { cert: client.certificatePem, key: client.privateKeyPem } : {}),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null })
        })
      },
    )
    request.on('error', reject)
    request.end()
  })
}

describe('the Sefin Nacional stand-in', () => {
  it('answers a GET that finds nothing in the real shape, under /SefinNacional', async () => {
    const answer = await get('/SefinNacional/dps/DPS355030820000000000000000000100000000000999')
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({
      tipoAmbiente: 0,
      erro: {
        codigo: 'E2404',
        descricao: 'Não foi gerada uma NFS-e com o identificador de DPS informado',
      },
    })
  })

  it('refuses a client without a certificate in the handshake, before reading anything', async () => {
    await expect(get('/SefinNacional/nfse/1', { client: false })).rejects.toThrow()
  })

  it('refuses a foreign Host (421) and any web page (403)', async () => {
    expect((await get('/SefinNacional/nfse/1', { headers: { Host: 'evil.example' } })).status).toBe(
      421,
    )
    expect(
      (await get('/SefinNacional/nfse/1', { headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(403)
  })
})
