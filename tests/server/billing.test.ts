import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sweepOverdue } from '../../mock-server/domain/billing/subscriptions'
import { todayInBrazil } from '../../src/kernel/dates'
import { startTestServer, type TestServer } from './harness'

// Plans, subscriptions and payments, the checkout page and what paying moves on.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const EVA = 'eva@contabil.dev'
const ANA = 'ana@contabil.dev'

describe('plans and subscriptions', () => {
  it('lists the plans with their monthly prices, by company size', async () => {
    const all = await server.call('GET', '/plans')
    expect(
      all.body.data.map((p: { id: string; monthlyPrice: number }) => [p.id, p.monthlyPrice]),
    ).toEqual([
      ['plan-mei', 89.9],
      ['plan-servicos', 189.9],
      ['plan-comercio', 259.9],
      ['plan-empresarial', 449.9],
    ])
    const mei = await server.call('GET', '/plans?size=MEI')
    expect(mei.body.data.map((p: { id: string }) => p.id)).toEqual(['plan-mei'])
    expect((await server.call('GET', '/plans?size=XL')).status).toBe(400)
  })

  it("lists a company's subscriptions", async () => {
    const res = await server.call('GET', '/subscriptions?companyId=cmp-davi-transportes', {
      as: 'davi@contabil.dev',
    })
    expect(res.body.data).toEqual([expect.objectContaining({ id: 'sub-davi', status: 'canceled' })])
  })
})

describe('GET /v1/ecommerce/payments', () => {
  it("answers a company's payments, newest due date first, 10 a page", async () => {
    const res = await server.call('GET', '/v1/ecommerce/payments?companyId=cmp-ana-design', {
      as: ANA,
    })
    expect(res.body.data).toHaveLength(10)
    expect(res.body.total).toBe(22)
    expect(res.body.data[0]).toMatchObject({
      reference: '2026-11',
      status: 'paid',
      discount: 50,
      amount: 139.9,
    })
    const overdue = await server.call(
      'GET',
      '/v1/ecommerce/payments?companyId=cmp-eva-comercio&status=overdue',
      { as: EVA },
    )
    expect(overdue.body.data).toEqual([
      expect.objectContaining({ reference: '2026-10', dueDate: '2026-10-25', amount: 259.9 }),
    ])
  })
})

