import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contracts } from './contracts'
import { exampleInvoiceBody } from './contracts/invoices'
import { allowedCaller, callContract } from './contract-calls'
import { startTestServer, type TestServer } from './harness'

// The API answers a value past a limit with a message that names the field and the limit
// (the shared schemas' messages), never 'Campo obrigatório' for a name that is too long.

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const issueAt = (
  body: { issues?: { path: (string | number)[]; message: string }[] },
  path: string,
) => body.issues?.find((issue) => issue.path.join('.') === path)?.message

describe('limits in the API answers', () => {
  it('sign-up: a 200-character name', async () => {
    const res = await server.call('POST', '/users', {
      body: {
        name: 'A'.repeat(200),
        email: 'nome.longo@example.com',
        password: 'segredo123',
        phone: '+55 (11) 97777-6666',
        trackId: 'create-company',
      },
    })
    expect(res.status).toBe(400)
    expect(issueAt(res.body, 'name')).toBe('Nome pode ter no máximo 120 caracteres.')
    expect(res.body.message).toBe('Nome pode ter no máximo 120 caracteres.')
  })

  it('an invoice request: a taker name and a description past their limits', async () => {
    const res = await server.call('POST', '/nfs/requests?companyId=cmp-ana-design', {
      as: 'ana@contabil.dev',
      body: {
        ...exampleInvoiceBody,
        taker: { ...exampleInvoiceBody.taker, name: 'Tomador '.repeat(25) },
      },
    })
    expect(res.status).toBe(400)
    expect(issueAt(res.body, 'taker.name')).toBe('Nome pode ter no máximo 150 caracteres.')
  })

  it('the back office: an alias past 60 characters', async () => {
    const res = await server.call('PUT', '/companies/cmp-ana-design', {
      as: 'admin@contabil.dev',
      body: { alias: 'Ana Design '.repeat(7) },
    })
    expect(res.status).toBe(400)
    expect(issueAt(res.body, 'alias')).toBe('Nome fantasia pode ter no máximo 60 caracteres.')
  })

  it('a list: a page size out of range', async () => {
    const res = await server.call('GET', '/api/city-search?q=sao&limit=50')
    expect(res.status).toBe(400)
    expect(issueAt(res.body, 'limit')).toBe('Limite pode ser no máximo 20.')
  })

  it('every e-mail field: at most 254 characters (RFC 5321), the limit in the message', async () => {
    const atLimit = `${'a'.repeat(242)}@example.com`
    const overLimit = `a${atLimit}`
    expect([atLimit.length, overLimit.length]).toEqual([254, 255])
    for (const route of ['/users', '/leads', '/invites', '/admin/users']) {
      const contract = contracts.find((c) => c.method === 'POST' && c.route === route)!
      const caller = allowedCaller(contract)
      for (const email of [overLimit, `${'b'.repeat(100_000)}@example.com`]) {
        await server.call('POST', '/__reset')
        const before = server.store.snapshot()
        const body = { ...(contract.body as object), email }
        const res = await callContract(server, contract, caller, { body })
        expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBe(400)
        expect(issueAt(res.body, 'email'), route).toBe('E-mail pode ter no máximo 254 caracteres.')
        expect(server.store.snapshot(), `${route}: changed data`).toEqual(before)
      }
    }
    // 254 is still an address (anonymous sign-up and lead forms take it).
    const lead = contracts.find((c) => c.method === 'POST' && c.route === '/leads')!
    const taken = await callContract(server, lead, 'none', {
      body: { ...(lead.body as object), email: atLimit },
    })
    expect(taken.status, taken.text).toBe(201)
  })
})
