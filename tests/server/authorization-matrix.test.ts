import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contracts } from './contracts'
import { callContract, emailOf, everyone, expectedStatus, messageOf } from './contract-calls'
import { startTestServer, type TestServer } from './harness'

// The authorization matrix: every registered endpoint (whatever module registered it) × {no token,
// own company-admin, other company-admin, system-admin}, each answering what its `access` says.
// Refused calls answer with a message and change nothing; allowed mutations each start from the
// seed (POST /__reset, which resets the Auth emulator's accounts too).

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe.each(contracts.map((c) => [`${c.method} ${c.route} (${c.access})`, c] as const))(
  '%s',
  (_name, contract) => {
    it('answers each caller as its access says', async () => {
      // Refused callers first: they must not change anything.
      const order = [...everyone].sort(
        (a, b) =>
          Number(expectedStatus(contract, a) < 400) - Number(expectedStatus(contract, b) < 400),
      )
      let dirty = true
      for (const who of order) {
        const want = expectedStatus(contract, who)
        const allowed = want < 400
        if (dirty || (allowed && contract.method !== 'GET')) {
          await server.call('POST', '/__reset')
          dirty = false
        }
        const before = allowed ? undefined : server.store.snapshot()
        const res = await callContract(server, contract, who)
        const label = `${who} (${emailOf(contract, who) ?? 'sem token'}): ${res.text.slice(0, 300)}`
        expect(res.status, label).toBe(want)
        if (allowed) dirty = contract.method !== 'GET'
        else {
          expect(messageOf(res), label).not.toBe('')
          expect(server.store.snapshot(), `${label}: changed data`).toEqual(before)
        }
      }
    })
  },
)
