import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listOf, recordOf } from '../../src/schemas/common'
import {
  companyMayDeleteDocument,
  documentSchema,
  documentTypes,
  collectionCheckDigit,
  isDigitableLine,
  type CompanyDocument,
} from '../../src/schemas/document'
import { FILE_MISSING } from '../../mock-server/routes/documents'
import { ANA, BRUNO, ADMIN, OWN } from './finance-callers'
import {} from './finance-callers'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const anaDocuments = () =>
  server.store.data.documents.filter((d: CompanyDocument) => d.companyId === 'cmp-ana-design')

describe('GET /documents', () => {
  beforeAll(() => server.store.reset())

  it('holds every type and status for ana', () => {
    expect(new Set(anaDocuments().map((d) => d.type))).toEqual(new Set(documentTypes))
    expect(new Set(anaDocuments().map((d) => d.status))).toEqual(
      new Set(['pending', 'approved', 'rejected', 'paid']),
    )
  })

  it('pages newest first, 10 by default, and filters by repeatable type and status', async () => {
    const all = await server.call('GET', `/documents?${OWN}`, { as: ANA })
    expect(all.status).toBe(200)
    const body = listOf(documentSchema).parse(all.body)
    expect(body.total).toBe(anaDocuments().length)
    expect(body.data).toHaveLength(10)
    const dates = body.data.map((d) => d.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())

    const two = await server.call('GET', `/documents?${OWN}&type=guia&type=comprovante&limit=50`, {
      as: ANA,
    })
    const expected = anaDocuments().filter((d) => d.type === 'guia' || d.type === 'comprovante')
    expect(two.body.total).toBe(expected.length)
    expect(
      two.body.data.every((d: CompanyDocument) => ['guia', 'comprovante'].includes(d.type)),
    ).toBe(true)

    const one = await server.call('GET', `/documents?${OWN}&type=alvara`, { as: ANA })
    expect(one.body.data.map((d: CompanyDocument) => d.id)).toEqual(['doc-ana-alvara'])

    const pendingGuias = await server.call('GET', `/documents?${OWN}&type=guia&status=pending`, {
      as: ANA,
    })
    // Ana's last month is still open (its DAS not published yet): the DARF is her pending guia.
    expect(pendingGuias.body.data.map((d: CompanyDocument) => d.id).sort()).toEqual([
      'doc-ana-darf',
    ])

    const offset = await server.call('GET', `/documents?${OWN}&limit=5&offset=5`, { as: ANA })
    expect(offset.body.data.map((d: CompanyDocument) => d.id)).toEqual(
      (await server.call('GET', `/documents?${OWN}&limit=10`, { as: ANA })).body.data
        .slice(5, 10)
        .map((d: CompanyDocument) => d.id),
    )
  })

  it('refuses unknown types, other companies and anonymous callers', async () => {
    const bad = await server.call('GET', `/documents?${OWN}&type=boleto`, { as: ANA })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Tipo de documento inválido')
    expect((await server.call('GET', `/documents?${OWN}`, { as: BRUNO })).status).toBe(403)
    expect((await server.call('GET', `/documents?${OWN}`)).status).toBe(401)
  })
})

