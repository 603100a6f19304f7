import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readNfse } from '../../mock-server/formats/nfse/reader'
import { verifyEnveloped } from '../../mock-server/formats/nfse/xmldsig'
import { validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { pdfText } from '../pdf-text'
import { ADMIN, signIn, startTestServer, type TestServer } from './harness'

// The seed's issued invoices (mock-server/seed/nfse.ts): every one was issued through the
// national system, so each has its access key, its XML and its DANFSe — the XML drawn by the
// national path's own code the first time it is asked for, valid against the national schema,
// signed, with the key and number of its request.

let server: TestServer
beforeAll(async () => {
  // Drawing one takes two signatures and a schema check in the NFS-e worker, cold at first in a
  // test server (outside the tests it is warmed at start, mock-server/app.ts): on a busy machine
  // that passes the harness's 3 s for the stand-in, so this file waits as long as a server does.
  server = await startTestServer({ sefinTimeoutMs: 30_000 })
})
afterAll(() => server.close())

let token: string | undefined
/** An answer's bytes and type, read as the accountant (the harness's `call` reads text). */
async function download(path: string) {
  token ??= await signIn(ADMIN.email)
  const response = await fetch(server.url + path, { headers: { Authorization: `Bearer ${token}` } })
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

const issued = () => server.store.nfsRequests.find({ where: { status: 'issued' } })

describe('the seed: every issued invoice has its files', () => {
  it('gives every issued invoice of the demo companies an access key and a DPS number', () => {
    const requests = issued()
    // Every company of the demo that invoices: ana's and eva's, the shop, the MEI and the others.
    expect(new Set(requests.map((r) => r.companyId)).size).toBeGreaterThanOrEqual(6)
    const withoutKey = requests.filter((r) => !r.accessKey || r.dpsNumber === null)
    expect(withoutKey.map((r) => r.id)).toEqual([])
    // Each company's DPS numbering goes on after its seeded ones.
    for (const companyId of new Set(requests.map((r) => r.companyId))) {
      const own = requests.filter((r) => r.companyId === companyId)
      expect(server.store.dpsSequences.get(companyId)?.lastNumber).toBe(own.length)
    }
  })

  it('serves every issued invoice its XML: 200, valid, signed, with its key and number', async () => {
    const problems: string[] = []
    for (const request of issued()) {
      const answer = await download(`/nfs/requests/${request.id}/nfse`)
      const xml = new TextDecoder().decode(answer.bytes)
      if (answer.status !== 200 || !answer.type.includes('application/xml')) {
        problems.push(`${request.id}: ${answer.status} ${xml.slice(0, 200)}`)
        continue
      }
      const invalid = validateAgainst('NFSe', xml)
      if (invalid.length > 0) problems.push(`${request.id}: ${JSON.stringify(invalid)}`)
      const facts = readNfse(xml)
      if (facts.accessKey !== request.accessKey || facts.number !== String(request.number))
        problems.push(`${request.id}: ${facts.accessKey} nº ${facts.number}`)
      if (!verifyEnveloped(xml, 'infNFSe', ['sefin']).valid) problems.push(`${request.id}: NFS-e`)
      if (!verifyEnveloped(xml, 'infDPS').valid) problems.push(`${request.id}: DPS`)
    }
    expect(problems).toEqual([])
    // Drawn once: the stand-in keeps what it drew.
    expect(server.store.sefinNfse.find({}).filter((n) => n.xml === null)).toEqual([])
  }, 300_000)

  it('serves the DANFSe, a PDF with its key and number: each company’s first and latest', async () => {
    // Drawn from the XML above by one code for all (nfse/danfse.ts); a PDF for each of the
    // demo's 345 invoices would add a minute to the suite for nothing the XML does not show.
    const requests = issued().sort((a, b) => a.number! - b.number!)
    const sample = [...new Set(requests.map((r) => r.companyId))].flatMap((companyId) => {
      const own = requests.filter((r) => r.companyId === companyId)
      return [own[0]!, own.at(-1)!]
    })
    const problems: string[] = []
    for (const request of sample) {
      const answer = await download(`/nfs/requests/${request.id}/danfse`)
      if (answer.status !== 200 || answer.type !== 'application/pdf') {
        problems.push(`${request.id}: ${answer.status} ${answer.type}`)
        continue
      }
      const text = await pdfText(answer.bytes)
      if (!text.includes(request.accessKey!) || !text.includes(String(request.number)))
        problems.push(`${request.id}: the DANFSe lacks its key or number`)
    }
    expect(problems).toEqual([])
  }, 300_000)
})
