import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signIn, startTestServer, type TestServer } from './harness'
import { pdfText } from './pdf-text'
import { messages } from '../../src/schemas/messages'

// The wizards' track on the server, past what companies.test.ts covers: revising a done step,
// a limited company following its partners, the accountant's actions on an opening (guide,
// registration, CNPJ, activation) with the Receita stand-in answering for the CNPJ it recorded,
// and the migration's transfer letter as a real PDF.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ADMIN = 'admin@contabil.dev'
const BRUNO = 'bruno@contabil.dev'
const CARLA = 'carla@contabil.dev'
const THIAGO = 'thiago.nascimento.dev@gmail.com'
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '')

const address = {
  zipCode: '20040-002',
  state: 'RJ',
  city: 'Rio de Janeiro',
  street: 'Avenida Rio Branco',
  number: '185',
  complement: 'Sala 1504',
  neighborhood: 'Centro',
}
const partner = (overrides: Record<string, unknown> = {}) => ({
  name: 'Bruno Carvalho',
  cpf: '390.533.447-05',
  birthDate: '1993-08-02',
  email: 'bruno@contabil.dev',
  mobile: '+55 (21) 99876-5432',
  maritalStatus: 'single',
  address,
  sharePercent: 100,
  administrator: true,
  ...overrides,
})

/** Uploads through a signed link; answers the name the file is stored under. */
async function upload(as: string, companyId: string, fileName: string): Promise<string> {
  const link = await server.call('GET', `/upload/${fileName}?companyId=${companyId}`, { as })
  const put = await server.call('PUT', local(link.body.data.url), {
    raw: '%PDF-1.4 arquivo de teste',
    headers: { 'Content-Type': 'application/pdf' },
  })
  expect(put.status).toBe(201)
  return put.body.data.fileName as string
}

describe('revising a done step', () => {
  it('saves the step just before the current one while that one has not started', async () => {
    const pre = server.store.data.tracks.find((t) => t.companyId === 'cmp-bruno-tech')!.steps[0]!
    const payload = { ...(pre.payload as Record<string, unknown>), alias: 'BC Sistemas' }
    const revised = await server.call('POST', '/companies/cmp-bruno-tech/steps/pre-registration', {
      as: BRUNO,
      body: { payload },
    })
    expect(revised.status).toBe(200)
    expect(revised.body.data.steps.map((s: { status: string }) => s.status)).toEqual([
      'done',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    expect(server.store.byId('companies', 'cmp-bruno-tech')!.alias).toBe('BC Sistemas')

    await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: { draft: true, payload: { partners: [] } },
    })
    const late = await server.call('POST', '/companies/cmp-bruno-tech/steps/pre-registration', {
      as: BRUNO,
      body: { payload },
    })
    expect(late).toMatchObject({
      status: 409,
      body: {
        message: 'A etapa "Pré-cadastro" não pode mais mudar: "Cadastro dos sócios" já começou.',
      },
    })
  })

  it('saves drafts of a step in progress again and again', async () => {
    for (const name of ['Bru', 'Bruno C']) {
      const draft = await server.call(
        'POST',
        '/companies/cmp-bruno-tech/steps/partner-registration',
        { as: BRUNO, body: { draft: true, payload: { partners: [{ name }] } } },
      )
      expect(draft.status).toBe(200)
      expect(draft.body.data.steps[1].payload).toEqual({ partners: [{ name }] })
    }
  })
})

describe('a limited company follows its partners', () => {
  it('one partner makes a Sociedade limitada an SLU, two make it a Sociedade limitada again', async () => {
    const one = await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: { payload: { partners: [partner()] } },
    })
    expect(one.status).toBe(200)
    expect(server.store.byId('companies', 'cmp-bruno-tech')!.type).toBe('limited_liability')
    expect(one.body.data.steps[0].payload.type).toBe('limited_liability')
    const two = await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: {
        payload: {
          partners: [
            partner({ sharePercent: 60 }),
            partner({
              name: 'Paula Souza Lima',
              cpf: '529.982.247-25',
              email: 'paula@example.com',
              sharePercent: 40,
              administrator: false,
            }),
          ],
        },
      },
    })
    expect(two.status).toBe(200)
    expect(server.store.byId('companies', 'cmp-bruno-tech')!.type).toBe('private_limited')
  })

  it('keeps a one-owner company to one partner, and says how to have more', async () => {
    const company = server.store.byId('companies', 'cmp-bruno-tech')!
    company.type = 'on_person'
    server.store.write(() => server.store.companies.update(company))
    const res = await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: {
        payload: {
          partners: [
            partner({ sharePercent: 50 }),
            partner({ name: 'Paula Souza Lima', cpf: '529.982.247-25', sharePercent: 50 }),
          ],
        },
      },
    })
    expect(res).toMatchObject({
      status: 400,
      body: {
        message:
          'Empresário individual e MEI têm um único titular: para ter sócios, escolha Sociedade limitada no pré-cadastro.',
      },
    })
  })
})