describe('POST /documents', () => {
  beforeEach(() => server.store.reset())
  const comprovante = {
    type: 'comprovante',
    name: 'Recibo do coworking',
    fileName: 'recibo-coworking.pdf',
  }
  const guia = {
    type: 'guia',
    name: 'DARF IRPJ',
    fileName: 'darf-ana-design-1708.pdf',
    guia: { kind: 'DARF', dueDate: '2026-12-30', amount: 845.12, competence: '2026-11' },
  }

  it('registers a file uploaded through the signed link as a pending document', async () => {
    const link = await server.call('GET', `/upload/${comprovante.fileName}?${OWN}`, { as: ANA })
    expect(link.status).toBe(200)
    // The signed link names the configured public address; the test server listens elsewhere.
    const onServer = (signed: string) =>
      server.url + new URL(signed).pathname + new URL(signed).search
    const put = await fetch(onServer(link.body.data.url), {
      method: 'PUT',
      body: '%PDF-1.4 recibo',
    })
    expect(put.status).toBe(201)
    // Stored under a key of its own (the name with a token); the document registers that key.
    const { fileName } = ((await put.json()) as { data: { fileName: string } }).data
    expect(fileName).toMatch(/^recibo-coworking\.[0-9a-f]{12}\.pdf$/)
    const res = await server.call('POST', `/documents?${OWN}`, {
      as: ANA,
      body: { ...comprovante, fileName },
    })
    expect(res.status).toBe(201)
    const { data } = recordOf(documentSchema).parse(res.body)
    expect(data).toMatchObject({
      ...comprovante,
      fileName,
      status: 'pending',
      sentBy: 'company',
      createdBy: 'uid-ana',
    })
    expect(server.store.data.documents.some((d: CompanyDocument) => d.id === data.id)).toBe(true)
    const download = await server.call('GET', `/download/${fileName}?${OWN}`, {
      as: ANA,
    })
    expect(await (await fetch(onServer(download.body.data.url))).text()).toBe('%PDF-1.4 recibo')
  })

  it('refuses a file that was never uploaded', async () => {
    const res = await server.call('POST', `/documents?${OWN}`, {
      as: ANA,
      body: { ...comprovante, fileName: 'nunca-enviado.pdf' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(FILE_MISSING)
    // Another company's file is not this company's.
    const other = await server.call('POST', '/documents?companyId=cmp-eva-studio', {
      as: ADMIN,
      body: { ...comprovante, fileName: 'contrato-technova.pdf' },
    })
    expect(other.status).toBe(400)
  })

  it('takes guias from the accountant only, with due date and amount', async () => {
    const refused = await server.call('POST', `/documents?${OWN}`, { as: ANA, body: guia })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Guias de impostos são enviadas pela contabilidade.')
    const created = await server.call('POST', `/documents?${OWN}`, { as: ADMIN, body: guia })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      sentBy: 'accountant',
      guia: guia.guia,
      status: 'pending',
    })
  })

  it('answers bad input with 400 and changes nothing', async () => {
    const before = server.store.data.documents.length
    const bodies = [
      { ...comprovante, type: 'boleto' },
      { ...comprovante, fileName: '../../etc/passwd' },
      { ...comprovante, fileName: 'pasta/arquivo.pdf' },
      { ...comprovante, name: '' },
      { ...comprovante, status: 'approved' },
      { ...guia, guia: { ...guia.guia, dueDate: '2026-02-30' } },
      { ...guia, guia: undefined },
      { ...guia, guia: { ...guia.guia, amount: -1 } },
      'texto',
    ]
    for (const body of bodies) {
      const res = await server.call('POST', `/documents?${OWN}`, { as: ADMIN, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toEqual(expect.any(String))
    }
    expect(server.store.data.documents.length).toBe(before)
  })
})

describe('PUT /documents/{id}/status/{status}', () => {
  beforeEach(() => server.store.reset())

  it('lets the company or the accountant mark a guia paid, once', async () => {
    const paid = await server.call('PUT', `/documents/doc-ana-darf/status/paid?${OWN}`, {
      as: ANA,
    })
    expect(paid.status).toBe(200)
    expect(paid.body.data.status).toBe('paid')
    expect(paid.body.data.paidAt).toEqual(expect.any(String))
    const again = await server.call('PUT', `/documents/doc-ana-darf/status/paid?${OWN}`, {
      as: ANA,
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      'Uma guia só pode ir de "A pagar" para "Paga" (está "Paga", pedido: "Paga").',
    )
    const approveGuia = await server.call('PUT', `/documents/doc-ana-darf/status/approved?${OWN}`, {
      as: ADMIN,
    })
    expect(approveGuia.status).toBe(409)
  })

  it('lets only the accountant approve or reject what the client sent', async () => {
    const byClient = await server.call(
      'PUT',
      `/documents/doc-ana-comprovante-pix/status/approved?${OWN}`,
      { as: ANA },
    )
    expect(byClient.status).toBe(403)
    expect(byClient.body.message).toBe('Apenas a contabilidade aprova ou recusa documentos.')
    const rejected = await server.call(
      'PUT',
      `/documents/doc-ana-comprovante-pix/status/rejected?${OWN}`,
      {
        as: ADMIN,
        body: { reason: 'Comprovante ilegível' },
      },
    )
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Comprovante ilegível',
      reviewedBy: 'uid-admin',
    })
    const reopened = await server.call(
      'PUT',
      `/documents/doc-ana-comprovante-pix/status/pending?${OWN}`,
      { as: ADMIN },
    )
    expect(reopened.body.data).toMatchObject({ status: 'pending', rejectionReason: null })
    const approved = await server.call(
      'PUT',
      `/documents/doc-ana-comprovante-pix/status/approved?${OWN}`,
      { as: ADMIN },
    )
    expect(approved.body.data.status).toBe('approved')
    const paid = await server.call('PUT', `/documents/doc-ana-comprovante-pix/status/paid?${OWN}`, {
      as: ADMIN,
    })
    expect(paid.status).toBe(409)
    expect(paid.body.message).toBe('Não é possível mudar o documento de "Aprovado" para "Paga".')
    expect(
      (await server.call('PUT', `/documents/doc-ana-rg/status/archived?${OWN}`, { as: ADMIN }))
        .status,
    ).toBe(400)
    expect(
      (await server.call('PUT', `/documents/doc-nope/status/paid?${OWN}`, { as: ADMIN })).status,
    ).toBe(404)
    expect(
      (await server.call('PUT', `/documents/doc-eva-studio-darf/status/paid?${OWN}`, { as: ANA }))
        .status,
    ).toBe(404)
  })
})

describe('DELETE /documents/{id}', () => {
  beforeEach(() => server.store.reset())

  it("deletes the client's own pending documents; the accountant deletes any", async () => {
    const own = await server.call('DELETE', `/documents/doc-ana-comprovante-pix?${OWN}`, {
      as: ANA,
    })
    expect(own.status).toBe(200)
    expect(
      server.store.data.documents.some((d: CompanyDocument) => d.id === 'doc-ana-comprovante-pix'),
    ).toBe(false)
    const reviewed = await server.call('DELETE', `/documents/doc-ana-rg?${OWN}`, { as: ANA })
    expect(reviewed.status).toBe(409)
    expect(reviewed.body.message).toBe(
      'Só é possível excluir um documento pendente (este está "Aprovado").',
    )
    const guia = await server.call('DELETE', `/documents/doc-ana-darf?${OWN}`, { as: ANA })
    expect(guia.status).toBe(403)
    expect(
      (await server.call('DELETE', `/documents/doc-ana-rg?${OWN}`, { as: ADMIN })).status,
    ).toBe(200)
    expect(
      (await server.call('DELETE', `/documents/doc-ana-rg?${OWN}`, { as: ADMIN })).status,
    ).toBe(404)
    expect(
      (await server.call('DELETE', `/documents/doc-ana-alvara?${OWN}`, { as: BRUNO })).status,
    ).toBe(403)
  })
})

describe('competence and linha digitável (the documents screen)', () => {
  beforeEach(() => server.store.reset())
  const onServer = (signed: string) =>
    server.url + new URL(signed).pathname + new URL(signed).search

  it('keeps the month a document refers to and filters the list by it', async () => {
    const link = await server.call('GET', `/upload/extrato-outubro.pdf?${OWN}`, { as: ANA })
    const { fileName } = link.body.data as { fileName: string }
    await fetch(onServer(link.body.data.url), { method: 'PUT', body: '%PDF-1.4 extrato' })
    const created = await server.call('POST', `/documents?${OWN}`, {
      as: ANA,
      body: { type: 'extrato', name: 'Extrato de outubro', fileName, competence: '2026-10' },
    })
    expect(created.status).toBe(201)
    expect(created.body.data.competence).toBe('2026-10')
    const october = await server.call('GET', `/documents?${OWN}&competence=2026-10&limit=100`, {
      as: ANA,
    })
    expect(october.status).toBe(200)
    const expected = anaDocuments().filter((d) => d.competence === '2026-10')
    expect(october.body.total).toBe(expected.length)
    expect(october.body.data.map((d: CompanyDocument) => d.id)).toContain(created.body.data.id)
    expect(october.body.data.every((d: CompanyDocument) => d.competence === '2026-10')).toBe(true)
    const bad = await server.call('GET', `/documents?${OWN}&competence=2026-13`, { as: ANA })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Competência inválida (AAAA-MM)')
    const badBody = await server.call('POST', `/documents?${OWN}`, {
      as: ANA,
      body: { type: 'extrato', name: 'Extrato', fileName, competence: 'outubro' },
    })
    expect(badBody.status).toBe(400)
  })

  it('gives every seeded guia its competence and a linha digitável with valid check digits', () => {
    const guias = anaDocuments().filter((d) => d.type === 'guia')
    expect(guias.length).toBeGreaterThan(0)
    for (const guia of guias) {
      expect(guia.competence).toBe(guia.guia?.competence)
      expect(isDigitableLine(guia.guia?.digitableLine ?? '')).toBe(true)
      // The amount is written in the line (barcode positions 5–15, in cents).
      const barcode = [0, 1, 2, 3].map((b) => guia.guia!.digitableLine!.slice(b * 12, b * 12 + 11))
      expect(Number(barcode.join('').slice(4, 15))).toBe(Math.round(guia.guia!.amount * 100))
    }
  })

  it('takes a guia with a linha digitável from the accountant and refuses a wrong one', async () => {
    const [seeded] = anaDocuments().filter((d) => d.type === 'guia')
    const line = seeded!.guia!.digitableLine!
    const body = {
      type: 'guia',
      name: 'DAS novembro',
      fileName: 'darf-ana-design-1708.pdf',
      guia: {
        kind: 'DAS',
        dueDate: '2026-12-20',
        amount: seeded!.guia!.amount,
        competence: '2026-11',
        digitableLine: line.replace(/(\d{12})/g, '$1 ').trim(),
      },
    }
    const created = await server.call('POST', `/documents?${OWN}`, { as: ADMIN, body })
    expect(created.status).toBe(201)
    expect(created.body.data.guia.digitableLine).toBe(line)
    expect(created.body.data.competence).toBe('2026-11')
    const last = line[11] === '9' ? '0' : String(Number(line[11]) + 1)
    const wrong = await server.call('POST', `/documents?${OWN}`, {
      as: ADMIN,
      body: {
        ...body,
        guia: { ...body.guia, digitableLine: line.slice(0, 11) + last + line.slice(12) },
      },
    })
    expect(wrong.status).toBe(400)
    // The seed's guias say their value in modulo 11 (third digit 8).
    expect(wrong.body.message).toBe(
      'Linha digitável inválida: o dígito verificador do 1º bloco da guia não confere (módulo 11). Confira os números digitados.',
    )
    // A line whose blocks are right but whose general digit (the 4th) is not.
    const blocks = line.match(/\d{12}/g)!.map((block) => block.slice(0, 11))
    const general = blocks[0]![3] === '9' ? '0' : String(Number(blocks[0]![3]) + 1)
    blocks[0] = blocks[0]!.slice(0, 3) + general + blocks[0]!.slice(4)
    const relined = blocks.map((block) => block + collectionCheckDigit('8', block)).join('')
    const wrongGeneral = await server.call('POST', `/documents?${OWN}`, {
      as: ADMIN,
      body: { ...body, guia: { ...body.guia, digitableLine: relined } },
    })
    expect(wrongGeneral.status).toBe(400)
    expect(wrongGeneral.body.message).toBe(
      'Linha digitável inválida: o dígito verificador geral da guia (o 4º número) não confere com o código de barras (módulo 11). Confira os números digitados.',
    )
  })

  it('deletes exactly what the screens offer to delete (companyMayDeleteDocument)', async () => {
    const documents = anaDocuments().map(({ id, sentBy, status }) => ({ id, sentBy, status }))
    for (const document of documents) {
      const res = await server.call('DELETE', `/documents/${document.id}?${OWN}`, { as: ANA })
      expect(res.status === 200, document.id).toBe(companyMayDeleteDocument(document))
    }
  })
})
