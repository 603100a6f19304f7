import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('session endpoints', () => {
  it('answers 401 without a token and with a bad one', async () => {
    expect((await server.call('GET', '/companies/me')).status).toBe(401)
    expect((await server.call('GET', '/companies/me', { token: 'not-a-token' })).status).toBe(401)
  })

  it("lists the caller's companies", async () => {
    const eva = await server.call('GET', '/companies/me', { as: 'eva@contabil.dev' })
    expect(eva.status).toBe(200)
    expect(eva.body.total).toBe(2)
    expect(eva.body.data.map((c: { id: string }) => c.id).sort()).toEqual([
      'cmp-eva-comercio',
      'cmp-eva-studio',
    ])
  })

  it('reads an own company and its steps, refuses another', async () => {
    const own = await server.call('GET', '/companies/cmp-bruno-tech', { as: 'bruno@contabil.dev' })
    expect(own.status).toBe(200)
    expect(own.body.data).toMatchObject({
      id: 'cmp-bruno-tech',
      status: 'pending',
      trackId: 'create-company',
    })
    const steps = await server.call('GET', '/companies/cmp-bruno-tech/steps', {
      as: 'bruno@contabil.dev',
    })
    expect(steps.body.data.steps[1]).toMatchObject({
      stepId: 'partner-registration',
      status: 'pending',
    })
    expect(
      (await server.call('GET', '/companies/cmp-ana-design', { as: 'bruno@contabil.dev' })).status,
    ).toBe(403)
    expect(
      (await server.call('GET', '/companies/cmp-ana-design', { as: 'admin@contabil.dev' })).status,
    ).toBe(200)
  })

  it('signs up a user with a pending company, its track and claims', async () => {
    const body = {
      name: 'Fernanda Alves',
      email: 'fernanda@example.com',
      password: 'segredo123',
      phone: '(11) 98888-7777',
      trackId: 'migrate-company',
    }
    const created = await server.call('POST', '/users', { body })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      email: 'fernanda@example.com',
      phone: '+55 (11) 98888-7777',
    })
    const again = await server.call('POST', '/users', { body })
    expect(again.status).toBe(409)
    const token = await signIn('fernanda@example.com', 'segredo123')
    const companies = await server.call('GET', '/companies/me', { token })
    // The token was issued after the claims were set.
    expect(companies.body.data[0]).toMatchObject({ status: 'pending', trackId: 'migrate-company' })
  })

  it('answers bad input with the exact messages and changes nothing', async () => {
    const before = server.store.data.users.length
    const bad = await server.call('POST', '/users', {
      body: {
        name: 'X Y',
        email: 'nope',
        password: '123',
        phone: '123',
        trackId: 'create-company',
      },
    })
    expect(bad.status).toBe(400)
    const messages = bad.body.issues.map((i: { message: string }) => i.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'E-mail inválido',
        'A senha deve conter no mínimo 8 caracteres',
        'Celular inválido',
      ]),
    )
    const malformed = await server.call('POST', '/users', {
      raw: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(server.store.data.users.length).toBe(before)
  })
})
