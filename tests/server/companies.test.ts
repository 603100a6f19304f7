import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signIn, startTestServer, type TestServer } from './harness'
import { messages } from '../../src/schemas/messages'

// Companies (SPEC section 7): lists, orders, registration data, the wizard steps on the track
// machine, the status machine, the track switch, and company creation by CNPJ.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ADMIN = 'admin@contabil.dev'
const ANA = 'ana@contabil.dev'
const BRUNO = 'bruno@contabil.dev'
const CARLA = 'carla@contabil.dev'

const address = {
  zipCode: '22250-040',
  state: 'RJ',
  city: 'Rio de Janeiro',
  street: 'Praia de Botafogo',
  number: '340',
  complement: 'Apto 1202',
  neighborhood: 'Botafogo',
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

describe('GET /companies', () => {
  it('lists every company for a system admin, 25 a page, by name', async () => {
    const res = await server.call('GET', '/companies', { as: ADMIN })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(server.store.data.companies.length)
    expect(res.body.data).toHaveLength(25)
    const names = res.body.data.map((c: { name: string }) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')))
    const next = await server.call('GET', '/companies?offset=25', { as: ADMIN })
    expect(next.body.data).toHaveLength(res.body.total - 25)
  })

  it('shows a company-admin only their own companies, and filters by query and status', async () => {
    const eva = await server.call('GET', '/companies', { as: 'eva@contabil.dev' })
    expect(eva.body.data.map((c: { id: string }) => c.id).sort()).toEqual([
      'cmp-eva-comercio',
      'cmp-eva-studio',
    ])
    const search = await server.call('GET', '/companies?query=estudio', { as: 'eva@contabil.dev' })
    expect(search.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp-eva-studio'])
    const byCnpj = await server.call('GET', '/companies?query=45.218.739', { as: ADMIN })
    expect(byCnpj.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp-ana-design'])
    const overdue = await server.call('GET', '/companies?status=overdue', { as: ADMIN })
    expect(overdue.body.data.every((c: { status: string }) => c.status === 'overdue')).toBe(true)
    expect(overdue.body.total).toBeGreaterThanOrEqual(3)
    expect((await server.call('GET', '/companies?status=fechada', { as: ADMIN })).status).toBe(400)
  })
})

describe('orders', () => {
  it('lists opening orders 10 a page with track progress, subscription and owner', async () => {
    const res = await server.call('GET', '/companies/orders/opening-requests', { as: ADMIN })
    expect(res.status).toBe(200)
    expect(res.body.data.length).toBeLessThanOrEqual(10)
    for (const order of res.body.data) {
      expect(order.company.trackId).toBe('create-company')
      expect(['pending', 'awaiting_opening', 'opening']).toContain(order.company.status)
    }
    const all = await server.call('GET', '/companies/orders/opening-requests?limit=100', {
      as: ADMIN,
    })
    const gustavo = all.body.data.find((o: { id: string }) => o.id === 'cmp-gustavo-cafe')
    expect(gustavo).toMatchObject({
      owner: { id: 'uid-gustavo', name: 'Gustavo Pereira Nunes' },
      track: { currentStep: 'upload-guide-receipt', done: 4, total: 6, status: 'in_progress' },
      subscription: { planId: 'plan-comercio', status: 'active' },
      planName: 'Comércio',
    })
    expect(all.body.data.some((o: { id: string }) => o.id === 'cmp-ana-design')).toBe(false)
  })

  it('lists migration orders, and finished ones on request', async () => {
    const open = await server.call('GET', '/companies/orders/migration-requests?limit=50', {
      as: ADMIN,
    })
    const ids = open.body.data.map((o: { id: string }) => o.id)
    expect(ids).toEqual(expect.arrayContaining(['cmp-carla-consultoria', 'cmp-eduardo-advocacia']))
    expect(ids).not.toContain('cmp-eva-studio')
    const all = await server.call('GET', '/companies/orders/migration-requests?all=true&limit=50', {
      as: ADMIN,
    })
    expect(all.body.data.map((o: { id: string }) => o.id)).toContain('cmp-eva-studio')
  })
})

describe('PUT /companies/{id}', () => {
  it('updates registration data and refuses a CNPJ another company has', async () => {
    // The lists are cached until the companies change: read one first.
    const before = await server.call('GET', '/companies?query=design%20studio', { as: ADMIN })
    expect(before.body).toEqual({ data: [], total: 0 })
    const ok = await server.call('PUT', '/companies/cmp-ana-design', {
      as: ADMIN,
      body: {
        alias: 'Ana Design Studio',
        address: {
          ...address,
          zipCode: '01310-200',
          state: 'SP',
          city: 'São Paulo',
          street: 'Avenida Paulista',
          number: '2000',
          neighborhood: 'Bela Vista',
        },
      },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({
      alias: 'Ana Design Studio',
      address: { zipCode: '01310200', number: '2000' },
    })
    const after = await server.call('GET', '/companies?query=design%20studio', { as: ADMIN })
    expect(after.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp-ana-design'])
    const taken = await server.call('PUT', '/companies/cmp-ana-design', {
      as: ADMIN,
      body: { cnpj: '51.357.924/0001-80' },
    })
    expect(taken).toMatchObject({
      status: 409,
      body: { message: 'Já existe uma empresa com este CNPJ.' },
    })
    const empty = await server.call('PUT', '/companies/cmp-ana-design', { as: ADMIN, body: {} })
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Informe pelo menos um campo para alterar.' },
    })
    const status = await server.call('PUT', '/companies/cmp-ana-design', {
      as: ADMIN,
      body: { status: 'disabled' },
    })
    expect(status.status).toBe(400)
    expect(server.store.byId('companies', 'cmp-ana-design')!.status).toBe('active')
  })
})

describe('PUT /companies/{id}/status/{status}', () => {
  it('runs the status machine: allowed changes are kept with who, when, from, to and reason', async () => {
    const res = await server.call('PUT', '/companies/cmp-ana-design/status/disabled', {
      as: ADMIN,
      body: { reason: 'Solicitação do cliente' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.status).toBe('disabled')
    expect(res.body.data.statusHistory.at(-1)).toMatchObject({
      from: 'active',
      to: 'disabled',
      by: 'uid-admin',
      reason: 'Solicitação do cliente',
    })
    // Back only to the status it had before (the history state).
    const wrong = await server.call('PUT', '/companies/cmp-ana-design/status/overdue', {
      as: ADMIN,
    })
    expect(wrong.status).toBe(409)
    expect(wrong.body.message).toBe(
      'Não é possível mudar o status da empresa de "Desativada" (disabled) para "Pagamento em atraso" (overdue): uma empresa desativada volta ao status que tinha antes, "Ativa" (active).',
    )
    const back = await server.call('PUT', '/companies/cmp-ana-design/status/active', { as: ADMIN })
    expect(back.body.data.status).toBe('active')
  })

  it('answers 409 naming both statuses and changes nothing when the machine refuses', async () => {
    const before = server.store.snapshot()
    const res = await server.call('PUT', '/companies/cmp-gustavo-cafe/status/opening', {
      as: ADMIN,
    })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      'Não é possível mudar o status da empresa de "Aguardando abertura" (awaiting_opening) para "Em abertura" (opening): o comprovante da guia (etapa "Comprovante da guia") ainda não foi enviado.',
    )
    const activate = await server.call('PUT', '/companies/cmp-mateus-logistica/status/active', {
      as: ADMIN,
    })
    expect(activate.body.message).toContain(
      'a empresa ainda precisa de um CNPJ válido e a trilha concluída',
    )
    expect(server.store.snapshot()).toEqual(before)
  })

  it('activates a company whose track is done and CNPJ valid', async () => {
    const res = await server.call('PUT', '/companies/cmp-rodrigo-engenharia/status/active', {
      as: ADMIN,
      body: { reason: 'CNPJ emitido' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.statusHistory.at(-1)).toMatchObject({ from: 'opening', to: 'active' })
  })

  it('needs a reason to disable and a known status', async () => {
    const res = await server.call('PUT', '/companies/cmp-ana-design/status/disabled', { as: ADMIN })
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Informe o motivo da desativação.' },
    })
    expect(
      (await server.call('PUT', '/companies/cmp-ana-design/status/fechada', { as: ADMIN })).status,
    ).toBe(400)
    expect(
      (await server.call('PUT', '/companies/cmp-nao-existe/status/active', { as: ADMIN })).status,
    ).toBe(404)
  })
})

describe('POST /companies/{id}/steps/{stepId}', () => {
  it('completes the current step with a valid payload and makes the next one current', async () => {
    const res = await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: {
        payload: {
          partners: [partner({ maritalStatus: 'married', propertyRegime: 'community_property' })],
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.data.steps.map((s: { status: string }) => s.status)).toEqual([
      'done',
      'done',
      'pending',
      'pending',
      'pending',
      'pending',
    ])
    expect(res.body.data.steps[1].payload.partners[0]).toMatchObject({
      cpf: '39053344705',
      propertyRegime: 'community_property',
    })
    // Resumed on any device: the steps come back as saved.
    const steps = await server.call('GET', '/companies/cmp-bruno-tech/steps', { as: BRUNO })
    expect(steps.body.data).toEqual(res.body.data)
  })

  it('validates with the step schema: shares sum to 100%, regime when married, CPF digits', async () => {
    const before = server.store.snapshot()
    const res = await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: {
        payload: {
          partners: [
            partner({ sharePercent: 60, maritalStatus: 'married' }),
            partner({
              name: 'Paula Souza',
              cpf: '111.111.111-11',
              sharePercent: 30,
              administrator: false,
            }),
            partner({
              name: 'Fulano',
              cpf: '529.982.247-25',
              sharePercent: 5,
              administrator: false,
            }),
          ],
        },
      },
    })
    expect(res.status).toBe(400)
    const issues = res.body.issues.map(
      (i: { path: unknown[]; message: string }) => `${i.path.join('.')}: ${i.message}`,
    )
    expect(issues).toEqual(
      expect.arrayContaining([
        'payload.partners.0.propertyRegime: Informe o regime de bens',
        `payload.partners.1.cpf: ${messages.cpfInvalid}`,
        'payload.partners.2.name: Informe o nome completo',
        'payload.partners: A soma das participações precisa ser 100%',
      ]),
    )
    // With every partner valid, the list rules: shares sum to 100%, each CPF once.
    const sum = await server.call('POST', '/companies/cmp-bruno-tech/steps/partner-registration', {
      as: BRUNO,
      body: {
        payload: {
          partners: [
            partner({ sharePercent: 60 }),
            partner({ name: 'Paula Souza Lima', sharePercent: 30, administrator: false }),
          ],
        },
      },
    })
    expect(sum.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'A soma das participações precisa ser 100%',
      'CPF repetido: cada sócio aparece uma vez',
    ])
    expect(server.store.snapshot()).toEqual(before)
  })

  it('keeps drafts (in_progress) and refuses steps out of order with 409', async () => {
    const draft = await server.call(
      'POST',
      '/companies/cmp-bruno-tech/steps/partner-registration',
      {
        as: BRUNO,
        body: { draft: true, payload: { partners: [{ name: 'Bruno' }] } },
      },
    )
    expect(draft.status).toBe(200)
    expect(draft.body.data.steps[1]).toMatchObject({
      status: 'in_progress',
      payload: { partners: [{ name: 'Bruno' }] },
    })
    const early = await server.call(
      'POST',
      '/companies/cmp-bruno-tech/steps/upload-guide-receipt',
      {
        as: BRUNO,
        body: { payload: { receipt: { fileName: 'comprovante.pdf', paidAt: '2026-11-01' } } },
      },
    )
    expect(early).toMatchObject({
      status: 409,
      body: {
        message: 'A etapa "Comprovante da guia" só pode começar depois de "Cadastro dos sócios".',
      },
    })
    const done = await server.call('POST', '/companies/cmp-bruno-tech/steps/pre-registration', {
      as: BRUNO,
      body: { payload: { names: ['X Ltda'] } },
    })
    expect(done.status).toBe(409)
    const other = await server.call('POST', '/companies/cmp-bruno-tech/steps/migrate-accountant', {
      as: BRUNO,
      body: { payload: {} },
    })
    expect(other.status).toBe(400)
    expect(
      (
        await server.call('POST', '/companies/cmp-bruno-tech/steps/nada', {
          as: BRUNO,
          body: { payload: {} },
        })
      ).status,
    ).toBe(404)
  })

  it('runs a migration company through its whole track, paying on the checkout page', async () => {
    const token = await signIn(CARLA)
    const step = (stepId: string, payload: unknown) =>
      server.call('POST', `/companies/cmp-carla-consultoria/steps/${stepId}`, {
        token,
        body: { payload },
      })
    const accountant = await step('migrate-accountant', {
      name: 'Roberto Lima Salgado',
      email: 'roberto@salgadocontabil.com.br',
      phone: '(31) 3222-4455',
      crc: 'CRC-MG 054321/O-2',
      reason: 'Quero atendimento online e guias no e-mail.',
      takeOverMonth: '2099-01',
    })
    expect(accountant.status).toBe(200)
    expect(accountant.body.data.steps[1].payload.crc).toBe('MG-054321/O-2')
    // The subscription step takes the plan; the payment completes it.
    const plan = await step('subscription', { planId: 'plan-servicos' })
    expect(plan.body.data.steps[2].status).toBe('in_progress')
    const company = await server.call('GET', '/companies/cmp-carla-consultoria', { token })
    expect(company.body.data.currentSubscription).toMatchObject({
      planId: 'plan-servicos',
      status: 'pending',
    })
    const link = await server.call(
      'POST',
      `/subscriptions/${company.body.data.currentSubscription.id}`,
      { token },
    )
    expect(link.status).toBe(201)
    const paid = await server.call('POST', `/checkout/${link.body.data.paymentId}/pay`, {
      body: { method: 'card' },
    })
    expect(paid.status).toBe(200)
    const after = await server.call('GET', '/companies/cmp-carla-consultoria', { token })
    expect(after.body.data).toMatchObject({
      status: 'migrating',
      currentSubscription: { status: 'active' },
    })
    // The registry fills the company; the track is done; the admin activates it.
    const info = await step('download-company-info', { cnpj: '38.765.412/0001-95' })
    expect(info.body.data.status).toBe('done')
    const activated = await server.call('PUT', '/companies/cmp-carla-consultoria/status/active', {
      as: ADMIN,
    })
    expect(activated.status).toBe(200)
  })

  it('checks activities against the CNAE list and the MEI rules', async () => {
    const payload = {
      names: ['Barbearia do Lucas'],
      alias: 'Barbearia do Lucas',
      activities: ['6201-5/01'],
      address: {
        ...address,
        zipCode: '03104-001',
        state: 'SP',
        city: 'São Paulo',
        street: 'Rua da Mooca',
        number: '2210',
        neighborhood: 'Mooca',
      },
      type: 'on_person',
      size: 'MEI',
    }
    const mei = await server.call('POST', '/companies/cmp-lucas-barbearia/steps/pre-registration', {
      as: ADMIN,
      body: { payload },
    })
    expect(mei.status).toBe(400)
    expect(mei.body.message).toBe(
      'A atividade 6201501 (Desenvolvimento de programas de computador sob encomenda) não é permitida para MEI.',
    )
    const ok = await server.call('POST', '/companies/cmp-lucas-barbearia/steps/pre-registration', {
      as: ADMIN,
      body: { payload: { ...payload, activities: ['9602501'] } },
    })
    expect(ok.status).toBe(200)
    const company = server.store.byId('companies', 'cmp-lucas-barbearia')!
    expect(company).toMatchObject({
      name: 'Barbearia do Lucas',
      size: 'MEI',
      activities: ['9602501'],
    })
  })

  it('leaves the guide step to the accountant, and checks the files exist', async () => {
    const guide = {
      guide: {
        fileName: 'guia-registro-junta.pdf',
        amount: 200.78,
        dueDate: '2026-12-01',
        barcode: '85640000002-7 00780027062-6 02612010000-8 00000000000-0',
      },
    }
    const client = await server.call(
      'POST',
      '/companies/cmp-thiago-software/steps/awaiting-guide',
      {
        token: await signIn('thiago.nascimento.dev@gmail.com', 'Cliente#2026'),
        body: { payload: guide },
      },
    )
    expect(client).toMatchObject({
      status: 403,
      body: { message: 'Esta etapa é feita pela contabilidade.' },
    })
    const missing = await server.call(
      'POST',
      '/companies/cmp-thiago-software/steps/awaiting-guide',
      {
        as: ADMIN,
        body: { payload: guide },
      },
    )
    expect(missing.status).toBe(400)
    expect(missing.body.issues[0].path).toEqual(['payload', 'guide', 'fileName'])
    // The client pays by the linha digitável: a guide without it is refused, naming it.
    const { barcode: _barcode, ...withoutBarcode } = guide.guide
    const noBarcode = await server.call(
      'POST',
      '/companies/cmp-thiago-software/steps/awaiting-guide',
      { as: ADMIN, body: { payload: { guide: withoutBarcode } } },
    )
    expect(noBarcode.status).toBe(400)
    expect(noBarcode.body.issues).toContainEqual(
      expect.objectContaining({
        path: ['payload', 'guide', 'barcode'],
        message: 'Informe a linha digitável da guia (47 ou 48 números)',
      }),
    )
  })
})

describe('PUT /companies/{id}/track/{track}', () => {
  it('switches a pending company to the other track, from its first step', async () => {
    const res = await server.call('PUT', '/companies/cmp-bruno-tech/track/migrate-company', {
      as: BRUNO,
    })
    expect(res.status).toBe(200)
    expect(res.body.data.company.trackId).toBe('migrate-company')
    expect(res.body.data.track).toMatchObject({ trackId: 'migrate-company', status: 'pending' })
    expect(res.body.data.track.steps.map((s: { stepId: string }) => s.stepId)).toEqual([
      'partner-registration-basic',
      'migrate-accountant',
      'subscription',
      'download-company-info',
    ])
    const again = await server.call('PUT', '/companies/cmp-bruno-tech/track/migrate-company', {
      as: BRUNO,
    })
    expect(again.status).toBe(200)
  })

  it('refuses once the company is past pending', async () => {
    const res = await server.call('PUT', '/companies/cmp-ana-design/track/migrate-company', {
      as: ANA,
    })
    expect(res).toMatchObject({
      status: 409,
      body: {
        message: 'A trilha só pode ser trocada enquanto o cadastro está pendente e nada foi pago.',
      },
    })
  })
})

describe('POST /companies', () => {
  it('creates a company from the CNPJ registry on the migration track, in the owner’s claims', async () => {
    const res = await server.call('POST', '/companies', {
      as: ANA,
      body: { cnpj: '11.222.333/0001-81' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      name: 'Padaria Pão Dourado Ltda',
      alias: 'Pão Dourado',
      cnpj: '11222333000181',
      status: 'pending',
      trackId: 'migrate-company',
      activities: ['4721102', '1091102'],
    })
    const token = await signIn(ANA)
    const mine = await server.call('GET', '/companies/me', { token })
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(res.body.data.id)
    const again = await server.call('POST', '/companies', {
      as: ADMIN,
      body: { cnpj: '11222333000181', userId: 'uid-eva' },
    })
    expect(again.status).toBe(409)
  })

  it('accepts the alphanumeric CNPJ and refuses one closed at the Receita', async () => {
    const alnum = await server.call('POST', '/companies', {
      as: BRUNO,
      body: { cnpj: 'NV.7A1.T2B/0001-39' },
    })
    expect(alnum.status).toBe(201)
    expect(alnum.body.data.cnpj).toBe('NV7A1T2B000139')
    const closed = server.store.data.companies.length
    const baixada = [
      ...(await import('../../mock-server/stand-ins/reference-data')).reference().registry.values(),
    ].find((r) => r.status === 'BAIXADA')!
    const res = await server.call('POST', '/companies', { as: BRUNO, body: { cnpj: baixada.cnpj } })
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'A situação cadastral deste CNPJ na Receita Federal é BAIXADA.' },
    })
    expect(server.store.data.companies.length).toBe(closed)
  })

  it('lets only an admin create a company for someone else', async () => {
    const res = await server.call('POST', '/companies', {
      as: BRUNO,
      body: { cnpj: '11.222.333/0001-81', userId: 'uid-ana' },
    })
    expect(res.status).toBe(403)
  })
})

describe('POST /companies in production', () => {
  let production: TestServer
  beforeAll(async () => {
    production = await startTestServer({ environment: 'production' })
  })
  afterAll(() => production.close())

  it("checks the CNPJ registry first: 'CNPJ não existe.'", async () => {
    const res = await production.call('POST', '/companies', {
      as: ANA,
      body: { cnpj: '12.345.678/0001-95' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('CNPJ não existe.')
    const known = await production.call('POST', '/companies', {
      as: ANA,
      body: { cnpj: '11.222.333/0001-81' },
    })
    expect(known.status).toBe(201)
  })
})
