import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PROJECT_ID, signIn, startTestServer, type TestServer } from './harness'

// Who the caller is and what it may do. The Auth emulator does not sign its ID tokens, so
// firebase-admin accepts any well-formed token there: roles, companies and e-mail must come from
// the identity service's own record of the user (getUser), never from the token's claims.

const ADMIN = 'admin@contabil.dev'
const BRUNO = 'bruno@contabil.dev'

/** An unsigned (`alg: none`) ID token, shaped like the emulator's, with whatever claims we like. */
function forgedToken(claims: Record<string, unknown> & { uid: string }) {
  const now = Math.floor(Date.now() / 1000)
  const { uid, ...rest } = claims
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const header = { alg: 'none', typ: 'JWT' }
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...rest,
  }
  return `${encode(header)}.${encode(payload)}.`
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.call('POST', '/__reset')
})

describe('a forged token', () => {
  it("carrying ana's uid and the system-admin role is not an admin", async () => {
    const token = forgedToken({
      uid: 'uid-ana',
      email: 'ana@contabil.dev',
      roles: ['system-admin'],
      companies: ['cmp-ana-design'],
    })
    const res = await server.call('GET', '/admin/users', { token })
    expect(res.status, res.text).toBe(403)
    // ana is still ana: her own company answers.
    expect((await server.call('GET', '/companies/cmp-ana-design', { token })).status).toBe(200)
  })

  it("claiming another company's id does not open it", async () => {
    const token = forgedToken({
      uid: 'uid-ana',
      roles: ['company-admin'],
      companies: ['cmp-bruno-tech'],
    })
    expect((await server.call('GET', '/companies/cmp-bruno-tech', { token })).status).toBe(403)
    const mine = await server.call('GET', '/companies/me', { token })
    expect(mine.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp-ana-design'])
  })

  it("claiming another person's e-mail does not accept their invite", async () => {
    const token = forgedToken({ uid: 'uid-bruno', email: 'cristina.moraes.consultoria@gmail.com' })
    const res = await server.call('POST', '/invites/inv-ana-cristina/accept', { token })
    expect(res.status, res.text).toBe(403)
    expect(server.store.byId('invites', 'inv-ana-cristina')!.status).toBe('pending')
  })

  it('for a uid the identity service does not know is refused', async () => {
    const token = forgedToken({ uid: 'uid-ninguem', roles: ['system-admin'], companies: [] })
    expect((await server.call('GET', '/companies/me', { token })).status).toBe(401)
    expect((await server.call('GET', '/admin/users', { token })).status).toBe(401)
  })
})

describe("the server's own changes to a user apply to the tokens already out", () => {
  it('a role given or taken by an admin counts at once', async () => {
    const token = await signIn(BRUNO)
    expect((await server.call('GET', '/admin/users', { token })).status).toBe(403)
    await server.call('PATCH', '/users/uid-bruno', {
      as: ADMIN,
      body: { roles: ['company-admin', 'system-admin'] },
    })
    expect((await server.call('GET', '/admin/users', { token })).status).toBe(200)
    await server.call('PATCH', '/users/uid-bruno', {
      as: ADMIN,
      body: { roles: ['company-admin'] },
    })
    expect((await server.call('GET', '/admin/users', { token })).status).toBe(403)
  })

  it('a company taken away closes it, an accepted invite opens one', async () => {
    const bruno = await signIn(BRUNO)
    expect((await server.call('GET', '/companies/cmp-bruno-tech', { token: bruno })).status).toBe(
      200,
    )
    await server.call('PATCH', '/users/uid-bruno', { as: ADMIN, body: { companies: [] } })
    expect((await server.call('GET', '/companies/cmp-bruno-tech', { token: bruno })).status).toBe(
      403,
    )

    const cristina = await signIn('cristina.moraes.consultoria@gmail.com')
    expect(
      (await server.call('GET', '/companies/cmp-ana-design', { token: cristina })).status,
    ).toBe(403)
    const accepted = await server.call('POST', '/invites/inv-ana-cristina/accept', {
      token: cristina,
    })
    expect(accepted.status, accepted.text).toBe(200)
    expect(
      (await server.call('GET', '/companies/cmp-ana-design', { token: cristina })).status,
    ).toBe(200)
  })

  it('a disabled or removed person is signed out', async () => {
    const davi = await signIn('davi@contabil.dev')
    expect((await server.call('GET', '/users/me', { token: davi })).status).toBe(200)
    await server.call('PATCH', '/users/uid-davi', { as: ADMIN, body: { disabled: true } })
    expect((await server.call('GET', '/users/me', { token: davi })).status).toBe(401)

    const lucas = await signIn('lucas.ferreira.barber@gmail.com')
    expect((await server.call('GET', '/users/me', { token: lucas })).status).toBe(200)
    await server.call('DELETE', '/users/uid-lucas', { as: ADMIN })
    expect((await server.call('GET', '/users/me', { token: lucas })).status).toBe(401)
  })
})
