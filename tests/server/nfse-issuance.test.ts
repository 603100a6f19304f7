import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { isAccessKey } from '../../mock-server/formats/nfse/access-key'
import { readNfse } from '../../mock-server/formats/nfse/reader'
import { verifyEnveloped } from '../../mock-server/formats/nfse/xmldsig'
import { validateAgainst } from '../../mock-server/formats/nfse/xsd'
import { Store } from '../../mock-server/store/database'
import { pdfText } from '../pdf-text'
import {
  buildCompanyCertificate,
  pkcs12Of,
  rsaKeyPairAsync,
} from '../../mock-server/formats/nfse/certificates'
import { testPki } from '../../mock-server/stand-ins/sefin-nacional/test-pki'
import { exampleInvoiceBody } from './contracts/invoices'
import { CERTIFICATE_PASSWORD, seededNational } from './contracts/nfse'
import { ADMIN, signIn, startTestServer, type TestServer } from './harness'

// The national NFS-e through the API: a request issued through the Sefin Nacional stand-in (the
// DPS built, validated, signed and sent; the NFS-e's number, key, XML and DANFSe filed), the DPS
// number never reused, refusals that change nothing, the cancellation event, and who reads what.

const ANA = 'ana@contabil.dev'
const BRUNO = 'bruno@contabil.dev'
const OWN = 'companyId=cmp-ana-design'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})
afterEach(() => vi.restoreAllMocks())

