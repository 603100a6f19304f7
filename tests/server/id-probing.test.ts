import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessMessages } from '../../mock-server/access'
import { inviteMessages } from '../../src/schemas/engagement'
import { ADMIN, startTestServer, type TestServer } from './harness'

// The access is checked before any lookup that could tell ids apart (docs/security.md). Someone
// outside a company asking for one of its records by id gets the same answer whether the id exists
// or not, so the answers never list another company's subscriptions or another person's invites.

const ANA = 'ana@contabil.dev'
const BRUNO = 'bruno@contabil.dev'

let server: TestServer
let anaSubscription: string
beforeAll(async () => {
  server = await startTestServer()
  const list = await server.call('GET', '/subscriptions?companyId=cmp-ana-design', { as: ANA })
  anaSubscription = list.body.data[0].id
})
afterAll(() => server.close())

/** Status and message of a call, for comparing two answers. */
const answerOf = async (method: string, path: string, as: string, body?: unknown) => {
  const res = await server.call(method, path, { as, body })
  return { status: res.status, message: res.body?.message as string }
}

describe('a subscription of another company', () => {
  it('answers as an id that does not exist: 403, the same message', async () => {
    for (const [method, suffix, body] of [
      ['POST', '', undefined],
      ['PUT', '/plan', { planId: 'plan-servicos' }],
    ] as const) {
      const existing = await answerOf(
        method,
        `/subscriptions/${anaSubscription}${suffix}`,
        BRUNO,
        body,
      )
      const missing = await answerOf(method, `/subscriptions/sub-nao-existe${suffix}`, BRUNO, body)
      expect(existing, method).toEqual({ status: 403, message: accessMessages.company })
      expect(missing, method).toEqual(existing)
    }
  })

  it('is still found for its company, and an unknown one is a 404 for an admin', async () => {
    expect(
      (await server.call('POST', `/subscriptions/${anaSubscription}`, { as: ANA })).status,
    ).toBeLessThan(300)
    const unknown = await server.call('POST', '/subscriptions/sub-nao-existe', { as: ADMIN.email })
    expect(unknown.status).toBe(404)
  })
})

describe("another person's invite", () => {
  it('answers as an id that does not exist: 403, the same message', async () => {
    const existing = await answerOf('POST', '/invites/inv-ana-cristina/accept', BRUNO)
    const missing = await answerOf('POST', '/invites/inv-nao-existe/accept', BRUNO)
    expect(existing).toEqual({ status: 403, message: inviteMessages.wrongRecipient })
    expect(missing).toEqual(existing)
  })
})
