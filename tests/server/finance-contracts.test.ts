import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractsByFeature, type EndpointContract } from './contracts'
import { emailOf, everyone, expectedStatus } from './contract-calls'
import { startTestServer, type TestServer } from './harness'

// Every finance endpoint's contract example works for the callers its access allows (after a
// reset, so mutations repeat) and is refused for the others: the examples other suites sweep.

const contracts: EndpointContract[] = [
  ...contractsByFeature.invoices,
  ...contractsByFeature.documents,
  ...contractsByFeature['bank-statements'],
  ...contractsByFeature.panel,
  ...contractsByFeature.onboarding.filter((c) => c.route.startsWith('/luca/')),
]

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

function request(contract: EndpointContract, as?: string) {
  let raw: FormData | undefined
  if (contract.multipart) {
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../..', contract.multipart.fixture!),
    )
    raw = new FormData()
    raw.append(
      contract.multipart.field,
      new Blob([new Uint8Array(file)], { type: contract.multipart.contentType }),
      contract.multipart.filename,
    )
  }
  return server.call(contract.method, contract.example, {
    ...(as ? { as } : {}),
    ...(contract.body !== undefined ? { body: contract.body } : {}),
    ...(raw ? { raw } : {}),
  })
}

describe.each(contracts.map((c) => [`${c.method} ${c.route}`, c] as const))(
  '%s',
  (_name, contract) => {
    it('answers its example for every allowed caller and refuses the others', async () => {
      for (const who of everyone) {
        await server.store.reset()
        const res = await request(contract, emailOf(contract, who))
        expect(res.status, `${who}: ${res.text.slice(0, 200)}`).toBe(expectedStatus(contract, who))
      }
    })
  },
)