/** The bytes of a download (the harness's `call` reads answers as text). */
async function download(path: string, as: string) {
  const response = await fetch(server.url + path, {
    headers: { Authorization: `Bearer ${await signIn(as)}` },
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  }
}

const issue = (id: string) => server.call('POST', `/nfs/requests/${id}/issue`, { as: ADMIN.email })

/** Every collection, as the store holds it (for "nothing changed"). */
const snapshot = () => server.store.snapshot()

describe('POST /nfs/requests/{id}/issue', () => {
  it('issues through the national system: number, key, DPS série/number, XML and DANFSe filed', async () => {
    const { request: seeded, dpsNumber: seededDps } = seededNational()
    const answer = await issue('nfs-ana-aguardando')
    expect(answer.status, answer.text).toBe(200)
    const issued = answer.body.data
    expect(issued.status).toBe('issued')
    // The seed's latest NFS-e was the company's last DPS: this one is the next, and its NFS-e
    // number follows the seed's (the national system numbers per provider and never reuses one).
    expect(issued).toMatchObject({
      series: '1',
      dpsNumber: seededDps + 1,
      number: seeded.number! + 1,
    })
    expect(isAccessKey(issued.accessKey)).toBe(true)
    // Sent (its DPS number reserved first), then confirmed.
    expect(issued.statusHistory.slice(-2)).toMatchObject([
      { from: 'pending', to: 'awaiting' },
      { from: 'awaiting', to: 'issued' },
    ])

    // The NFS-e's XML and DANFSe are the company's `nota-fiscal` documents.
    const documents = server.store.documents.find({ where: { companyId: 'cmp-ana-design' } })
    const filed = documents.filter((d) =>
      [issued.issuedFiles.pdf.documentId, issued.issuedFiles.xml.documentId].includes(d.id),
    )
    expect(filed.map((d) => d.type)).toEqual(['nota-fiscal', 'nota-fiscal'])

    // The NFS-e: valid against the official schema, signed by the national system, with the key.
    const nfse = await server.call('GET', `/nfs/requests/nfs-ana-aguardando/nfse?${OWN}`, {
      as: ANA,
    })
    expect(nfse.status).toBe(200)
    expect(nfse.headers.get('content-type')).toContain('application/xml')
    expect(validateAgainst('NFSe', nfse.text)).toEqual([])
    expect(verifyEnveloped(nfse.text, 'infNFSe', ['sefin']).valid).toBe(true)
    expect(verifyEnveloped(nfse.text, 'infDPS').valid).toBe(true)
    expect(readNfse(nfse.text)).toMatchObject({
      accessKey: issued.accessKey,
      number: String(issued.number),
    })

    // The DPS as sent: valid, signed by the company, the one the NFS-e embeds.
    const dps = await server.call('GET', `/nfs/requests/nfs-ana-aguardando/dps?${OWN}`, { as: ANA })
    expect(validateAgainst('DPS', dps.text)).toEqual([])
    expect(verifyEnveloped(dps.text, 'infDPS').valid).toBe(true)
    expect(nfse.text).toContain(dps.text.slice(dps.text.indexOf('<DPS')))

    // The DANFSe: a PDF whose text has the key, the number and the value.
    const danfse = await download(`/nfs/requests/nfs-ana-aguardando/danfse?${OWN}`, ANA)
    expect(danfse.type).toBe('application/pdf')
    const text = await pdfText(danfse.bytes)
    expect(text).toContain(issued.accessKey)
    expect(text).toContain('R$ 9.800,00')
    expect(text).toContain('NFS-e SEM VALIDADE JURÍDICA')

    // Issued once: again is a 409.
    const again = await issue('nfs-ana-aguardando')
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/já foi emitida/)
  })

  it('numbers the DPS per company, once per NFS-e, and keeps the counter on disk', async () => {
    const last = seededNational().dpsNumber
    expect((await issue('nfs-ana-aguardando')).body.data.dpsNumber).toBe(last + 1)
    expect((await issue('nfs-ana-processando')).body.data.dpsNumber).toBe(last + 2)
    // Another connection to the same file (as a restart would open it) reads the counter.
    const reopened = new Store(server.config.dataFile, () => {
      throw new Error('not seeded again')
    })
    try {
      expect(reopened.dpsSequences.get('cmp-ana-design')).toMatchObject({ lastNumber: last + 2 })
    } finally {
      await reopened.close()
    }
  })

  it('shows a refusal of the national system with its code and changes nothing', async () => {
    // A national taxation code outside the national list (the request form takes any 6 digits).
    const created = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, taxationCode: '999999' },
    })
    expect(created.status).toBe(201)
    const before = snapshot()
    const refused = await issue(created.body.data.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/^A Sefin Nacional recusou o documento: E0310/)
    expect(refused.body.issues).toEqual([
      { path: ['sefin', 'E0310'], message: expect.stringMatching(/lista de serviços nacional/) },
    ])
    // Nothing issued or filed; the request back where it was; its number freed (the reservation
    // kept, released, as the record of what was sent).
    const after = snapshot()
    expect(after.documents).toEqual(before.documents)
    expect(after.sefinNfse).toEqual(before.sefinNfse)
    expect(server.store.nfsRequests.get(created.body.data.id)?.status).toBe('pending')
    expect(after.dpsReservations.map((r) => r.status)).toEqual(['released'])
    // The number the refused DPS had is the next one's: it was never used.
    const next = await issue('nfs-ana-aguardando')
    expect(next.body.data.dpsNumber).toBe(seededNational().dpsNumber + 1)
  })

  it('never sends a DPS the official schema refuses: 400 naming the field, nothing changes', async () => {
    const created = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: {
        ...exampleInvoiceBody,
        taker: {
          ...exampleInvoiceBody.taker,
          address: { ...exampleInvoiceBody.taker.address, street: 'Rua Harmonia — fundos' },
        },
      },
    })
    const before = snapshot()
    const refused = await issue(created.body.data.id)
    expect(refused.status).toBe(400)
    expect(refused.body.issues[0]).toMatchObject({ path: ['taker', 'address', 'street'] })
    expect(refused.body.issues[0].message).toMatch(/^Rua do tomador \("Rua Harmonia — fundos"\)/)
    expect(snapshot()).toEqual(before)
  })

  it('issues for a company whose CNPJ has letters: DPS Id, key and NFS-e carry it as it is', async () => {
    // A company registered with an alphanumeric CNPJ (IN RFB 2.229/2024; the national schemas of
    // 27/07/2026 take it) and its own e-CNPJ, drawn in the thread pool (a key drawn on this thread
    // would stall the in-process server).
    const cnpj = '12ABC34501DE35'
    const company = server.store.companies.get('cmp-ana-design')!
    server.store.write(() => server.store.companies.update({ ...company, cnpj }))
    const pems = buildCompanyCertificate(
      testPki(process.env.MOCK_TEST_PKI_DIR!).ca,
      { name: company.name, cnpj },
      {
        notBefore: new Date(Date.now() - 86_400_000),
        notAfter: new Date(Date.now() + 300 * 86_400_000),
      },
      await rsaKeyPairAsync(),
    )
    const form = new FormData()
    form.append('password', CERTIFICATE_PASSWORD)
    form.append(
      'file',
      new Blob([new Uint8Array(pkcs12Of(pems, CERTIFICATE_PASSWORD))], {
        type: 'application/x-pkcs12',
      }),
      'empresa.pfx',
    )
    const uploaded = await server.call('PUT', '/companies/cmp-ana-design/certificate', {
      as: ANA,
      raw: form,
    })
    expect(uploaded.status, uploaded.text).toBe(200)
    expect(uploaded.body.data.cnpj).toBe(cnpj)

    // A request made after the change (a request keeps the CNPJ it was made with).
    const created = await server.call('POST', `/nfs/requests?${OWN}`, {
      as: ANA,
      body: { ...exampleInvoiceBody, cnpj },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.data.id
    const answer = await issue(id)
    expect(answer.status, answer.text).toBe(200)
    const issued = answer.body.data
    expect(issued.status).toBe('issued')
    // The key's layout: municipality (7), environment (1), registration type (1), the CNPJ as it
    // is (14), the NFS-e number (13), …
    expect(issued.accessKey.slice(9, 23)).toBe(cnpj)
    expect(isAccessKey(issued.accessKey)).toBe(true)

    const dps = await server.call('GET', `/nfs/requests/${id}/dps?${OWN}`, { as: ANA })
    expect(validateAgainst('DPS', dps.text)).toEqual([])
    expect(verifyEnveloped(dps.text, 'infDPS').valid).toBe(true)
    expect(dps.text).toContain(`<CNPJ>${cnpj}</CNPJ>`)
    expect(dps.text).toMatch(new RegExp(`Id="DPS\\d{7}2${cnpj}\\d{20}"`))

    const nfse = await server.call('GET', `/nfs/requests/${id}/nfse?${OWN}`, {
      as: ANA,
    })
    expect(validateAgainst('NFSe', nfse.text)).toEqual([])
    expect(verifyEnveloped(nfse.text, 'infNFSe', ['sefin']).valid).toBe(true)
    expect(readNfse(nfse.text)).toMatchObject({ accessKey: issued.accessKey })
    const danfse = await download(`/nfs/requests/${id}/danfse?${OWN}`, ANA)
    expect(await pdfText(danfse.bytes)).toContain('12.ABC.345/01DE-35')
  })

  it('needs the company certificate', async () => {
    expect(
      (await server.call('DELETE', '/companies/cmp-ana-design/certificate', { as: ANA })).status,
    ).toBe(204)
    const refused = await issue('nfs-ana-aguardando')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/não tem certificado digital A1/)
  })
})