describe('the accountant moves an opening to active', () => {
  it('guide, receipt, registration, CNPJ from the Receita stand-in, confirmation, activation', async () => {
    const step = (as: string, stepId: string, payload: unknown) =>
      server.call('POST', `/companies/cmp-thiago-software/steps/${stepId}`, {
        as,
        body: { payload },
      })
    // The guide: the accountant's file, amount and linha digitável complete awaiting-guide.
    const guideFile = await upload(ADMIN, 'cmp-thiago-software', 'guia-taxa-junta.pdf')
    const guide = await step(ADMIN, 'awaiting-guide', {
      guide: {
        fileName: guideFile,
        amount: 199.9,
        dueDate: '2026-12-10',
        barcode: '85600000001-3 99900027062-2 02612100000-9 00000000000-0',
      },
    })
    expect(guide.status).toBe(200)
    expect(guide.body.data.steps[3]).toMatchObject({ status: 'done' })
    // Too early to register: the receipt is missing.
    const early = await server.call('PUT', '/companies/cmp-thiago-software/status/opening', {
      as: ADMIN,
    })
    expect(early.status).toBe(409)
    expect(
      (
        await server.call('PUT', '/companies/cmp-thiago-software/cnpj', {
          as: ADMIN,
          body: { cnpj: '12.ABC.345/01DE-35' },
        })
      ).body.message,
    ).toBe(
      'Registre o CNPJ depois de iniciar o registro na Junta Comercial (status "Em abertura").',
    )

    const receiptFile = await upload(THIAGO, 'cmp-thiago-software', 'comprovante-guia.pdf')
    const receipt = await step(THIAGO, 'upload-guide-receipt', {
      receipt: { fileName: receiptFile, paidAt: '2026-11-20' },
    })
    expect(receipt.status).toBe(200)
    expect(
      (await server.call('PUT', '/companies/cmp-thiago-software/status/opening', { as: ADMIN }))
        .status,
    ).toBe(200)

    // Before a CNPJ, the client sees nothing to confirm and cannot confirm another one.
    const none = await server.call('GET', '/companies/cmp-thiago-software/registry', {
      as: THIAGO,
    })
    expect(none.body).toEqual({ data: null })
    const guessed = await step(THIAGO, 'download-company-info', { cnpj: '45.218.739/0001-02' })
    expect(guessed.body.message).toBe('A contabilidade ainda não registrou o CNPJ da empresa.')

    // A CNPJ that belongs to someone else is refused; a bad one is a 400.
    const cnpj = (value: string) =>
      server.call('PUT', '/companies/cmp-thiago-software/cnpj', {
        as: ADMIN,
        body: { cnpj: value },
      })
    expect((await cnpj('45.218.739/0001-02')).body.message).toBe(
      'Já existe uma empresa com este CNPJ.',
    )
    expect((await cnpj('11.222.333/0001-81')).body.message).toBe(
      'Este CNPJ pertence a outra empresa na Receita Federal: Padaria Pão Dourado Ltda.',
    )
    expect(await cnpj('12.ABC.345/01DE-00')).toMatchObject({
      status: 400,
      body: { message: messages.cnpjInvalid },
    })
    const recorded = await cnpj('12.ABC.345/01DE-35')
    expect(recorded.status).toBe(200)
    expect(recorded.body.data.cnpj).toBe('12ABC34501DE35')

    // The Receita stand-in now answers with what was registered in the pre-registration.
    const pre = server.store.data.tracks.find((t) => t.companyId === 'cmp-thiago-software')!
      .steps[0]!.payload as { names: string[]; alias: string; activities: string[] }
    const registry = await server.call('GET', '/companies/cmp-thiago-software/registry', {
      as: THIAGO,
    })
    expect(registry.body.data).toMatchObject({
      cnpj: '12ABC34501DE35',
      legalName: pre.names[0],
      tradeName: pre.alias,
      status: 'ATIVA',
      mainActivity: pre.activities[0],
      secondaryActivities: pre.activities.slice(1),
      legalNature: { code: '206-2' },
    })
    expect((await server.call('GET', '/api/cnpj-exists?cnpj=12.ABC.345/01DE-35')).body).toEqual({
      exists: true,
    })

    const info = await step(THIAGO, 'download-company-info', { cnpj: '12.ABC.345/01DE-35' })
    expect(info.status).toBe(200)
    expect(info.body.data.status).toBe('done')
    expect(server.store.byId('companies', 'cmp-thiago-software')).toMatchObject({
      cnpj: '12ABC34501DE35',
      name: pre.names[0],
      activities: pre.activities,
    })
    expect((await cnpj('12.ABC.345/01DE-35')).body.message).toBe(
      'O cliente já confirmou os dados deste CNPJ: ele não pode mais mudar.',
    )
    const active = await server.call('PUT', '/companies/cmp-thiago-software/status/active', {
      as: ADMIN,
    })
    expect(active.status).toBe(200)
    expect(active.body.data.status).toBe('active')
  })

  it('records CNPJs only for openings', async () => {
    const res = await server.call('PUT', '/companies/cmp-sandra-estetica/cnpj', {
      as: ADMIN,
      body: { cnpj: '12.ABC.345/01DE-35' },
    })
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'O CNPJ é registrado aqui só para empresas que a Contabil está abrindo.' },
    })
  })
})

