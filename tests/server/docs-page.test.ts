import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerConfig } from '../../mock-server/config'
import { loadDemoAccounts } from '../../mock-server/seed/core'
import { startTestServer, type TestServer } from './harness'

// The API's `/docs` page (docs/security.md). Its sign-in box lists the demo accounts with their
// passwords only under `npm start`'s development environment (the README's own table); in any other
// it asks for an e-mail and a password, and no password, the admin's least of all, is on the page.
// Its asset table answers only its own names (`constructor` and `__proto__` are not files).

const servers: Partial<Record<ServerConfig['environment'], TestServer>> = {}
beforeAll(async () => {
  for (const environment of ['development', 'test', 'production'] as const)
    servers[environment] = await startTestServer({ environment })
})
afterAll(async () => {
  for (const server of Object.values(servers)) await server.close()
})

const docsOf = async (environment: ServerConfig['environment']) => {
  const res = await servers[environment]!.call('GET', '/docs')
  expect(res.status).toBe(200)
  return res.text
}

describe('the sign-in box of /docs', () => {
  it("lists the demo accounts under npm start's development environment", async () => {
    const page = await docsOf('development')
    for (const account of loadDemoAccounts()) {
      expect(page).toContain(`value="${account.email}"`)
      expect(page).toContain(`data-password="${account.password}"`)
    }
    // ana, an owner, is the one chosen first.
    expect(page).toMatch(/value="ana@contabil\.dev" data-password="[^"]+" selected/)
  })

  it('shows no account and no password in any other environment', async () => {
    const passwords = new Set(loadDemoAccounts().map((account) => account.password))
    for (const environment of ['test', 'production'] as const) {
      const page = await docsOf(environment)
      for (const password of passwords) expect(page, environment).not.toContain(password)
      expect(page, environment).not.toContain('admin@contabil.dev')
      expect(page, environment).not.toContain('data-password')
      // The person types an e-mail and a password instead.
      expect(page).toMatch(/<input name="account" type="email"[^>]*required>/)
      expect(page).toMatch(/<input name="password" type="password"[^>]*required>/)
    }
  })
})

describe('the assets of /docs', () => {
  it('answers only the names of its table: an object’s own keys are no file', async () => {
    const server = servers.test!
    for (const name of ['constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf']) {
      const res = await server.call('GET', `/docs/assets/${name}`)
      expect(res.status, name).toBe(404)
      expect(res.body.message, name).toMatch(/^Rota não encontrada/)
    }
    expect((await server.call('GET', '/docs/assets/docs.js')).status).toBe(200)
  })
})
