import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { todayInBrazil } from '../../src/schemas/finance-common'
import { addMonths } from '../../src/kernel/tax'
import { ADMIN, ANA, OWN } from './finance-callers'
import { startTestServer, type TestServer } from './harness'
import { anaStatement, uploadAnaOfx } from './ana-statement'

// The reactions of mock-server/domain/reactions.ts seen from outside, through the API only: a
// closed month's DAS paid by a bank debit (the automatic match of an OFX import) pays the month —
// on its page and in the month-close queue — and undoing that match unpays both.

const ANA_ID = 'cmp-ana-design'
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

/** The month that ended last (October on 29/11/2026): the one the accountant closes now. */
const lastMonth = () => addMonths(todayInBrazil().slice(0, 7), -1)

const month = async (period: string) =>
  (await server.call('GET', `/companies/${ANA_ID}/simples/${period}`, { as: ANA })).body.data as {
    status: string
    guide: { documentId: string; status: string; amount: number; dueDate: string } | null
  }

const queueStatus = async (period: string) => {
  const queue = await server.call('GET', `/simples/${period}?query=ana`, { as: ADMIN })
  expect(queue.status).toBe(200)
  const row = queue.body.data.find((r: { company: { id: string } }) => r.company.id === ANA_ID)
  return row?.status as string | undefined
}

const guideOf = async (documentId: string) => {
  const list = await server.call('GET', `/documents?${OWN}&type=guia`, { as: ANA })
  return list.body.data.find((d: { id: string }) => d.id === documentId) as
    { status: string; paidBy: { transactionId: string } | null } | undefined
}

describe('a paid guide pays its month, however it is paid', () => {
  it("a bank debit matching ana's DAS on its due day pays the guide and the month; undoing the match unpays both", async () => {
    const period = lastMonth()
    const payroll = await server.call('PUT', `/companies/${ANA_ID}/payroll/${period}`, {
      as: ADMIN,
      body: { proLabore: [{ partnerId: '52998224725', amount: 8_500 }], salaries: 0, fgts: 0 },
    })
    expect(payroll.status).toBe(200)
    const closed = await server.call('POST', `/companies/${ANA_ID}/simples/${period}/close`, {
      as: ADMIN,
    })
    expect(closed.status).toBe(200)
    expect(closed.body.data.status).toBe('closed')
    const guide = closed.body.data.guide as { documentId: string; amount: number; dueDate: string }
    expect(await queueStatus(period)).toBe('closed')

    // The DAS debited on its due day, its memo naming the tax: matched by the import's run.
    const debit = { fitId: 'das-1', date: guide.dueDate, amount: -guide.amount }
    const imported = await uploadAnaOfx(
      server,
      anaStatement([{ ...debit, memo: 'PAGAMENTO DAS SIMPLES' }]),
    )
    expect(imported.status).toBe(201)
    const paidGuide = await guideOf(guide.documentId)
    expect(paidGuide).toMatchObject({
      status: 'paid',
      paidBy: { transactionId: expect.any(String) },
    })
    expect(await month(period)).toMatchObject({
      status: 'paid',
      guide: { documentId: guide.documentId, status: 'paid' },
    })
    expect(await queueStatus(period)).toBe('paid')

    // Ana undoes the match: the guide is to pay again, and so is its month.
    const undone = await server.call(
      'DELETE',
      `/bank-statements/reconciliation/${paidGuide!.paidBy!.transactionId}?${OWN}`,
      { as: ANA },
    )
    expect(undone.status).toBe(200)
    expect(await guideOf(guide.documentId)).toMatchObject({ status: 'pending', paidBy: null })
    expect(await month(period)).toMatchObject({
      status: 'closed',
      guide: { documentId: guide.documentId, status: 'pending' },
    })
    expect(await queueStatus(period)).toBe('closed')

    // Confirmed by hand (the line is a person's to match now): paid again, month and all.
    const confirmed = await server.call('POST', `/bank-statements/reconciliation?${OWN}`, {
      as: ANA,
      body: { transactionId: paidGuide!.paidBy!.transactionId, documentId: guide.documentId },
    })
    expect(confirmed.status).toBe(201)
    expect(await month(period)).toMatchObject({ status: 'paid', guide: { status: 'paid' } })
    expect(await queueStatus(period)).toBe('paid')
  })

  it('a guide marked paid by a person pays its month too', async () => {
    const period = lastMonth()
    await server.call('PUT', `/companies/${ANA_ID}/payroll/${period}`, {
      as: ADMIN,
      body: { proLabore: [{ partnerId: '52998224725', amount: 8_500 }], salaries: 0, fgts: 0 },
    })
    const closed = await server.call('POST', `/companies/${ANA_ID}/simples/${period}/close`, {
      as: ADMIN,
    })
    const { documentId } = closed.body.data.guide as { documentId: string }
    const paid = await server.call('PUT', `/documents/${documentId}/status/paid?${OWN}`, {
      as: ANA,
      body: {},
    })
    expect(paid.status).toBe(200)
    expect(paid.body.data.status).toBe('paid')
    expect(await month(period)).toMatchObject({ status: 'paid', guide: { status: 'paid' } })
    expect(await queueStatus(period)).toBe('paid')
    // Paid is where a guide stays: a second payment is refused with the rule.
    const again = await server.call('PUT', `/documents/${documentId}/status/paid?${OWN}`, {
      as: ANA,
      body: {},
    })
    expect(again.status).toBe(409)
  })
})
