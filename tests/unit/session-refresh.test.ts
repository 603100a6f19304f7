import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, queryOptions } from '@tanstack/react-query'
import type { Claims } from '@/schemas/claims'
import type { Company } from '@/schemas/company'
import type { CurrentUser } from '@/schemas/user'
import { companyKeys } from '@/services/companies'
import { createCompanyStore } from '@/services/session/company-store'
import { createSessionService } from '@/services/session/create-session'
import type { AuthGateway, SessionService } from '@/services/session/types'
import { companyFixture, doneTrack, userFixture } from './fixtures'

// refreshClaims(): after the server changed the user's claims (an accepted invite adds a
// company), the session reads them again through its own token refresh, without signing out.
// refreshUser(): the profile (name, photo) is read again.

const ANA = userFixture('uid-ana', 'ana@contabil.dev', 'Ana Paula Ribeiro')

function setup() {
  let listener: ((user: CurrentUser | null) => void) | null = null
  let claims: Claims = { roles: ['company-admin'], companies: ['cmp-1'] }
  let profile: CurrentUser = ANA
  let tokens = 0
  const gateway: AuthGateway = {
    onUserChanged: (next) => {
      listener = next
      return () => (listener = null)
    },
    readToken: vi.fn(async () => ({ token: `token-${++tokens}`, claims })),
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
    reloadUser: vi.fn(async () => profile),
    reauthenticate: vi.fn(),
    updatePassword: vi.fn(),
    changeEmail: vi.fn(),
    emailVerified: vi.fn(async () => true),
    sendEmailVerification: vi.fn(),
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const companies = createCompanyStore(queryClient, {
    company: (companyId) =>
      queryOptions({
        queryKey: companyKeys.detail(companyId),
        queryFn: async (): Promise<Company> => companyFixture({ id: companyId }),
      }),
    track: (companyId) =>
      queryOptions({ queryKey: companyKeys.track(companyId), queryFn: async () => doneTrack() }),
  })
  const service = createSessionService({
    gateway,
    companies,
    persistence: {
      save: () => {},
      clear: () => {},
      heldCompanyId: () => null,
      holdCompanyId: () => {},
      linkEmail: () => null,
      holdLinkEmail: () => {},
    },
    currentPath: () => '/app/user/my-invites',
    assign: vi.fn(),
  })
  return {
    service,
    gateway,
    signIn: async () => {
      listener?.(null)
      await gateway.signInWithPassword(ANA.email!, 'x')
      return service.whenSignedIn(ANA.uid)
    },
    /** What the server does when an invite is accepted: the identity service's claims change. */
    grant: (companyId: string) => {
      claims = { ...claims, companies: [...(claims.companies ?? []), companyId] }
    },
    rename: (displayName: string) => {
      profile = { ...profile, displayName }
    },
  }
}

let running: SessionService | undefined
afterEach(() => {
  running?.stop()
  running = undefined
})

describe('refreshClaims', () => {
  it('reads the new claims through a forced token refresh, still signed in', async () => {
    const { service, gateway, signIn, grant } = setup()
    running = service
    const before = await signIn()
    expect(before.claims?.companies).toEqual(['cmp-1'])

    grant('cmp-2')
    const after = await service.refreshClaims()
    expect(gateway.readToken).toHaveBeenLastCalledWith(true)
    expect(after.status).toBe('ready')
    expect(after.user?.uid).toBe(ANA.uid)
    expect(after.claims?.companies).toEqual(['cmp-1', 'cmp-2'])
    expect(gateway.signOut).not.toHaveBeenCalled()
    // The current company stays; the new one can now be selected.
    expect(after.companyId).toBe('cmp-1')
    const switched = await service.selectCompany('cmp-2')
    expect(switched.companyId).toBe('cmp-2')
    expect(switched.company?.id).toBe('cmp-2')
  })

  it('without the refresh, the new company cannot be selected (the claims are what counts)', async () => {
    const { service, signIn, grant } = setup()
    running = service
    await signIn()
    grant('cmp-2')
    const view = await service.selectCompany('cmp-2')
    expect(view.companyId).toBe('cmp-1')
  })

  it('is a no-op when nobody is signed in', async () => {
    const { service, gateway } = setup()
    running = service
    const view = await service.refreshClaims()
    expect(view.user).toBeNull()
    expect(gateway.readToken).not.toHaveBeenCalled()
  })
})

describe('refreshUser', () => {
  it('puts the profile read again into the session', async () => {
    const { service, signIn, rename } = setup()
    running = service
    await signIn()
    rename('Ana Ribeiro')
    const view = await service.refreshUser()
    expect(view.user?.displayName).toBe('Ana Ribeiro')
    expect(view.status).toBe('ready')
  })
})
