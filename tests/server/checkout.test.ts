import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  attachCheckout,
  checkoutOf,
  recordPaymentNotification,
} from '../../mock-server/domain/billing/checkout'
import { billingMessages } from '../../mock-server/domain/billing/subscriptions'
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
const EVA_NOVEMBER = 'pay-eva-comercio-2026-11'

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

describe("the checkout's lost or late answers", () => {
  const EVA_COMPANY = 'cmp-eva-comercio'
  const paymentsOfEva = () =>
    server.store.data.payments.filter((payment) => payment.companyId === EVA_COMPANY)
  const pressPagar = () =>
    server.call('POST', '/subscriptions/sub-eva-comercio', { as: 'eva@contabil.dev' })
  const payOnPage = (chargeId: string, method = 'pix') =>
    server.call('POST', `/checkout/${chargeId}/pay`, { body: { method } })

  it('opens the same charge again when the answer to its opening was lost', async () => {
    // October and November are paid: "Pagar" makes December's payment, the gateway records its
    // charge, and its answer is lost on the way back.
    expect((await payOnPage(EVA_OCTOBER)).status).toBe(200)
    expect((await payOnPage(EVA_NOVEMBER)).status).toBe(200)
    const gateway = checkoutOf(server.store)
    const before = paymentsOfEva()
    attachCheckout(server.store, {
      ...gateway,
      openCharge(request) {
        gateway.openCharge(request)
        throw new Error('ECONNRESET')
      },
    })
    let lost
    try {
      lost = await pressPagar()
    } finally {
      attachCheckout(server.store, gateway)
    }
    expect(lost).toMatchObject({
      status: 502,
      body: { message: billingMessages.checkoutUnanswered },
    })
    // The payment was written before the gateway was asked; the gateway has its charge.
    const [december] = paymentsOfEva().filter((p) => !before.some((b) => b.id === p.id))
    expect(december).toMatchObject({ status: 'pending' })
    expect(gateway.chargeStatus(december!.id)).toBe('pending')
    const charges = server.store.data.checkoutCharges.length

    // "Pagar" again: the same payment, the same charge at the gateway.
    const again = await pressPagar()
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({
      paymentId: december!.id,
      url: `${server.config.publicUrl}/checkout/${december!.id}`,
    })
    expect(paymentsOfEva()).toHaveLength(before.length + 1)
    expect(server.store.data.checkoutCharges).toHaveLength(charges)

    // Paid once; the page refuses a second payment of it.
    expect((await payOnPage(december!.id)).status).toBe(200)
    const paid = server.store.byId('payments', december!.id)
    expect(paid).toMatchObject({ status: 'paid', method: 'pix' })
    const twice = await payOnPage(december!.id, 'card')
    expect(twice).toMatchObject({ status: 409 })
    expect(twice.text).toContain('Este pagamento já foi confirmado.')
    expect(server.store.byId('payments', december!.id)).toEqual(paid)
  })

  it('records a notification that comes late once, and changes nothing when it comes again', async () => {
    // The payer paid October at the gateway; its notification has not come (lost on the way).
    const paidAt = '2026-11-20T15:00:00.000Z'
    server.store.write(() => {
      const charge = server.store.checkoutCharges.get(EVA_OCTOBER)!
      server.store.checkoutCharges.update({ ...charge, status: 'paid', method: 'boleto', paidAt })
    })
    const gateway = checkoutOf(server.store)
    expect(gateway.chargeStatus(EVA_OCTOBER)).toBe('paid')
    const before = paymentsOfEva()
    const charges = server.store.data.checkoutCharges.length

    // Meanwhile "Pagar": still October's payment for the product, its charge kept as paid, no
    // other charge opened; the page does not take a second payment of it.
    const pressed = await pressPagar()
    expect(pressed.status).toBe(200)
    expect(pressed.body.data).toMatchObject({ paymentId: EVA_OCTOBER, status: 'overdue' })
    expect(gateway.chargeStatus(EVA_OCTOBER)).toBe('paid')
    expect(server.store.data.checkoutCharges).toHaveLength(charges)
    expect(paymentsOfEva()).toEqual(before)
    const again = await payOnPage(EVA_OCTOBER)
    expect(again.status).toBe(409)
    expect(paymentsOfEva()).toEqual(before)

    // The notification comes at last: October paid as the gateway says, once.
    const notification = {
      type: 'charge.paid',
      chargeId: EVA_OCTOBER,
      amountCents: 25990,
      method: 'boleto',
      paidAt,
    } as const
    recordPaymentNotification(server.store, notification)
    const paid = server.store.byId('payments', EVA_OCTOBER)
    expect(paid).toMatchObject({ status: 'paid', method: 'boleto', paidAt })
    const snapshot = {
      payments: paymentsOfEva(),
      subscriptions: server.store.data.subscriptions.filter((s) => s.companyId === EVA_COMPANY),
      company: server.store.byId('companies', EVA_COMPANY),
    }
    // …and again, a day later, after the next fee was asked for: nothing moves.
    const next = await pressPagar()
    expect(next.body.data).toMatchObject({ paymentId: EVA_NOVEMBER })
    recordPaymentNotification(server.store, { ...notification, paidAt: '2026-11-21T09:00:00.000Z' })
    expect(paymentsOfEva()).toEqual(snapshot.payments)
    expect(server.store.byId('payments', EVA_OCTOBER)).toEqual(paid)
    expect(server.store.data.subscriptions.filter((s) => s.companyId === EVA_COMPANY)).toEqual(
      snapshot.subscriptions,
    )
    expect(server.store.byId('companies', EVA_COMPANY)).toEqual(snapshot.company)
  })
})
