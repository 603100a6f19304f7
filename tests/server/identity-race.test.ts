import { randomUUID } from 'node:crypto'
import { generateCnpj } from '@brazilian-utils/brazilian-utils'
import { deleteApp, initializeApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN,
  emulatorHost,
  PROJECT_ID,
  signIn,
  startTestServer,
  type TestServer,
} from './harness'

// A request must never write back an old copy of a person's roles, companies or
// blocking. Before, a name change read the user at its start and sent that copy of `disabled`,
// `roles` and `companies` to the identity service and the store: one that landed after an
// admin's change undid it (40 name changes undid a block in 3 of 3 rounds). Each round here races
// an admin's change against a burst of the person's own name changes (half sent before it, half
// after), then reads the store, the identity service's own record and the API: the admin's
// change holds everywhere.

const ROUNDS = 4
const BURST = 40
const PASSWORD = 'Segredo#2026'

let server: TestServer
let app: App
let identity: Auth
let adminToken: string

beforeAll(async () => {
  server = await startTestServer()
  app = initializeApp({ projectId: PROJECT_ID }, `race-${randomUUID()}`)
  identity = getAuth(app)
  adminToken = await signIn(ADMIN.email, ADMIN.password)
}, 60_000)
afterAll(async () => {
  await deleteApp(app)
  await server.close()
})

type Person = { uid: string; email: string; companyId: string }

/** A person who signed up (their own company, on the opening track). */
async function signUp(): Promise<Person> {
  const email = `corrida.${randomUUID().slice(0, 8)}@example.com`
  const res = await server.call('POST', '/users', {
    body: {
      name: 'Rita Prado',
      email,
      password: PASSWORD,
      phone: '(11) 98765-0000',
      trackId: 'create-company',
    },
  })
  expect(res.status, res.text).toBe(201)
  return { uid: res.body.data.id, email, companyId: res.body.data.companies[0] }
}

const asAdmin = (method: string, path: string, body?: unknown) =>
  server.call(method, path, { token: adminToken, body })

/**
 * The person's burst of name changes with the admin's change in its middle: all sent at once, so
 * the server interleaves them while each waits on the identity service.
 */
async function race(person: Person, adminChange: () => Promise<{ status: number; text: string }>) {
  const token = await signIn(person.email, PASSWORD)
  const rename = (i: number) =>
    server.call('PATCH', `/users/${person.uid}`, { token, body: { name: `Rita Prado ${i}` } })
  const first = Array.from({ length: BURST / 2 }, (_, i) => rename(i))
  const admin = adminChange()
  const second = Array.from({ length: BURST / 2 }, (_, i) => rename(BURST / 2 + i))
  const answers = await Promise.all([...first, ...second])
  const changed = await admin
  expect(changed.status, changed.text).toBe(200)
  // Each name change either went through or was refused (blocked, or no longer a caller).
  for (const answer of answers) expect([200, 401, 403], answer.text).toContain(answer.status)
  return answers
}

/** The store's record (as the back office reads it) and the identity service's own. */
async function recordsOf(uid: string) {
  const stored = await asAdmin('GET', `/admin/users/${uid}`)
  expect(stored.status).toBe(200)
  const account = await identity.getUser(uid)
  return {
    stored: stored.body.data as { disabled: boolean; roles: string[]; companies: string[] },
    account: {
      disabled: account.disabled,
      claims: account.customClaims as { roles: string[]; companies: string[] },
    },
  }
}

