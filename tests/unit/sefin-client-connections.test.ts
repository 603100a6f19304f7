import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildCertificateAuthority,
  buildCompanyCertificate,
  buildServerCertificate,
  rsaKeyPairAsync,
  type CertificatePems,
} from '../../mock-server/formats/nfse/certificates'
import { sefinClient } from '../../mock-server/domain/invoices/nfse/sefin-client'

// The product's client of the Sefin keeps its mutual-TLS connections open between calls
// (mock-server/domain/invoices/nfse/sefin-client.ts): one company's calls reuse its connection,
// and a connection made with one company's certificate never carries another company's call —
// the server sees each caller's own certificate on every request.

const COMPANY_A = { name: 'EMPRESA A LTDA', cnpj: '45218739000102' }
const COMPANY_B = { name: 'EMPRESA B LTDA', cnpj: '11222333000181' }

let ca: CertificatePems
let a: CertificatePems
let b: CertificatePems
let server: https.Server
let baseUrl: string
/** Each request the server got: which TLS connection carried it, and whose certificate it had. */
const seen: { connection: number; cn: string }[] = []

beforeAll(async () => {
  const keys = await Promise.all(Array.from({ length: 4 }, rsaKeyPairAsync))
  const validity = {
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
  }
  const authority = buildCertificateAuthority('AC Teste Conexoes', validity, keys[0])
  ca = authority
  const serverCertificate = buildServerCertificate(authority, { name: 'SEFIN' }, validity, keys[1])
  a = buildCompanyCertificate(authority, COMPANY_A, validity, keys[2])
  b = buildCompanyCertificate(authority, COMPANY_B, validity, keys[3])
  const connections = new WeakMap<object, number>()
  let opened = 0
  server = https.createServer(
    {
      cert: serverCertificate.certificatePem,
      key: serverCertificate.privateKeyPem,
      ca: [ca.certificatePem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const socket = req.socket as TLSSocket
      if (!connections.has(socket)) connections.set(socket, opened++)
      seen.push({
        connection: connections.get(socket)!,
        cn: String(socket.getPeerCertificate().subject.CN),
      })
      // A GET that finds nothing, in the real shape (fixtures/nfse-real/api/).
      res.writeHead(404, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ erro: { codigo: 'E2404', descricao: 'Não encontrada' } }))
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `https://localhost:${(server.address() as AddressInfo).port}/SefinNacional`
}, 60_000)

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const ask = (client: CertificatePems) =>
  sefinClient({ baseUrl, client, serverRoots: [ca.certificatePem] }).nfseKeyOfDps('DPS1')

describe('the Sefin client’s connections', () => {
  it('reuses a company’s connection, and never carries a call on another company’s', async () => {
    for (const client of [a, a, b, a, b, b]) expect(await ask(client)).toBeNull()
    const cns = seen.map((request) => request.cn)
    expect(cns[0]).toContain(COMPANY_A.cnpj)
    expect(cns[2]).toContain(COMPANY_B.cnpj)
    expect(cns).toEqual([cns[0], cns[0], cns[2], cns[0], cns[2], cns[2]])
    const byCompany = (cn: string) =>
      new Set(seen.filter((request) => request.cn === cn).map((request) => request.connection))
    // One connection each, kept open between calls; not the same one.
    expect(byCompany(cns[0]!).size).toBe(1)
    expect(byCompany(cns[2]!).size).toBe(1)
    expect([...byCompany(cns[0]!)][0]).not.toBe([...byCompany(cns[2]!)][0])
  })
})
