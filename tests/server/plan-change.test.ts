import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { planChangeMessages } from '../../src/schemas/billing'
import { startTestServer, type TestServer } from './harness'

// PUT /subscriptions/{id}/plan: a running subscription changes plan from the next cycle.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const ANA = 'ana@contabil.dev'
const SUB = '/subscriptions/sub-ana-design'

describe('PUT /subscriptions/{id}/plan', () => {
  it('keeps the price until the next cycle, then charges the new plan', async () => {
    const before = await server.call('GET', '/v1/ecommerce/payments?companyId=cmp-ana-design', {
      as: ANA,
    })
    const latest = before.body.data[0].reference as string // '2026-11', paid
    const changed = await server.call('PUT', `${SUB}/plan`, {
      as: ANA,
      body: { planId: 'plan-empresarial' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({
      planId: 'plan-servicos',
      amount: 189.9,
      scheduledChange: { planId: 'plan-empresarial', from: '2026-12' },
    })
    expect(latest).toBe('2026-11')
    // The company still shows the current plan until the change takes effect.
    const company = await server.call('GET', '/companies/cmp-ana-design', { as: ANA })
    expect(company.body.data.currentSubscription).toMatchObject({
      planId: 'plan-servicos',
      amount: 189.9,
    })

    // The next charge (December) is the first of the new plan.
    const charge = await server.call('POST', SUB, { as: ANA })
    expect(charge.status).toBe(201)
    const payments = await server.call('GET', '/v1/ecommerce/payments?companyId=cmp-ana-design', {
      as: ANA,
    })
    expect(payments.body.data[0]).toMatchObject({
      reference: '2026-12',
      planId: 'plan-empresarial',
      grossAmount: 449.9,
    })
    const after = await server.call('GET', '/subscriptions?companyId=cmp-ana-design', { as: ANA })
    expect(after.body.data[0]).toMatchObject({
      planId: 'plan-empresarial',
      amount: 449.9,
      scheduledChange: null,
    })
  })

  it('asking for the current plan drops a scheduled change; twice is a conflict', async () => {
    await server.call('PUT', `${SUB}/plan`, { as: ANA, body: { planId: 'plan-comercio' } })
    const back = await server.call('PUT', `${SUB}/plan`, {
      as: ANA,
      body: { planId: 'plan-servicos' },
    })
    expect(back.status).toBe(200)
    expect(back.body.data.scheduledChange).toBeNull()
    const again = await server.call('PUT', `${SUB}/plan`, {
      as: ANA,
      body: { planId: 'plan-servicos' },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(planChangeMessages.samePlan)
  })

  it('refuses a plan that does not suit the company size, and an unknown plan', async () => {
    const mei = await server.call('PUT', `${SUB}/plan`, { as: ANA, body: { planId: 'plan-mei' } })
    expect(mei.status).toBe(400)
    expect(mei.body.message).toBe('Este plano não atende o porte da empresa.')
    const unknown = await server.call('PUT', `${SUB}/plan`, {
      as: ANA,
      body: { planId: 'plan-nope' },
    })
    expect(unknown.status).toBe(400)
    const empty = await server.call('PUT', `${SUB}/plan`, { as: ANA, body: { planId: '' } })
    expect(empty.status).toBe(400)
    expect(empty.body.issues[0].message).toBe('Escolha um plano')
  })

  it('refuses a subscription that has not started or was canceled', async () => {
    const pending = await server.call('PUT', '/subscriptions/sub-rafael-obras/plan', {
      as: 'admin@contabil.dev',
      body: { planId: 'plan-comercio' },
    })
    expect(pending.status).toBe(409)
    expect(pending.body.message).toBe(planChangeMessages.notStarted)
    const canceled = await server.call('PUT', '/subscriptions/sub-davi/plan', {
      as: 'davi@contabil.dev',
      body: { planId: 'plan-comercio' },
    })
    expect(canceled.status).toBe(409)
  })
})