describe('checkout', () => {
  it('settles an overdue fee: the payment is paid and the company active again', async () => {
    const link = await server.call('POST', '/subscriptions/sub-eva-comercio', { as: EVA })
    expect(link.status).toBe(200)
    expect(link.body.data).toMatchObject({
      paymentId: 'pay-eva-comercio-2026-10',
      status: 'overdue',
      amount: 259.9,
    })
    expect(link.body.data.url).toMatch(/\/checkout\/pay-eva-comercio-2026-10$/)
    const page = await server.call('GET', '/checkout/pay-eva-comercio-2026-10')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(page.text).toContain('Pagar R$')
    expect(page.text).toContain('259,90')
    expect(page.text).toContain('Lima &amp; Santos Comércio de Roupas Ltda')
    const paid = await server.call('POST', '/checkout/pay-eva-comercio-2026-10/pay', {
      raw: 'method=boleto',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(paid.status).toBe(200)
    expect(paid.text).toContain('Pagamento confirmado')
    const company = server.store.byId('companies', 'cmp-eva-comercio')!
    expect(company.status).toBe('active')
    expect(company.statusHistory.at(-1)).toMatchObject({
      from: 'overdue',
      to: 'active',
      by: 'system',
    })
    expect(company.currentSubscription?.status).toBe('active')
    expect(server.store.byId('payments', 'pay-eva-comercio-2026-10')).toMatchObject({
      status: 'paid',
      method: 'boleto',
    })
    const twice = await server.call('POST', '/checkout/pay-eva-comercio-2026-10/pay', {
      body: { method: 'pix' },
    })
    expect(twice.status).toBe(409)
    expect(twice.text).toContain('Este pagamento já foi confirmado.')
  })

  it("pays the first fee of an opening company: step done, pending → awaiting_opening, referrer's credit", async () => {
    const link = await server.call('POST', '/subscriptions/sub-rafael-obras', {
      as: 'admin@contabil.dev',
    })
    expect(link.body.data.paymentId).toBe('pay-rafael-obras-2026-11')
    await server.call('POST', '/checkout/pay-rafael-obras-2026-11/pay', {
      body: { method: 'card' },
    })
    const company = server.store.byId('companies', 'cmp-rafael-obras')!
    expect(company.status).toBe('awaiting_opening')
    const track = server.store.data.tracks.find((t) => t.companyId === 'cmp-rafael-obras')!
    expect(track.steps.find((s) => s.stepId === 'subscription')!.status).toBe('done')
    // Rafael signed up without a code: nobody earns a credit.
    expect(server.store.data.referralRewards).toHaveLength(2)
  })

  it('gives the referrer a credit on the first payment, used on their next fee', async () => {
    // Lucas signed up with Ana's code; his company goes through the wizard and pays.
    expect(server.store.byId('users', 'uid-lucas')!.indicatedBy).toBe('ANA5847')
    const address = {
      zipCode: '03104-001',
      state: 'SP',
      city: 'São Paulo',
      street: 'Rua da Mooca',
      number: '2210',
      neighborhood: 'Mooca',
    }
    const step = (stepId: string, payload: unknown) =>
      server.call('POST', `/companies/cmp-lucas-barbearia/steps/${stepId}`, {
        as: 'admin@contabil.dev',
        body: { payload },
      })
    const pre = await step('pre-registration', {
      names: ['Barbearia do Lucas Ltda'],
      alias: 'Barbearia do Lucas',
      activities: ['9602501'],
      address,
      type: 'limited_liability',
      size: 'ME',
    })
    expect(pre.status).toBe(200)
    expect(server.store.byId('companies', 'cmp-lucas-barbearia')!.name).toBe(
      'Barbearia do Lucas Ltda',
    )
    const partners = await step('partner-registration', {
      partners: [
        {
          name: 'Lucas Ferreira da Silva',
          cpf: '529.982.247-25',
          birthDate: '1996-03-09',
          email: 'lucas.ferreira.barber@gmail.com',
          mobile: '+55 (11) 98123-4567',
          maritalStatus: 'single',
          address,
          sharePercent: 100,
          administrator: true,
        },
      ],
    })
    expect(partners.status).toBe(200)
    const mei = await step('subscription', { planId: 'plan-mei' })
    expect(mei).toMatchObject({
      status: 400,
      body: { message: 'Este plano não atende o porte da empresa.' },
    })
    expect((await step('subscription', { planId: 'plan-servicos' })).status).toBe(200)
    const subscription = server.store.byId('companies', 'cmp-lucas-barbearia')!.currentSubscription!
    const link = await server.call('POST', `/subscriptions/${subscription.id}`, {
      as: 'admin@contabil.dev',
    })
    expect(link.body.data).toMatchObject({ amount: 189.9, status: 'pending' })
    await server.call('POST', `/checkout/${link.body.data.paymentId}/pay`, {
      body: { method: 'pix' },
    })
    expect(server.store.byId('companies', 'cmp-lucas-barbearia')!.status).toBe('awaiting_opening')

    const me = await server.call('GET', '/referrals/me', { as: ANA })
    expect(me.body.data.totals).toMatchObject({
      referred: 4,
      pending: 1,
      available: 100,
      redeemed: 50,
    })
    const lucas = await server.call('GET', '/referrals?status=available', { as: ANA })
    expect(lucas.body.data.map((r: { userId: string }) => r.userId).sort()).toEqual([
      'uid-lucas',
      'uid-thiago',
    ])
    // Ana's next fee takes one of her credits.
    const next = await server.call('POST', '/subscriptions/sub-ana-design', { as: ANA })
    expect(next.status).toBe(201)
    // The fee after her last one in fixtures/payments.json: pending until its due day, overdue
    // after it.
    expect(next.body.data).toMatchObject({
      amount: 139.9,
      dueDate: '2026-12-10',
      status: todayInBrazil() > '2026-12-10' ? 'overdue' : 'pending',
    })
    const after = await server.call('GET', '/referrals/me', { as: ANA })
    expect(after.body.data.totals).toMatchObject({ available: 50, redeemed: 100 })
  })

  it('answers 404 pages for unknown payments and 409 for canceled subscriptions', async () => {
    expect((await server.call('GET', '/checkout/pay-nao-existe')).status).toBe(404)
    const canceled = await server.call('POST', '/subscriptions/sub-davi', {
      as: 'davi@contabil.dev',
    })
    expect(canceled).toMatchObject({
      status: 409,
      body: { message: 'Esta assinatura foi cancelada: não há cobranças a pagar.' },
    })
    const bad = await server.call('POST', '/checkout/pay-eva-comercio-2026-10/pay', {
      body: { method: 'cheque' },
    })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('Forma de pagamento inválida')
    expect(server.store.byId('payments', 'pay-eva-comercio-2026-10')!.status).toBe('overdue')
  })
})

describe('the billing clock', () => {
  it('marks late fees overdue and, past the grace period, the company', () => {
    const store = server.store
    const december = new Date('2026-12-20T12:00:00-03:00')
    expect(sweepOverdue(store, december)).toBe(true)
    // Rafael's first fee (due 11-24) is not a monthly fee of an active company: only overdue.
    expect(store.byId('payments', 'pay-rafael-obras-2026-11')!.status).toBe('overdue')
    expect(store.byId('companies', 'cmp-rafael-obras')!.status).toBe('pending')
    // Thiago's November fee (due 11-24) is more than 15 days late, but his company is not active.
    expect(store.byId('companies', 'cmp-thiago-software')!.status).toBe('awaiting_opening')
    // Priscila's company is active; a fee created for December and left unpaid past the grace period:
    const priscila = store.byId('companies', 'cmp-priscila-psicologia')!
    expect(priscila.status).toBe('active')
    store.write(() =>
      store.payments.insert({
        ...store.byId('payments', 'pay-priscila-psicologia-2026-11')!,
        id: 'pay-priscila-psicologia-2026-12',
        reference: '2026-12',
        dueDate: '2026-12-01',
        status: 'pending',
        paidAt: null,
        method: null,
      }),
    )
    expect(sweepOverdue(store, december)).toBe(true)
    const overdue = store.byId('companies', 'cmp-priscila-psicologia')!
    expect(overdue.status).toBe('overdue')
    expect(overdue.statusHistory.at(-1)).toMatchObject({
      from: 'active',
      to: 'overdue',
      by: 'system',
      reason: 'Mensalidade 12/2026 em atraso',
    })
  })
})
