import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { registerOpenedCompanies } from '../../mock-server/domain/companies/registration'
import {
  registryRecordOf,
  standInRegistry,
} from '../../mock-server/stand-ins/receita-cnpj/registry'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { startTestServer, type TestServer } from './harness'

// The Receita's CNPJ registry stand-in keeps its own records
// (mock-server/store/receita-cnpj-records.ts): a company we open is registered when the accountant
// records its CNPJ (mock-server/domain/companies/commands.ts `recordCompanyCnpj`), the seed writes
// the demo's, and a folder from before the table gets its opened companies once at start
// (mock-server/app.ts).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ADMIN = 'admin@contabil.dev'
const THIAGO = 'thiago.nascimento.dev@gmail.com'
const OPENING = 'cmp-thiago-software'
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

const exists = async (cnpj: string) =>
  (await server.call('GET', `/api/cnpj-exists?cnpj=${encodeURIComponent(cnpj)}`)).body.exists

/** Uploads through a signed link; answers the name the file is stored under. */
async function upload(as: string, fileName: string): Promise<string> {
  const link = await server.call('GET', `/upload/${fileName}?companyId=${OPENING}`, { as })
  const put = await server.call('PUT', local(link.body.data.url), {
    raw: '%PDF-1.4 arquivo de teste',
    headers: { 'Content-Type': 'application/pdf' },
  })
  expect(put.status).toBe(201)
  return put.body.data.fileName as string
}

/** The seeded company awaiting its opening, moved to "Em abertura" (guide, receipt, start). */
async function startOpening() {
  const step = (as: string, stepId: string, payload: unknown) =>
    server.call('POST', `/companies/${OPENING}/steps/${stepId}`, { as, body: { payload } })
  const guide = await step(ADMIN, 'awaiting-guide', {
    guide: {
      fileName: await upload(ADMIN, 'guia-taxa-junta.pdf'),
      amount: 199.9,
      dueDate: '2026-12-10',
      barcode: '85600000001-3 99900027062-2 02612100000-9 00000000000-0',
    },
  })
  expect(guide.status).toBe(200)
  const receipt = await step(THIAGO, 'upload-guide-receipt', {
    receipt: { fileName: await upload(THIAGO, 'comprovante-guia.pdf'), paidAt: '2026-11-20' },
  })
  expect(receipt.status).toBe(200)
  const opening = await server.call('PUT', `/companies/${OPENING}/status/opening`, { as: ADMIN })
  expect(opening.status).toBe(200)
}

const recordCnpj = (cnpj: string) =>
  server.call('PUT', `/companies/${OPENING}/cnpj`, { as: ADMIN, body: { cnpj } })

describe('the registry of a company whose CNPJ is recorded', () => {
  it('answers with what the company registered, from its own record', async () => {
    await startOpening()
    expect(await exists('12.ABC.345/01DE-35')).toBe(false)
    expect((await recordCnpj('12.ABC.345/01DE-35')).status).toBe(200)

    const track = server.store.data.tracks.find((t) => t.companyId === OPENING)!
    const pre = track.steps.find((s) => s.stepId === 'pre-registration')!.payload as {
      names: string[]
      alias: string
      activities: string[]
      size: string
      address: Record<string, unknown>
    }
    const partners = (
      track.steps.find((s) => s.stepId === 'partner-registration')!.payload as {
        partners: { name: string }[]
      }
    ).partners
    const started = server.store
      .byId('companies', OPENING)!
      .statusHistory.findLast((change) => change.to === 'opening')!
    const expected = {
      cnpj: '12ABC34501DE35',
      legalName: pre.names[0],
      tradeName: pre.alias,
      status: 'ATIVA',
      openedOn: todayInBrazil(new Date(started.at)),
      size: pre.size,
      address: pre.address,
      mainActivity: pre.activities[0],
      secondaryActivities: pre.activities.slice(1),
      partners: partners.map((partner) => expect.objectContaining({ name: partner.name })),
      email: THIAGO,
    }
    // The registry's own table holds it, with when it was registered; the stand-in answers it.
    expect(server.store.byId('receitaCnpjRecords', '12ABC34501DE35')).toMatchObject({
      ...expected,
      registeredAt: expect.any(String),
    })
    expect(registryRecordOf(server.store, '12ABC34501DE35')).toMatchObject(expected)
    expect(await exists('12.ABC.345/01DE-35')).toBe(true)
    const registry = await server.call('GET', `/companies/${OPENING}/registry`, { as: THIAGO })
    expect(registry.body.data).toMatchObject(expected)
  })

  it('withdraws the CNPJ recorded in its place when another one is recorded', async () => {
    await startOpening()
    expect((await recordCnpj('12.ABC.345/01DE-35')).status).toBe(200)
    expect((await recordCnpj('57.648.913/0001-36')).status).toBe(200)
    expect(await exists('12.ABC.345/01DE-35')).toBe(false)
    expect(await exists('57.648.913/0001-36')).toBe(true)
    expect(server.store.byId('receitaCnpjRecords', '12ABC34501DE35')).toBeUndefined()
  })
})

describe('the registry of the seeded companies', () => {
  it('answers for a seeded company we opened, from its table', async () => {
    // Rodrigo's engineering firm: opened by us, its CNPJ recorded, awaiting confirmation.
    const rodrigo = server.store.byId('companies', 'cmp-rodrigo-engenharia')!
    expect(rodrigo).toMatchObject({ trackId: 'create-company', status: 'opening' })
    const record = server.store.byId('receitaCnpjRecords', rodrigo.cnpj!)
    expect(record).toMatchObject({
      cnpj: '63632280000170',
      legalName: 'TB Engenharia e Projetos Ltda',
    })
    expect(registryRecordOf(server.store, '63632280000170')).toMatchObject({
      legalName: 'TB Engenharia e Projetos Ltda',
      status: 'ATIVA',
    })
    expect(await exists('63.632.280/0001-70')).toBe(true)
  })

  it('registers, once, a company opened in a folder written before the registry kept records', async () => {
    await startOpening()
    expect((await recordCnpj('12.ABC.345/01DE-35')).status).toBe(200)
    const registered = server.store.byId('receitaCnpjRecords', '12ABC34501DE35')!
    // As a folder from before the table: the company has its CNPJ, the registry no record.
    server.store.write(() => server.store.receitaCnpjRecords.remove('12ABC34501DE35'))
    expect(await exists('12.ABC.345/01DE-35')).toBe(false)
    const registry = standInRegistry(server.store)
    expect(registerOpenedCompanies(server.store, registry)).toBe(1)
    const { registeredAt: _registeredAt, ...record } = registered
    expect(registry.recordOf('12ABC34501DE35')).toEqual(record)
    expect(registerOpenedCompanies(server.store, registry)).toBe(0)
  })
})

describe('a CNPJ nobody registered', () => {
  it('is not answered', async () => {
    expect(await exists('12.345.678/0001-95')).toBe(false)
    expect(registryRecordOf(server.store, '12345678000195')).toBeNull()
    expect(standInRegistry(server.store).recordOf('12345678000195')).toBeNull()
  })
})
