import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listOf, recordOf } from '../../src/schemas/common'
import { companySchema, statusHistoryEntrySchema } from '../../src/schemas/company'
import { documentSchema, type CompanyDocument } from '../../src/schemas/document'
import { nfsRequestWithCompanySchema, type NfsRequest } from '../../src/schemas/invoice'
import {
  adminUserCreatedSchema,
  adminUserDetailSchema,
  adminUserSchema,
} from '../../src/schemas/user'
import { emulatorHost, signIn, startTestServer, type TestServer } from './harness'

// The accountants' back office (docs/decisions.md "The back office"): the companies list's order
// and search, the status history, the disabling reason, the NFS-e queue and its issue/reject
// bodies, and user management (company names, last sign-in, the sign-in link, one's own admin
// role).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ADMIN = 'admin@contabil.dev'
const ANA = 'ana@contabil.dev'
const BRUNO = 'bruno@contabil.dev'
const OWN = 'companyId=cmp-ana-design'

/** Puts a file in a company's folder through its signed upload link, as the screen does. */
/** Uploads through a signed link; answers the name the file is stored under. */
async function upload(companyId: string, fileName: string, content: string): Promise<string> {
  const link = await server.call('GET', `/upload/${fileName}?companyId=${companyId}`, {
    as: ADMIN,
  })
  expect(link.status).toBe(200)
  const signed = new URL(link.body.data.url)
  const put = await fetch(server.url + signed.pathname + signed.search, {
    method: 'PUT',
    body: content,
  })
  expect(put.status).toBe(201)
  return ((await put.json()) as { data: { fileName: string } }).data.fileName
}