/** Whether the identity service lets the person sign in (a blocked account may not). */
const canSignIn = (email: string) =>
  fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=race`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  ).then((res) => res.ok)

describe("an admin's change raced by the person's own name changes", () => {
  it(`a block holds (${ROUNDS} rounds of ${BURST} name changes)`, async () => {
    const person = await signUp()
    for (let round = 1; round <= ROUNDS; round++) {
      const token = await signIn(person.email, PASSWORD)
      await race(person, () => asAdmin('PATCH', `/users/${person.uid}`, { disabled: true }))
      const { stored, account } = await recordsOf(person.uid)
      expect(stored.disabled, `round ${round}: the store`).toBe(true)
      expect(account.disabled, `round ${round}: the identity service`).toBe(true)
      expect(await canSignIn(person.email), `round ${round}: signs in`).toBe(false)
      expect((await server.call('GET', '/users/me', { token })).status).toBe(401)
      // The name changes that went through changed the name, and only the name.
      expect(stored.roles).toEqual(['company-admin'])
      expect(stored.companies).toEqual([person.companyId])
      expect(account.claims.companies).toEqual([person.companyId])
      // Unblocked for the next round.
      expect((await asAdmin('PATCH', `/users/${person.uid}`, { disabled: false })).status).toBe(200)
    }
  })

  it(`a company taken away stays away (${ROUNDS} rounds)`, async () => {
    const person = await signUp()
    for (let round = 1; round <= ROUNDS; round++) {
      const token = await signIn(person.email, PASSWORD)
      await race(person, () => asAdmin('PATCH', `/users/${person.uid}`, { companies: [] }))
      const { stored, account } = await recordsOf(person.uid)
      expect(stored.companies, `round ${round}: the store`).toEqual([])
      expect(account.claims.companies, `round ${round}: the identity service`).toEqual([])
      expect(
        (await server.call('GET', `/companies/${person.companyId}`, { token })).status,
        `round ${round}: the API`,
      ).toBe(403)
      expect(
        (await asAdmin('PATCH', `/users/${person.uid}`, { companies: [person.companyId] })).status,
      ).toBe(200)
    }
  })

  it(`an admin role taken away stays away (${ROUNDS} rounds)`, async () => {
    const person = await signUp()
    for (let round = 1; round <= ROUNDS; round++) {
      const granted = await asAdmin('PATCH', `/users/${person.uid}`, {
        roles: ['company-admin', 'system-admin'],
      })
      expect(granted.status).toBe(200)
      const token = await signIn(person.email, PASSWORD)
      expect((await server.call('GET', '/admin/users?limit=1', { token })).status).toBe(200)
      await race(person, () =>
        asAdmin('PATCH', `/users/${person.uid}`, { roles: ['company-admin'] }),
      )
      const { stored, account } = await recordsOf(person.uid)
      expect(stored.roles, `round ${round}: the store`).toEqual(['company-admin'])
      expect(account.claims.roles, `round ${round}: the identity service`).toEqual([
        'company-admin',
      ])
      expect(
        (await server.call('GET', '/admin/users?limit=1', { token })).status,
        `round ${round}: the API`,
      ).toBe(403)
    }
  })

  it(`companies the person adds keep an admin's removal, and each other (${ROUNDS} rounds)`, async () => {
    const person = await signUp()
    for (let round = 1; round <= ROUNDS; round++) {
      const token = await signIn(person.email, PASSWORD)
      const before = (await recordsOf(person.uid)).stored.companies
      // The person adds companies (POST /companies) while the admin takes the first one away.
      const add = () => server.call('POST', '/companies', { token, body: { cnpj: generateCnpj() } })
      const first = [add(), add(), add()]
      const removed = asAdmin('PATCH', `/users/${person.uid}`, { companies: before.slice(1) })
      const second = [add(), add(), add()]
      expect((await removed).status).toBe(200)
      const created = await Promise.all([...first, ...second])
      for (const answer of created) expect(answer.status, answer.text).toBe(201)
      const { stored, account } = await recordsOf(person.uid)
      expect(stored.companies, `round ${round}: the store`).not.toContain(before[0])
      expect(account.claims.companies, `round ${round}: the identity service`).not.toContain(
        before[0],
      )
      // No company added was lost to another addition, in either record.
      for (const answer of created) expect(stored.companies).toContain(answer.body.data.id)
      expect(account.claims.companies).toEqual(stored.companies)
    }
  })
})