describe('POST /nfs/requests/{id}/cancel', () => {
  const cancel = (id: string, body: unknown) =>
    server.call('POST', `/nfs/requests/${id}/cancel`, { as: ADMIN.email, body })

  it('refuses a reason outside 15–255 characters of the national text, each said in pt-BR', async () => {
    const id = seededNational().request.id
    const short = await cancel(id, { code: '1', reason: 'Valor errado' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Motivo precisa ter pelo menos 15 caracteres.')
    const long = await cancel(id, { code: '1', reason: 'x'.repeat(256) })
    expect(long.body.message).toBe('Motivo pode ter no máximo 255 caracteres.')
    const lines = await cancel(id, { code: '1', reason: 'Valor errado\nna segunda linha' })
    expect(lines.body.message).toMatch(/em uma linha/)
    const code = await cancel(id, { code: '3', reason: 'Valor do serviço informado errado' })
    expect(code.body.message).toMatch(/1 \(erro na emissão\), 2 \(serviço não prestado\) ou 9/)
  })

  it('cancels through the national event: status, code, reason, the DANFSe stamped', async () => {
    const id = seededNational().request.id
    const reason = 'Serviço cancelado pelo cliente antes do início'
    const answer = await cancel(id, { code: '2', reason })
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body.data).toMatchObject({
      status: 'cancelled',
      cancellationCode: '2',
      cancellationReason: reason,
    })
    expect(answer.body.data.statusHistory.at(-1)).toMatchObject({ from: 'issued', to: 'cancelled' })
    expect(server.store.sefinNfse.get(seededNational().accessKey)?.status).toBe('cancelled')
    expect(server.store.sefinEvents.count({ accessKey: seededNational().accessKey })).toBe(1)
    const danfse = await download(`/nfs/requests/${id}/danfse?${OWN}`, ANA)
    const text = await pdfText(danfse.bytes)
    expect(text).toContain('CANCELADA')
    expect(text).toContain(reason)
    const again = await cancel(id, { code: '2', reason })
    expect(again.status).toBe(409)
  })

  it('an answer that does not verify: 502, kept unconfirmed, then settled by the check from the Sefin’s event', async () => {
    const { request, accessKey } = seededNational()
    const reason = 'Serviço cancelado pelo cliente antes do início'
    const documents = server.store.documents.count()
    // The stand-in registers the event and answers a copy changed after it was signed, once.
    await server.call('POST', '/__test/sefin-faults?tampered-event=1')
    const answer = await cancel(request.id, { code: '2', reason })
    expect(answer.status).toBe(502)
    expect(answer.body.message).toMatch(
      /^A assinatura da Sefin Nacional no evento não confere: .+ O cancelamento foi enviado e ainda não está confirmado aqui/,
    )
    // Cancelled at the Sefin; here recorded as sent and unconfirmed, nothing filed (read at
    // once: the background check is asked to run in 2 s).
    expect(server.store.sefinNfse.get(accessKey)?.status).toBe('cancelled')
    expect(server.store.nfsRequests.get(request.id)).toMatchObject({
      status: 'issued',
      cancelledAt: null,
      cancellationSending: {
        status: 'unconfirmed',
        code: '2',
        reason,
        problem: expect.stringMatching(/^A assinatura da Sefin Nacional no evento não confere/),
      },
    })
    expect(server.store.documents.count()).toBe(documents)
    // Meanwhile no event verifies (no anchor), so the state holds while it is looked at.
    const trust = server.sefin.trust()
    vi.spyOn(server.sefin, 'trust').mockReturnValue({ ...trust, anchors: [] })
    const held = (await server.call('GET', `/nfs/requests/${request.id}`, { as: ADMIN.email })).body
      .data
    expect(held).toMatchObject({ status: 'issued', cancellationSending: { status: 'unconfirmed' } })
    // Never sent twice: a second cancellation is refused before anything is sent.
    const again = await cancel(request.id, { code: '2', reason })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/já foi enviado à Receita e aguarda a confirmação/)
    expect(server.store.sefinEvents.count({ accessKey })).toBe(1)

    // The check asks the Sefin for the event (GET …/eventos/101101/1), verifies it and settles.
    vi.restoreAllMocks()
    await server.call('POST', '/__test/sefin-recovery')
    const settled = server.store.nfsRequests.get(request.id)
    expect(settled).toMatchObject({
      status: 'cancelled',
      cancellationCode: '2',
      cancellationReason: reason,
      cancellationSending: null,
    })
    expect(settled?.statusHistory.at(-1)).toMatchObject({ from: 'issued', to: 'cancelled' })
    const filed = server.store.documents
      .find({ where: { companyId: request.companyId } })
      .filter((document) => document.name.startsWith('Cancelamento da NFS-e'))
    expect(filed).toHaveLength(1)
    expect(server.store.documents.count()).toBeGreaterThan(documents)
    const danfse = await download(`/nfs/requests/${request.id}/danfse?${OWN}`, ANA)
    expect(await pdfText(danfse.bytes)).toContain('CANCELADA')
  })

  it('a cancellation the Sefin never registered: the check clears it and the NFS-e stays issued', async () => {
    const { request } = seededNational()
    server.store.write(() =>
      server.store.nfsRequests.update({
        ...server.store.nfsRequests.get(request.id)!,
        cancellationSending: {
          status: 'unconfirmed',
          code: '1',
          reason: 'Valor do serviço informado errado',
          requestedAt: new Date().toISOString(),
          by: 'admin',
          problem: null,
        },
      }),
    )
    await server.call('POST', '/__test/sefin-recovery')
    expect(server.store.nfsRequests.get(request.id)).toMatchObject({
      status: 'issued',
      cancellationSending: null,
    })
  })

  it('is not the status change: PUT …/status/cancelled points to the event', async () => {
    const id = seededNational().request.id
    const moved = await server.call('PUT', `/nfs/requests/${id}/status/cancelled`, {
      as: ADMIN.email,
      body: {},
    })
    expect(moved.status).toBe(409)
    expect(moved.body.message).toMatch(/evento de cancelamento/)
  })
})

describe('who reads the national documents', () => {
  it("no company reads another's XML, DPS or DANFSe", async () => {
    const id = seededNational().request.id
    for (const what of ['nfse', 'dps', 'danfse']) {
      // Bruno, for his own company: ana's request is not one of its records.
      const own = await server.call('GET', `/nfs/requests/${id}/${what}?companyId=cmp-bruno-tech`, {
        as: BRUNO,
      })
      expect(own.status, what).toBe(404)
      // Bruno, naming ana's company: not his.
      const other = await server.call('GET', `/nfs/requests/${id}/${what}?${OWN}`, { as: BRUNO })
      expect(other.status, what).toBe(403)
    }
  })

  it('a client cannot issue or cancel', async () => {
    expect(
      (await server.call('POST', '/nfs/requests/nfs-ana-aguardando/issue', { as: ANA })).status,
    ).toBe(403)
    const cancel = await server.call(
      'POST',
      `/nfs/requests/${seededNational().request.id}/cancel`,
      {
        as: ANA,
        body: { code: '1', reason: 'Valor do serviço informado errado' },
      },
    )
    expect(cancel.status).toBe(403)
  })
})
