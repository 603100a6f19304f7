import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, queryOptions } from '@tanstack/react-query'
import type { TokenResult } from '@/machines/session'
import type { Company } from '@/schemas/company'
import type { Claims } from '@/schemas/claims'
import type { CurrentUser } from '@/schemas/user'
import { createApiClient } from '@/services/api/client'
import { companyKeys } from '@/services/companies'
import { createCompanyStore } from '@/services/session/company-store'
import { createSessionService } from '@/services/session/create-session'
import { signedOutView } from '@/services/session/stored-user'
import type {
  AuthGateway,
  HeldSession,
  SessionPersistence,
  SessionService,
} from '@/services/session/types'
import { companyFixture, doneTrack, userFixture } from './fixtures'

const ANA = userFixture('uid-ana', 'ana@contabil.dev', 'Ana Paula Ribeiro')
const claims: Claims = {
  roles: ['company-admin'],
  companies: ['cmp-1', 'cmp-2'],
  companyId: 'cmp-1',
}

function setup(
  options: {
    refresh?: () => Promise<TokenResult>
    held?: string | null
    /** The last session kept in this browser (a full load of a signed-in page). */
    kept?: HeldSession
    /** Reads the company through the API client too (what the app's fetcher does). */
    throughApi?: boolean
  } = {},
) {
  let listener: ((user: CurrentUser | null) => void) | null = null
  let tokens = 0
  const gateway: AuthGateway = {
    onUserChanged: (next) => {
      listener = next
      return () => (listener = null)
    },
    readToken: vi.fn(async (force: boolean) => {
      if (force && options.refresh) return options.refresh()
      tokens += 1
      return { token: `token-${tokens}`, claims }
    }),
    signInWithPassword: vi.fn(async () => {
      listener?.(ANA)
      return { uid: ANA.uid }
    }),
    sendSignInLink: vi.fn(),
    isSignInLink: () => false,
    signInWithLink: vi.fn(),
    signInWithProvider: vi.fn(),
    sendPasswordReset: vi.fn(),
    signOut: vi.fn(async () => listener?.(null)),
    reloadUser: vi.fn(async () => ANA),
    reauthenticate: vi.fn(),
    updatePassword: vi.fn(),
    changeEmail: vi.fn(),
    emailVerified: vi.fn(async () => true),
    sendEmailVerification: vi.fn(),
  }
  let held = options.held ?? null
  const persistence: SessionPersistence & { saved: unknown[]; cleared: number } = {
    saved: [],
    cleared: 0,
    save(session) {
      this.saved.push(session)
    },
    clear() {
      this.cleared += 1
      held = null
    },
    heldSession: () => options.kept ?? null,
    heldCompanyId: () => held,
    holdCompanyId: (id) => (held = id),
    linkEmail: () => null,
    holdLinkEmail: () => {},
  }
  // The company store over a real query cache, with the app's keys and stand-in fetchers.
  const loadCompany = vi.fn(async (companyId: string): Promise<Company> => {
    if (options.throughApi) await createApiClient('http://api.test').get(`/companies/${companyId}`)
    return companyFixture({ id: companyId, status: companyId === 'cmp-2' ? 'overdue' : 'active' })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const companies = createCompanyStore(queryClient, {
    company: (companyId) =>
      queryOptions({
        queryKey: companyKeys.detail(companyId),
        queryFn: () => loadCompany(companyId),
      }),
    track: (companyId) =>
      queryOptions({ queryKey: companyKeys.track(companyId), queryFn: async () => doneTrack() }),
  })
  const assign = vi.fn()
  const service = createSessionService({
    gateway,
    companies,
    persistence,
    currentPath: () => '/app/invoices?status=pending',
    assign,
  })
  const emit = (user: CurrentUser | null) => listener?.(user)
  return {
    service,
    gateway,
    persistence,
    loadCompany,
    queryClient,
    assign,
    emit,
    heldNow: () => held,
  }
}

/**
 * The API as `fetch` sees it: records each request's Authorization header and answers 200, or
 * 401 when `accepts` refuses the header.
 */
function stubApi(accepts: (auth: string | null) => boolean = () => true) {
  const seen: (string | null)[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).Authorization ?? null
      seen.push(auth)
      return accepts(auth)
        ? new Response(JSON.stringify({ ok: true }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Faça login para continuar.' }), { status: 401 })
    }),
  )
  return seen
}

let running: SessionService | undefined
afterEach(() => {
  running?.stop()
  running = undefined
  vi.unstubAllGlobals()
})

describe('session service', () => {
  it('settles signed out when nobody is signed in, clearing the cookies', async () => {
    const { service, emit, persistence } = setup()
    running = service
    emit(null)
    const view = await service.settled()
    expect(view.status).toBe('signedOut')
    expect(persistence.cleared).toBe(1)
    // What a full load decides on without the identity service, when it keeps no user.
    expect(signedOutView).toEqual(view)
  })

  it('signs in: stores user, claims and token, loads the company and its steps', async () => {
    const { service, emit, persistence, loadCompany, heldNow } = setup()
    running = service
    emit(null)
    const { uid } = await service.gateway.signInWithPassword('ana@contabil.dev', 'x')
    const view = await service.whenSignedIn(uid)
    expect(view.status).toBe('ready')
    expect(view.user).toEqual(ANA)
    expect(view.company?.id).toBe('cmp-1')
    expect(loadCompany).toHaveBeenCalledWith('cmp-1')
    expect(persistence.saved.at(-1)).toMatchObject({ user: ANA, claims, accessToken: 'token-1' })
    expect(heldNow()).toBe('cmp-1')
  })

  it('switches company and tells the gates; a logout does not', async () => {
    const { service, emit } = setup()
    running = service
    emit(ANA)
    await service.settled()
    const changes: string[] = []
    service.onGateChange((view) => changes.push(`${view.status}:${view.company?.id ?? '-'}`))
    const view = await service.selectCompany('cmp-2')
    expect(view.company?.status).toBe('overdue')
    expect(changes).toEqual(['ready:cmp-2'])
    await service.logout()
    expect(changes).toEqual(['ready:cmp-2'])
    expect(service.view().user).toBeNull()
  })

  it('reads the company from the query cache: a status changed there reaches the view and the gates', async () => {
    const { service, emit, queryClient, loadCompany } = setup()
    running = service
    emit(ANA)
    await service.settled()
    const changes: string[] = []
    service.onGateChange((view) => changes.push(`${view.company?.id}:${view.company?.status}`))
    // Someone else moved the company to overdue; a mutation invalidates the company's key.
    loadCompany.mockImplementation(async (companyId) =>
      companyFixture({ id: companyId, status: 'overdue' }),
    )
    await queryClient.invalidateQueries({ queryKey: companyKeys.detail('cmp-1') })
    expect(service.view().company?.status).toBe('overdue')
    expect(changes).toEqual(['cmp-1:overdue'])
    // The statechart holds no copy: only the id.
    expect(service.actor.getSnapshot().context).not.toHaveProperty('company')
  })

  it('tells the gates when someone signs out elsewhere (another tab)', async () => {
    const { service, emit } = setup()
    running = service
    emit(ANA)
    await service.settled()
    const changes: string[] = []
    service.onGateChange((view) => changes.push(view.status))
    emit(null)
    expect(changes).toEqual(['signedOut'])
  })

  it('a full load with a company held from the last visit: nothing is fetched before the token', async () => {
    const { service, emit, loadCompany, gateway } = setup({ held: 'cmp-2' })
    running = service
    // The identity service has not restored the user yet: the held id must not start a fetch.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(loadCompany).not.toHaveBeenCalled()
    emit(ANA)
    const view = await service.settled()
    expect(view.company?.id).toBe('cmp-2')
    expect(loadCompany).toHaveBeenCalledWith('cmp-2')
    // Every read of the company came after the token.
    const [firstToken] = vi.mocked(gateway.readToken).mock.invocationCallOrder
    for (const order of loadCompany.mock.invocationCallOrder)
      expect(order).toBeGreaterThan(firstToken!)
  })

  it('a full load with the last session kept: the company loads before the identity service answers', async () => {
    const kept = { user: ANA, token: 'token-kept', claims }
    const seen = stubApi()
    const { service, emit, loadCompany, gateway } = setup({ held: 'cmp-2', kept, throughApi: true })
    running = service
    // The identity service has not said who is signed in yet.
    const view = await service.settled()
    expect(view.status).toBe('ready')
    expect(view.user).toEqual(ANA)
    expect(view.company?.id).toBe('cmp-2')
    expect(loadCompany).toHaveBeenCalledWith('cmp-2')
    expect(gateway.readToken).not.toHaveBeenCalled()
    await createApiClient('http://api.test').get('/a')
    // The company's read too: the API client had the session's token from the first request.
    expect(seen).toEqual(['Bearer token-kept', 'Bearer token-kept'])
    // It says the same user: the token is read from it again, and used from then on.
    emit(ANA)
    await vi.waitFor(() => expect(service.actor.getSnapshot().context.accessToken).toBe('token-1'))
    expect(gateway.readToken).toHaveBeenCalledWith(false)
    await createApiClient('http://api.test').get('/a')
    expect(seen.at(-1)).toBe('Bearer token-1')
    expect(service.view().status).toBe('ready')
  })

  it('a kept token the server refuses is refreshed once and the request replayed', async () => {
    const kept = { user: ANA, token: 'token-kept', claims }
    const { service, gateway } = setup({ kept })
    running = service
    const seen = stubApi((auth) => auth !== 'Bearer token-kept')
    await expect(createApiClient('http://api.test').get('/a')).resolves.toEqual({ ok: true })
    expect(seen).toEqual(['Bearer token-kept', 'Bearer token-1'])
    expect(gateway.readToken).toHaveBeenCalledTimes(1)
    expect(gateway.readToken).toHaveBeenCalledWith(true)
  })

  it('a kept session whose user the identity service no longer has settles signed out', async () => {
    const kept = { user: ANA, token: 'token-kept', claims }
    const { service, emit, persistence } = setup({ kept })
    running = service
    expect((await service.settled()).status).toBe('ready')
    emit(null)
    await vi.waitFor(() => expect(service.view().status).toBe('signedOut'))
    expect(service.view().user).toBeNull()
    expect(persistence.cleared).toBeGreaterThan(0)
  })

  it('an API call made while the user is being restored waits for the token; signed out it goes without', async () => {
    const { service, emit } = setup()
    running = service
    const seen = stubApi()
    const client = createApiClient('http://api.test', { ownApi: true })
    const early = client.get('/companies/cmp-1')
    const publicCall = client.get('/plans', { auth: false })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The public call did not wait; the other one did not leave.
    expect(seen).toEqual([null])
    emit(ANA)
    await early
    await publicCall
    expect(seen).toEqual([null, 'Bearer token-1'])
    // Signed in, public calls to our own API carry the token too (another service's never do).
    await client.get('/plans', { auth: false })
    await createApiClient('').get('/ws/01001000/json/', { auth: false })
    expect(seen.slice(2)).toEqual(['Bearer token-1', null])
    emit(null)
    await service.settled()
    await client.get('/companies/cmp-1').catch(() => undefined)
    expect(seen.at(-1)).toBeNull()
  })

  it('refreshes the token once for many 401s at once and replays every request', async () => {
    let refreshes = 0
    const { service, emit } = setup({
      refresh: async () => {
        refreshes += 1
        await new Promise((resolve) => setTimeout(resolve, 20))
        return { token: 'token-fresh', claims }
      },
    })
    running = service
    emit(ANA)
    await service.settled()
    const seen = stubApi((auth) => auth === 'Bearer token-fresh')
    const client = createApiClient('http://api.test')
    const answers = await Promise.all([
      client.get('/a'),
      client.get('/b'),
      client.get('/c'),
      client.get('/d'),
    ])
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }])
    expect(refreshes).toBe(1)
    expect(seen.filter((auth) => auth === 'Bearer token-1')).toHaveLength(4)
    expect(seen.filter((auth) => auth === 'Bearer token-fresh')).toHaveLength(4)
  })

  it('when the refresh fails: clears the session and sends the user to login with next', async () => {
    const { service, emit, persistence, assign } = setup({
      refresh: async () => {
        throw Object.assign(new Error('revoked'), { code: 'auth/user-token-expired' })
      },
    })
    running = service
    emit(ANA)
    await service.settled()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'Sessão expirada' }), { status: 401 }),
      ),
    )
    const client = createApiClient('http://api.test')
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401 })
    const view = await service.settled()
    expect(view.status).toBe('signedOut')
    expect(view.user).toBeNull()
    expect(persistence.cleared).toBeGreaterThan(0)
    // No router bound yet: a full navigation (the login route checks `next` again).
    expect(assign).toHaveBeenCalledWith('/app/login?next=%2Fapp%2Finvoices%3Fstatus%3Dpending')
  })

  it('uses the bound router navigation on expiry', async () => {
    const { service, emit, assign } = setup({
      refresh: async () => {
        throw new Error('revoked')
      },
    })
    running = service
    const expired: string[] = []
    service.bindExpiry((path) => expired.push(path))
    emit(ANA)
    await service.settled()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    )
    await expect(createApiClient('http://api.test').get('/a')).rejects.toMatchObject({
      status: 401,
    })
    await service.settled()
    expect(expired).toEqual(['/app/invoices?status=pending'])
    expect(assign).not.toHaveBeenCalled()
  })

  it('rejects whenSignedIn when the token cannot be read', async () => {
    const { service, emit, gateway } = setup()
    running = service
    vi.mocked(gateway.readToken).mockRejectedValueOnce(new Error('offline'))
    emit(ANA)
    await expect(service.whenSignedIn(ANA.uid)).rejects.toThrow(
      'Não foi possível validar sua sessão. Entre de novo.',
    )
  })

  it('starts on the company held from an earlier visit', async () => {
    const { service, emit, loadCompany } = setup({ held: 'cmp-2' })
    running = service
    emit(ANA)
    const view = await service.settled()
    expect(view.company?.id).toBe('cmp-2')
    expect(loadCompany).toHaveBeenCalledWith('cmp-2')
  })
})