describe('the transfer letter', () => {
  it('is a PDF naming the current accountant once the step is done', async () => {
    const token = await signIn(CARLA)
    const letter = () =>
      fetch(`${server.url}/companies/cmp-carla-consultoria/transfer-letter`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    const before = await letter()
    expect(before.status).toBe(404)
    expect(((await before.json()) as { message: string }).message).toBe(
      'A carta de transferência fica pronta quando a etapa "Contador atual" é concluída.',
    )
    const saved = await server.call(
      'POST',
      '/companies/cmp-carla-consultoria/steps/migrate-accountant',
      {
        token,
        body: {
          payload: {
            name: 'Roberto Lima Salgado',
            email: 'roberto@salgadocontabil.com.br',
            phone: '(31) 3222-4455',
            crc: 'MG-054321/O-2',
            reason: 'Quero atendimento online e guias no e-mail.',
            takeOverMonth: '2099-01',
          },
        },
      },
    )
    expect(saved.status).toBe(200)
    const res = await letter()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(
      'carta-de-transferencia-38765412000195.pdf',
    )
    const bytes = await res.arrayBuffer()
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text).toContain('Roberto Lima Salgado')
    expect(text).toContain('CRC MG-054321/O-2')
    expect(text).toContain('Resolução CFC nº 1.590/2020')
    expect(text).toContain('Distrato por escrito')
    expect(text).toContain('1º de janeiro de 2099')
    expect(text).toContain('38.765.412/0001-95')
  })

  it('needs a take-over month that is not in the past', async () => {
    const res = await server.call(
      'POST',
      '/companies/cmp-carla-consultoria/steps/migrate-accountant',
      {
        as: CARLA,
        body: {
          payload: {
            name: 'Roberto Lima Salgado',
            email: 'roberto@salgadocontabil.com.br',
            phone: '(31) 3222-4455',
            crc: 'MG-054321/O-2',
            reason: 'Quero atendimento online e guias no e-mail.',
            takeOverMonth: '2020-01',
          },
        },
      },
    )
    expect(res.body.issues).toEqual([
      {
        path: ['payload', 'takeOverMonth'],
        message: 'O mês da troca não pode ser anterior ao mês atual',
      },
    ])
  })
})

describe('GET /companies/orders/{id}', () => {
  it('answers one order with its progress, owner and plan, to admins only', async () => {
    const res = await server.call('GET', '/companies/orders/cmp-mateus-logistica', { as: ADMIN })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: 'cmp-mateus-logistica',
      company: { status: 'opening', trackId: 'create-company' },
      owner: { email: 'mateus.campos@oliveiralog.com.br' },
      track: { currentStep: 'download-company-info', done: 5, total: 6 },
      planName: 'Empresarial',
    })
    expect(
      (await server.call('GET', '/companies/orders/cmp-nao-existe', { as: ADMIN })).status,
    ).toBe(404)
    expect(
      (await server.call('GET', '/companies/orders/cmp-bruno-tech', { as: BRUNO })).status,
    ).toBe(403)
  })
})

describe('POST /__test/companies/{companyId}/reseed', () => {
  it('puts one company back as seeded after a test walked it through its wizard', async () => {
    const before = server.store.snapshot()
    await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: { payload: { partners: [partner()] } },
    })
    await server.call('POST', '/companies/cmp-bruno-tech/steps/subscription', {
      as: BRUNO,
      body: { payload: { planId: 'plan-servicos' } },
    })
    expect(server.store.byId('companies', 'cmp-bruno-tech')!.currentSubscription).not.toBeNull()
    const res = await server.call('POST', '/__test/companies/cmp-bruno-tech/reseed')
    expect(res.status).toBe(200)
    const after = server.store.snapshot()
    const of = (data: typeof before, id: string) => ({
      company: data.companies.find((c) => c.id === id),
      track: data.tracks.find((t) => t.companyId === id),
      subscriptions: data.subscriptions.filter((s) => s.companyId === id),
      payments: data.payments.filter((p) => p.companyId === id),
    })
    expect(of(after, 'cmp-bruno-tech')).toEqual(of(before, 'cmp-bruno-tech'))
    expect((await server.call('POST', '/__test/companies/cmp-nada/reseed')).status).toBe(404)
  })
})
