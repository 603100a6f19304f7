import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkoutOf, recordPaymentNotification } from '../../mock-server/domain/billing/checkout'
import type { ChargeRequest } from '../../mock-server/stand-ins/checkout/contract'
import { startTestServer, type TestServer } from './harness'

// The payment checkout as the product talks to it (mock-server/stand-ins/checkout/contract.ts):
// billing opens a charge through the gateway's client and reads its status; the gateway keeps its
// own record of the charge and notifies billing when it is paid.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.call('POST', '/__reset'))

const EVA_OCTOBER = 'pay-eva-comercio-2026-10'

/** A charge a test opens itself, due in a far year. */
const chargeRequest = (id: string, description: string): ChargeRequest => ({
  id,
  amountCents: 8990,
  description,
  payer: { name: 'Empresa de Teste Ltda', document: null },
  dueDate: '2999-01-10',
  details: [],
  breakdown: [],
  returnPath: '/app/user/my-billing?pagamento=confirmado',
  cancelPath: '/app/user/my-billing?pagamento=cancelado',
})

describe('the payment checkout', () => {
  it("opens a charge at the gateway's address and tells its status", () => {
    const gateway = checkoutOf(server.store)
    expect(gateway.chargeStatus(EVA_OCTOBER)).toBe('overdue')
    expect(gateway.chargeStatus('pay-nao-existe')).toBeNull()
    const opened = gateway.openCharge(chargeRequest('pay-teste', 'Mensalidade de teste'))
    expect(opened).toEqual({
      id: 'pay-teste',
      url: `${server.config.publicUrl}/checkout/pay-teste`,
      status: 'pending',
    })
  })

  it('pays its own record of the charge and billing records the payment once', async () => {
    const paid = await server.call('POST', `/checkout/${EVA_OCTOBER}/pay`, {
      body: { method: 'pix' },
    })
    expect(paid.status).toBe(200)
    const gateway = checkoutOf(server.store)
    expect(gateway.chargeStatus(EVA_OCTOBER)).toBe('paid')
    const payment = server.store.byId('payments', EVA_OCTOBER)!
    expect(payment).toMatchObject({ status: 'paid', method: 'pix' })
    // The same notification again changes nothing.
    recordPaymentNotification(server.store, {
      type: 'charge.paid',
      chargeId: EVA_OCTOBER,
      amountCents: 25990,
      method: 'boleto',
      paidAt: '2026-12-01T12:00:00.000Z',
    })
    expect(server.store.byId('payments', EVA_OCTOBER)).toEqual(payment)
    // A paid charge opened again stays paid.
    const link = await server.call('POST', '/subscriptions/sub-eva-comercio', {
      as: 'eva@contabil.dev',
    })
    expect(link.body.data.paymentId).not.toBe(EVA_OCTOBER)
    expect(gateway.chargeStatus(EVA_OCTOBER)).toBe('paid')
  })

  it('leaves the charge open when billing refuses the notification', async () => {
    const gateway = checkoutOf(server.store)
    gateway.openCharge(chargeRequest('pay-desconhecido', 'Cobrança que o produto não conhece'))
    const refused = await server.call('POST', '/checkout/pay-desconhecido/pay', {
      body: { method: 'card' },
    })
    expect(refused.status).toBe(404)
    expect(refused.text).toContain('Pagamento não encontrado.')
    expect(gateway.chargeStatus('pay-desconhecido')).toBe('pending')
  })
})
