// The identity service (Firebase Auth's REST API, as the SDK calls it through the emulator
// address) and the main API, answered by msw over an @mswjs/data store. The real Firebase SDK,
// session statechart and API client run against it, so forms are tested end to end in jsdom.
import { factory, nullable, primaryKey } from '@mswjs/data'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

export const EMULATOR = 'http://127.0.0.1:9099'
export const API = 'http://localhost:3000'
// The REST paths hold colons (`accounts:lookup`), which msw would read as parameters.
const identity = (method: string) =>
  new RegExp(`^${EMULATOR}/identitytoolkit\\.googleapis\\.com/v1/accounts:${method}(\\?|$)`)
const TOKENS = `${EMULATOR}/securetoken.googleapis.com/v1`

export const db = factory({
  account: {
    uid: primaryKey(String),
    email: String,
    password: String,
    displayName: String,
    phoneNumber: nullable(String),
    createdAt: String,
    /** JSON of the custom claims. */
    claims: String,
    /** Whether the address was confirmed (sign-ups start without). */
    emailVerified: Boolean,
  },
  company: {
    id: primaryKey(String),
    name: String,
    status: String,
    trackId: String,
    trackStatus: String,
  },
})

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** An unsigned ID token, as the emulator issues them. */
export function idTokenOf(account: { uid: string; email: string; claims: string }) {
  const now = Math.floor(Date.now() / 1000)
  return [
    base64url({ alg: 'none', typ: 'JWT' }),
    base64url({
      iss: 'https://securetoken.google.com/demo-contabil',
      aud: 'demo-contabil',
      auth_time: now,
      user_id: account.uid,
      sub: account.uid,
      iat: now,
      exp: now + 3600,
      email: account.email,
      firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
      ...JSON.parse(account.claims),
    }),
    '',
  ].join('.')
}

const identityError = (message: string) =>
  HttpResponse.json({ error: { code: 400, message, errors: [{ message }] } }, { status: 400 })

const findAccount = (email: string) =>
  db.account.findFirst({ where: { email: { equals: email.toLowerCase() } } })

const tokenAnswer = (account: NonNullable<ReturnType<typeof findAccount>>) => ({
  kind: 'identitytoolkit#VerifyPasswordResponse',
  localId: account.uid,
  email: account.email,
  displayName: account.displayName,
  idToken: idTokenOf(account),
  refreshToken: `refresh-${account.uid}`,
  expiresIn: '3600',
  registered: true,
})

/** What the API received, for assertions. */
export const received: { method: string; path: string; body: unknown }[] = []