describe('GET /companies (back office)', () => {
  it('finds a company by a CNPJ fragment typed with punctuation, numeric or not', async () => {
    const res = await server.call('GET', `/companies?query=${encodeURIComponent('357.924/0001')}`, {
      as: ADMIN,
    })
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp-eva-studio'])
    const bare = await server.call('GET', '/companies?query=51357924', { as: ADMIN })
    expect(bare.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp-eva-studio'])
  })

  it('sorts by last change, newest first, and filters by track', async () => {
    await server.call('PUT', '/companies/cmp-bruno-tech', {
      as: ADMIN,
      body: { alias: 'Bruno Tech' },
    })
    const recent = await server.call('GET', '/companies?sort=updated', { as: ADMIN })
    const list = listOf(companySchema).parse(recent.body).data
    expect(list[0]!.id).toBe('cmp-bruno-tech')
    const stamps = list.map((c) => c.updatedAt)
    expect(stamps).toEqual([...stamps].sort().reverse())
    const migration = await server.call('GET', '/companies?trackId=migrate-company&limit=100', {
      as: ADMIN,
    })
    expect(migration.body.total).toBe(
      server.store.data.companies.filter((c) => c.trackId === 'migrate-company').length,
    )
    expect((await server.call('GET', '/companies?sort=random', { as: ADMIN })).status).toBe(400)
  })
})

describe('company status: reason and history', () => {
  it('needs a reason of at least 10 characters to disable', async () => {
    const short = await server.call('PUT', '/companies/cmp-ana-design/status/disabled', {
      as: ADMIN,
      body: { reason: 'Calote' },
    })
    expect(short).toMatchObject({
      status: 400,
      body: {
        issues: [{ path: ['reason'], message: 'Explique o motivo em pelo menos 10 caracteres.' }],
      },
    })
    const blank = await server.call('PUT', '/companies/cmp-ana-design/status/disabled', {
      as: ADMIN,
      body: { reason: '   ' },
    })
    expect(blank.body.issues[0].message).toBe('Informe o motivo da desativação.')
    expect(server.store.byId('companies', 'cmp-ana-design')!.status).toBe('active')
  })

  it('answers the history newest first, with who by name (system changes by nobody)', async () => {
    await server.call('PUT', '/companies/cmp-ana-design/status/disabled', {
      as: ADMIN,
      body: { reason: 'Contrato encerrado a pedido da cliente.' },
    })
    const res = await server.call('GET', '/companies/cmp-ana-design/status-history', { as: ADMIN })
    expect(res.status).toBe(200)
    const { data, total } = listOf(statusHistoryEntrySchema).parse(res.body)
    expect(total).toBe(4)
    expect(data[0]).toMatchObject({
      from: 'active',
      to: 'disabled',
      by: 'uid-admin',
      reason: 'Contrato encerrado a pedido da cliente.',
    })
    expect(data[0]!.byName).toBe(server.store.byId('users', 'uid-admin')!.name)
    expect(data.map((entry) => entry.to)).toEqual([
      'disabled',
      'active',
      'opening',
      'awaiting_opening',
    ])
    const eva = await server.call('GET', '/companies/cmp-eva-comercio/status-history', {
      as: ADMIN,
    })
    expect(eva.body.data[0]).toMatchObject({ to: 'overdue', by: 'system', byName: null })
    const paged = await server.call('GET', '/companies/cmp-ana-design/status-history?limit=1', {
      as: ADMIN,
    })
    expect(paged.body).toMatchObject({ total: 4, data: [{ to: 'disabled' }] })
    expect(
      (await server.call('GET', '/companies/cmp-ana-design/status-history', { as: ANA })).status,
    ).toBe(403)
    expect(
      (await server.call('GET', '/companies/cmp-nao-existe/status-history', { as: ADMIN })).status,
    ).toBe(404)
  })
})

describe('the NFS-e queue', () => {
  it('puts open requests first, oldest first, each with its company', async () => {
    const res = await server.call('GET', '/nfs/requests/search?limit=100', { as: ADMIN })
    const { data, total } = listOf(nfsRequestWithCompanySchema).parse(res.body)
    expect(total).toBe(server.store.data.nfsRequests.length)
    const open = data.filter((r) => r.status === 'pending' || r.status === 'processing')
    expect(data.slice(0, open.length)).toEqual(open)
    const pending = data.filter((r) => r.status === 'pending').map((r) => r.createdAt)
    expect(pending).toEqual([...pending].sort())
    expect(data[0]!.status).toBe('pending')
    const ana = data.find((r) => r.companyId === 'cmp-ana-design')!
    expect(ana.company).toMatchObject({ name: 'Ana Design Ltda', alias: 'Ana Design' })
  })

  it('opens one request: any for an admin, only their own for a client', async () => {
    const admin = await server.call('GET', '/nfs/requests/nfs-ana-aguardando', { as: ADMIN })
    expect(recordOf(nfsRequestWithCompanySchema).parse(admin.body).data).toMatchObject({
      id: 'nfs-ana-aguardando',
      status: 'pending',
      company: { id: 'cmp-ana-design' },
    })
    const own = await server.call('GET', `/nfs/requests/nfs-ana-aguardando?${OWN}`, { as: ANA })
    expect(own.status).toBe(200)
    expect(
      (await server.call('GET', `/nfs/requests/nfs-ana-aguardando?${OWN}`, { as: BRUNO })).status,
    ).toBe(403)
    expect((await server.call('GET', '/nfs/requests/nfs-ana-aguardando', { as: ANA })).status).toBe(
      403,
    )
    expect(
      (await server.call('GET', `/nfs/requests/nfs-eva-aguardando?${OWN}`, { as: ANA })).status,
    ).toBe(404)
    expect((await server.call('GET', '/nfs/requests/nfs-nope', { as: ADMIN })).status).toBe(404)
  })

  it('issues with the number, the PDF and the XML, which become the company’s documents', async () => {
    const url = '/nfs/requests/nfs-ana-aguardando/status'
    await server.call('PUT', `${url}/processing`, { as: ADMIN })
    const before = server.store.snapshot()
    const missing = await server.call('PUT', `${url}/issued`, {
      as: ADMIN,
      body: { number: 9001, pdfFileName: 'nfse-9001.pdf' },
    })
    expect(missing).toMatchObject({ status: 400, body: { issues: [{ path: ['pdfFileName'] }] } })
    const noNumber = await server.call('PUT', `${url}/issued`, {
      as: ADMIN,
      body: { pdfFileName: 'nfse-9001.pdf' },
    })
    expect(noNumber.body.issues[0]).toMatchObject({
      path: ['number'],
      message: 'Informe o número da NFS-e (só dígitos, até 15).',
    })
    const notPdf = await server.call('PUT', `${url}/issued`, {
      as: ADMIN,
      body: { number: 9001, pdfFileName: 'nfse-9001.xml' },
    })
    expect(notPdf.body.issues[0].message).toBe('Anexe o PDF da nota (arquivo .pdf).')
    const taken = server.store.data.nfsRequests.find(
      (r: NfsRequest) => r.companyId === 'cmp-ana-design' && r.status === 'issued',
    )!
    const pdfFileName = await upload('cmp-ana-design', 'nfse-9001.pdf', '%PDF-1.4 nota 9001')
    const xmlFileName = await upload(
      'cmp-ana-design',
      'nfse-9001.xml',
      '<NFSe><nNFSe>9001</nNFSe></NFSe>',
    )
    const duplicate = await server.call('PUT', `${url}/issued`, {
      as: ADMIN,
      body: { number: taken.number, pdfFileName },
    })
    expect(duplicate).toMatchObject({
      status: 400,
      body: {
        issues: [
          {
            path: ['number'],
            message: `Esta empresa já tem uma NFS-e com o número ${taken.number}.`,
          },
        ],
      },
    })
    expect(server.store.snapshot()).toEqual(before)

    const issued = await server.call('PUT', `${url}/issued`, {
      as: ADMIN,
      body: { number: 9001, pdfFileName, xmlFileName },
    })
    expect(issued.status).toBe(200)
    const request = recordOf(nfsRequestWithCompanySchema).parse(issued.body).data
    expect(request).toMatchObject({ status: 'issued', number: 9001 })
    expect(request.issuedFiles?.pdf.fileName).toBe(pdfFileName)
    expect(request.issuedFiles?.xml?.fileName).toBe(xmlFileName)

    // The client finds the PDF among the company's documents and downloads it.
    const documents = await server.call('GET', `/documents?${OWN}&type=nota-fiscal&limit=100`, {
      as: ANA,
    })
    const pdf = listOf(documentSchema)
      .parse(documents.body)
      .data.find((d: CompanyDocument) => d.id === request.issuedFiles!.pdf.documentId)
    expect(pdf).toMatchObject({
      type: 'nota-fiscal',
      status: 'approved',
      sentBy: 'accountant',
      fileName: pdfFileName,
    })
    const download = await server.call('GET', `/download/${pdfFileName}?${OWN}`, { as: ANA })
    const signed = new URL(download.body.data.url)
    const file = await fetch(server.url + signed.pathname + signed.search)
    expect(await file.text()).toBe('%PDF-1.4 nota 9001')
  })

  it('rejects only with a reason the client can read', async () => {
    const url = '/nfs/requests/nfs-ana-processando/status/rejected'
    const none = await server.call('PUT', url, { as: ADMIN })
    expect(none).toMatchObject({ status: 400, body: { message: 'Informe o motivo da rejeição.' } })
    const short = await server.call('PUT', url, { as: ADMIN, body: { reason: 'Errado' } })
    expect(short.body.issues[0].message).toBe('Explique o motivo em pelo menos 10 caracteres.')
    const reason = 'O tomador informou outro CNPJ; confira e envie de novo.'
    const rejected = await server.call('PUT', url, { as: ADMIN, body: { reason } })
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectionReason: reason })
    const seen = await server.call('GET', `/nfs/requests/nfs-ana-processando?${OWN}`, { as: ANA })
    expect(seen.body.data.rejectionReason).toBe(reason)
  })
})

