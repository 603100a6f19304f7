import { getAuth } from 'firebase-admin/auth'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PROJECT_ID, signIn, startTestServer, type TestServer } from './harness'

// Users (SPEC section 7): the profile, and the admin's user management, with Firebase kept in
// step (accounts, custom claims).

let server: TestServer
const firebase = initializeApp({ projectId: PROJECT_ID }, 'users-admin-test')
const auth = getAuth(firebase)
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
  await deleteApp(firebase)
})
beforeEach(() => server.call('POST', '/__reset'))

const ADMIN = 'admin@contabil.dev'
const ANA = 'ana@contabil.dev'

describe('GET /users/me and /admin/users', () => {
  it('answers the caller’s own record', async () => {
    const res = await server.call('GET', '/users/me', { as: ANA })
    expect(res.body.data).toMatchObject({
      id: 'uid-ana',
      referralCode: 'ANA5847',
      phone: '+55 (11) 98765-4321',
    })
  })

  it('lists users 10 a page, by company and by name or e-mail', async () => {
    const all = await server.call('GET', '/admin/users', { as: ADMIN })
    expect(all.body.data).toHaveLength(10)
    expect(all.body.total).toBe(server.store.data.users.length)
    const ana = await server.call('GET', '/admin/users?companyId=cmp-ana-design', { as: ADMIN })
    expect(ana.body.data.map((u: { id: string }) => u.id).sort()).toEqual(['uid-ana', 'uid-felipe'])
    const query = await server.call('GET', '/admin/users?query=joao', { as: ADMIN })
    expect(query.body.total).toBe(0)
    const byName = await server.call('GET', '/admin/users?query=nogueira', { as: ADMIN })
    expect(byName.body.data.map((u: { id: string }) => u.id)).toEqual(['uid-davi'])
    expect(
      (await server.call('GET', '/admin/users/uid-eva', { as: ADMIN })).body.data.companies,
    ).toHaveLength(2)
    expect((await server.call('GET', '/admin/users/uid-nao-existe', { as: ADMIN })).status).toBe(
      404,
    )
  })
})

describe('POST /admin/users', () => {
  it('creates the Firebase account with claims (company-admin by default) and a setup link', async () => {
    const res = await server.call('POST', '/admin/users', {
      as: ADMIN,
      body: {
        email: 'Marina.Alves@contabil.dev',
        name: 'Marina Alves',
        phone: '(11) 91234-5678',
        companyId: 'cmp-ana-design',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      email: 'marina.alves@contabil.dev',
      roles: ['company-admin'],
      companies: ['cmp-ana-design'],
      phone: '+55 (11) 91234-5678',
    })
    expect(res.body.data.signInLink).toMatch(/^http/)
    const account = await auth.getUser(res.body.data.id)
    expect(account.customClaims).toEqual({
      roles: ['company-admin'],
      companies: ['cmp-ana-design'],
      companyId: 'cmp-ana-design',
    })
    expect(account.phoneNumber).toBe('+5511912345678')
    const again = await server.call('POST', '/admin/users', {
      as: ADMIN,
      body: { email: 'marina.alves@contabil.dev', name: 'Marina Alves' },
    })
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'Este e-mail já está cadastrado.' },
    })
  })

  it("answers 'Celular inválido' for a phone under 11 characters, and checks the company", async () => {
    const before = server.store.snapshot()
    const phone = await server.call('POST', '/admin/users', {
      as: ADMIN,
      body: { email: 'x@contabil.dev', name: 'Xavier Lopes', phone: '1199999' },
    })
    expect(phone).toMatchObject({ status: 400, body: { message: 'Celular inválido' } })
    const email = await server.call('POST', '/admin/users', {
      as: ADMIN,
      body: { email: 'x@', name: 'Xavier Lopes' },
    })
    expect(email.body.message).toBe('E-mail inválido')
    const company = await server.call('POST', '/admin/users', {
      as: ADMIN,
      body: { email: 'x@contabil.dev', name: 'Xavier Lopes', companyId: 'cmp-nao-existe' },
    })
    expect(company).toMatchObject({ status: 400, body: { message: 'Empresa não encontrada.' } })
    expect(server.store.snapshot()).toEqual(before)
    await expect(auth.getUserByEmail('x@contabil.dev')).rejects.toThrow()
  })
})