const handlers = [
  http.post(identity('signInWithPassword'), async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string }
    const account = findAccount(body.email)
    if (!account || account.password !== body.password)
      return identityError('INVALID_LOGIN_CREDENTIALS')
    return HttpResponse.json(tokenAnswer(account))
  }),
  http.post(identity('lookup'), async ({ request }) => {
    const { idToken } = (await request.json()) as { idToken: string }
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString())
    const account = db.account.findFirst({ where: { uid: { equals: payload.user_id } } })
    if (!account) return identityError('USER_NOT_FOUND')
    return HttpResponse.json({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [
        {
          localId: account.uid,
          email: account.email,
          emailVerified: account.emailVerified,
          displayName: account.displayName,
          phoneNumber: account.phoneNumber ?? undefined,
          providerUserInfo: [
            { providerId: 'password', email: account.email, rawId: account.email },
          ],
          passwordHash: 'x',
          createdAt: String(Date.parse(account.createdAt)),
          lastLoginAt: String(Date.now()),
          customAttributes: account.claims,
        },
      ],
    })
  }),
  http.post(identity('sendOobCode'), async ({ request }) => {
    const body = (await request.json()) as { email: string; requestType: string }
    received.push({ method: 'POST', path: 'accounts:sendOobCode', body })
    if (body.requestType === 'PASSWORD_RESET' && !findAccount(body.email))
      return identityError('EMAIL_NOT_FOUND')
    return HttpResponse.json({
      kind: 'identitytoolkit#GetOobConfirmationCodeResponse',
      email: body.email,
    })
  }),
  http.post(`${TOKENS}/token`, () => identityError('TOKEN_EXPIRED')),

  http.post(`${API}/users`, async ({ request }) => {
    const body = (await request.json()) as {
      name: string
      email: string
      password: string
      phone: string
      trackId: string
      indicatedBy?: string
    }
    received.push({ method: 'POST', path: '/users', body })
    if (findAccount(body.email))
      return HttpResponse.json(
        { message: 'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.' },
        { status: 409 },
      )
    const uid = `uid-${db.account.count() + 1}`
    const companyId = `cmp-${uid}`
    db.company.create({
      id: companyId,
      name: `Empresa de ${body.name.split(' ')[0]}`,
      status: 'pending',
      trackId: body.trackId,
      trackStatus: 'pending',
    })
    const account = db.account.create({
      uid,
      email: body.email,
      password: body.password,
      displayName: body.name,
      phoneNumber: null,
      createdAt: new Date().toISOString(),
      claims: JSON.stringify({ roles: ['company-admin'], companies: [companyId], companyId }),
      emailVerified: false,
    })
    return HttpResponse.json(
      {
        data: {
          id: account.uid,
          email: body.email,
          name: body.name,
          phone: body.phone,
          roles: ['company-admin'],
          companies: [companyId],
          indicatedBy: body.indicatedBy ?? null,
          referralCode: 'JOANA1234',
          disabled: false,
          createdAt: account.createdAt,
        },
      },
      { status: 201 },
    )
  }),
  http.get(`${API}/companies/:id`, ({ params }) => {
    const company = db.company.findFirst({ where: { id: { equals: String(params.id) } } })
    if (!company) return HttpResponse.json({ message: 'Empresa não encontrada.' }, { status: 404 })
    return HttpResponse.json({
      data: {
        id: company.id,
        name: company.name,
        alias: null,
        cnpj: null,
        status: company.status,
        address: null,
        currentSubscription: null,
        trackId: company.trackId,
        type: null,
        size: null,
        activities: [],
        statusHistory: [],
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
      },
    })
  }),
  http.get(`${API}/companies/:id/steps`, ({ params }) => {
    const company = db.company.findFirst({ where: { id: { equals: String(params.id) } } })
    if (!company) return HttpResponse.json({ message: 'Empresa não encontrada.' }, { status: 404 })
    return HttpResponse.json({
      data: { trackId: company.trackId, status: company.trackStatus, steps: [] },
    })
  }),
]

export const server = setupServer(...handlers)
// Listening at import: the Firebase SDK keeps the `fetch` it finds when it loads, so msw must
// have wrapped it before. Import this module before anything that loads Firebase.
server.listen({ onUnhandledRequest: 'error' })

/** The demo account used by the sign-in tests. */
export function seed() {
  db.company.create({
    id: 'cmp-ana-design',
    name: 'Ana Design Ltda',
    status: 'active',
    trackId: 'create-company',
    trackStatus: 'done',
  })
  db.account.create({
    uid: 'uid-ana',
    email: 'ana@contabil.dev',
    password: 'Cliente#2026',
    displayName: 'Ana Paula Ribeiro',
    phoneNumber: '+5511987654321',
    createdAt: '2025-02-10T13:30:00.000Z',
    claims: JSON.stringify({
      roles: ['company-admin'],
      companies: ['cmp-ana-design'],
      companyId: 'cmp-ana-design',
    }),
    emailVerified: true,
  })
}

export function resetBackend() {
  db.account.deleteMany({ where: { uid: { contains: '' } } })
  db.company.deleteMany({ where: { id: { contains: '' } } })
  received.length = 0
  seed()
}