describe('reviewing a document', () => {
  it('refuses a document only with a reason the client reads', async () => {
    const url = `/documents/doc-ana-comprovante-pix/status/rejected?${OWN}`
    const before = server.store.snapshot()
    const none = await server.call('PUT', url, { as: ADMIN })
    expect(none).toMatchObject({ status: 400, body: { message: 'Informe o motivo da recusa.' } })
    const short = await server.call('PUT', url, { as: ADMIN, body: { reason: 'Ilegível' } })
    expect(short.body.issues[0].message).toBe('Explique o motivo em pelo menos 10 caracteres.')
    // A client is refused for who they are, before anything about the body.
    expect((await server.call('PUT', url, { as: ANA })).status).toBe(403)
    expect(server.store.snapshot()).toEqual(before)
    const reason = 'A foto está cortada: envie o comprovante inteiro.'
    const refused = await server.call('PUT', url, { as: ADMIN, body: { reason } })
    expect(refused.body.data).toMatchObject({ status: 'rejected', rejectionReason: reason })
  })
})

describe('user management', () => {
  it('lists users with their companies by name', async () => {
    const res = await server.call('GET', '/admin/users?companyId=cmp-eva-studio', { as: ADMIN })
    const { data } = listOf(adminUserSchema).parse(res.body)
    const eva = data.find((u) => u.id === 'uid-eva')!
    expect(eva.companyRefs.map((c) => c.name).sort()).toEqual([
      'Eva Lima Estúdio Fotográfico Ltda',
      'Lima & Santos Comércio de Roupas Ltda',
    ])
  })

  it('shows when a person last signed in', async () => {
    await signIn(ANA)
    const res = await server.call('GET', '/admin/users/uid-ana', { as: ADMIN })
    const { data } = recordOf(adminUserDetailSchema).parse(res.body)
    expect(data.companyRefs).toEqual([
      expect.objectContaining({ id: 'cmp-ana-design', name: 'Ana Design Ltda' }),
    ])
    expect(Date.now() - Date.parse(data.lastSignInAt!)).toBeLessThan(60_000)
  })

  it('creates a person with a sign-in link that signs them in', async () => {
    const res = await server.call('POST', '/admin/users', {
      as: ADMIN,
      body: {
        email: 'joana.prado@contabil.dev',
        name: 'Joana Prado',
        phone: '(21) 99876-5432',
        companyId: 'cmp-ana-design',
      },
    })
    expect(res.status).toBe(201)
    const created = adminUserCreatedSchema.parse(res.body.data)
    expect(created.companyRefs.map((c) => c.id)).toEqual(['cmp-ana-design'])
    const link = new URL(created.signInLink!)
    // The emulator's link carries the code; the app's login page finishes with it.
    const continueUrl = link.searchParams.get('continueUrl')
    expect(continueUrl).toBe(`${server.config.webUrl}/app/login`)
    const oobCode = link.searchParams.get('oobCode')!
    const signedIn = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'joana.prado@contabil.dev', oobCode }),
      },
    )
    const session = (await signedIn.json()) as { localId?: string; idToken?: string }
    expect(session.localId).toBe(created.id)
    const me = await server.call('GET', '/users/me', { token: session.idToken! })
    expect(me.body.data).toMatchObject({
      email: 'joana.prado@contabil.dev',
      roles: ['company-admin'],
    })
  })

  it('does not let an admin remove their own system-admin role', async () => {
    const before = server.store.snapshot()
    const res = await server.call('PATCH', '/users/uid-admin', {
      as: ADMIN,
      body: { roles: ['company-admin'] },
    })
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Você não pode remover o seu próprio papel de administrador do sistema.' },
    })
    expect(server.store.snapshot()).toEqual(before)
    const companies = await server.call('PATCH', '/users/uid-bruno', {
      as: ADMIN,
      body: { roles: ['company-admin'], companies: ['cmp-bruno-tech', 'cmp-carla-consultoria'] },
    })
    expect(companies.body.data.companies).toEqual(['cmp-bruno-tech', 'cmp-carla-consultoria'])
  })
})