describe('PATCH /users/{id}', () => {
  it('lets a person change their name and phone, in Firebase too', async () => {
    const res = await server.call('PATCH', '/users/uid-ana', {
      as: ANA,
      body: { name: 'Ana Paula Ribeiro Souza', phone: '(11) 97777-1234' },
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      name: 'Ana Paula Ribeiro Souza',
      phone: '+55 (11) 97777-1234',
    })
    const account = await auth.getUser('uid-ana')
    expect(account).toMatchObject({
      displayName: 'Ana Paula Ribeiro Souza',
      phoneNumber: '+5511977771234',
    })
  })

  it('keeps roles, companies and blocking for system admins, and the last admin', async () => {
    const self = await server.call('PATCH', '/users/uid-ana', {
      as: ANA,
      body: { roles: ['system-admin'] },
    })
    expect(self).toMatchObject({
      status: 403,
      body: { message: 'Apenas administradores do sistema alteram papéis, empresas ou bloqueio.' },
    })
    const other = await server.call('PATCH', '/users/uid-eva', {
      as: ANA,
      body: { name: 'Eva Lima' },
    })
    expect(other.status).toBe(403)
    const grant = await server.call('PATCH', '/users/uid-bruno', {
      as: ADMIN,
      body: { companies: ['cmp-bruno-tech', 'cmp-ana-design'] },
    })
    expect(grant.body.data.companies).toEqual(['cmp-bruno-tech', 'cmp-ana-design'])
    expect((await auth.getUser('uid-bruno')).customClaims).toMatchObject({
      companies: ['cmp-bruno-tech', 'cmp-ana-design'],
    })
    const token = await signIn('bruno@contabil.dev')
    expect((await server.call('GET', '/companies/cmp-ana-design', { token })).status).toBe(200)
    // Blocking oneself would leave no admin (removing one's own role has its own message:
    // tests/server/back-office.test.ts).
    const last = await server.call('PATCH', '/users/uid-admin', {
      as: ADMIN,
      body: { disabled: true },
    })
    expect(last).toMatchObject({
      status: 409,
      body: { message: 'Não é possível remover ou rebaixar o último administrador do sistema.' },
    })
    const blocked = await server.call('PATCH', '/users/uid-davi', {
      as: ADMIN,
      body: { disabled: true },
    })
    expect(blocked.body.data.disabled).toBe(true)
    expect((await auth.getUser('uid-davi')).disabled).toBe(true)
  })
})

describe('DELETE /users/{id}', () => {
  it('removes the person and their Firebase account', async () => {
    const res = await server.call('DELETE', '/users/uid-lucas', {
      token: await signIn('lucas.ferreira.barber@gmail.com'),
    })
    expect(res.status).toBe(204)
    expect(server.store.byId('users', 'uid-lucas')).toBeUndefined()
    await expect(auth.getUser('uid-lucas')).rejects.toThrow()
    // The company stays (its records are kept), without the person.
    expect(server.store.byId('companies', 'cmp-lucas-barbearia')).toBeDefined()
  })

  it('is refused for someone else and for the last admin', async () => {
    expect((await server.call('DELETE', '/users/uid-eva', { as: ANA })).status).toBe(403)
    expect((await server.call('DELETE', '/users/uid-admin', { as: ADMIN })).status).toBe(409)
    expect((await server.call('DELETE', '/users/uid-nao-existe', { as: ADMIN })).status).toBe(404)
  })
})

describe('POST /users (sign-up)', () => {
  it('keeps a known referral code and drops an unknown one', async () => {
    const body = (email: string, indicatedBy: string) => ({
      name: 'Rita Cavalcanti',
      email,
      password: 'segredo123',
      phone: '(81) 98888-1111',
      trackId: 'create-company',
      indicatedBy,
    })
    const known = await server.call('POST', '/users', { body: body('rita@example.com', 'ana5847') })
    expect(known.body.data.indicatedBy).toBe('ANA5847')
    const unknown = await server.call('POST', '/users', {
      body: body('rita2@example.com', 'XYZ0000'),
    })
    expect(unknown.body.data.indicatedBy).toBeNull()
    const referrals = await server.call('GET', '/referrals', { as: ANA })
    expect(referrals.body.data[0]).toMatchObject({ name: 'Rita C.', reward: { status: 'pending' } })
  })
})
