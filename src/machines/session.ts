// The session statechart (docs/product.md §4 "Session", §6 "Roles and gates").
// Pure: no React, fetch, cookies, Firebase or router here. Every effect is a named actor or action
// with an inert default, supplied by src/services/session through `.provide()`.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { companiesOf, isSystemAdmin, type Claims } from '../schemas/claims'
import type { Company } from '../schemas/company'
import type { Track } from '../schemas/track'
import type { CurrentUser } from '../schemas/user'

export type TokenResult = { token: string; claims: Claims }
/** The company and its track as the query cache holds them (the one source of truth). */
export type CompanyData = { company: Company | null; track: Track | null }
/** Input of the company loader: `fresh` asks for the server's copy even if the cache has one. */
export type LoadCompanyInput = { companyId: string; fresh: boolean }

export type SessionContext = {
  user: CurrentUser | null
  claims: Claims | null
  accessToken: string | null
  /**
   * The company the session works on (the selector's choice), kept across visits. Only the id:
   * the company and its track live in the query cache, where every screen reads them.
   */
  companyId: string | null
  /** Why the company could not be loaded (pt-BR, for the screen). */
  error: string | null
}

export type SessionInput = { companyId?: string | null } | undefined

export type SessionEvent =
  /** Firebase's auth-state change: the signed-in user's profile, or null when signed out. */
  | { type: 'AUTH_CHANGED'; user: CurrentUser | null }
  /** The company selector. */
  | { type: 'COMPANY_SELECTED'; companyId: string }
  /** Load the company and its track again (after a wizard step, or to retry a failed load). */
  | { type: 'COMPANY_RELOAD' }
  /** An API call answered 401 for `token`. */
  | { type: 'TOKEN_REJECTED'; token: string | null }
  /**
   * A full page load where the last session of this browser was kept (its user, token and
   * claims, as the identity service last gave them), sent before the identity service has
   * restored its user: the session works with that token meanwhile (the server checks it as any
   * other), and reads the token again once the identity service tells who is signed in.
   */
  | { type: 'SESSION_RESTORED'; user: CurrentUser; token: string; claims: Claims }
  | { type: 'LOGOUT' }

const cleared = {
  user: null,
  claims: null,
  accessToken: null,
  error: null,
} satisfies Omit<SessionContext, 'companyId'>

/**
 * docs/product.md §4: the company id is, in order, the one already held, the first of the claims'
 * companies, the claims' companyId. A held id the claims do not grant (another user's choice on
 * this browser) is not used.
 */
export function chooseCompanyId(held: string | null, claims: Claims | null): string | null {
  if (!claims) return null
  if (held && companiesOf(claims).includes(held)) return held
  return claims.companies?.[0] ?? claims.companyId ?? null
}

const notProvided = (name: string) => () => {
  throw new Error(`session effect "${name}" was not provided`)
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** The signed-in user's ID token and custom claims. */
    readToken: fromPromise<TokenResult>(notProvided('readToken')),
    /** A forced token refresh (after a 401). */
    refreshToken: fromPromise<TokenResult>(notProvided('refreshToken')),
    /** GET /companies/{id} and GET /companies/{id}/steps, in parallel, into the query cache. */
    loadCompany: fromPromise<void, LoadCompanyInput>(notProvided('loadCompany')),
    signOut: fromPromise<void>(notProvided('signOut')),
  },
  actions: {
    /** Cookies currentUser, claims and accessToken (sameSite lax). */
    persistSession: () => {},
    clearPersistedSession: () => {},
    /** Keeps the chosen company for the next visit. */
    rememberCompany: () => {},
    /** Sends the user to /app/login?next=<current path> after the session expired. */
    redirectToLogin: () => {},

    assignUser: assign({
      user: ({ event }) => (event.type === 'AUTH_CHANGED' ? event.user : null),
    }),
    assignRestored: assign(({ event, context }) =>
      event.type === 'SESSION_RESTORED'
        ? { user: event.user, accessToken: event.token, claims: event.claims }
        : context,
    ),
    clearContext: assign({ ...cleared, companyId: null }),
    clearUserData: assign(cleared),
    assignToken: assign(({ event }) => {
      const { token, claims } = (event as unknown as { output: TokenResult }).output
      return { accessToken: token, claims }
    }),
    chooseCompany: assign({
      companyId: ({ context }) => chooseCompanyId(context.companyId, context.claims),
    }),
    selectCompany: assign({
      companyId: ({ event, context }) =>
        event.type === 'COMPANY_SELECTED' ? event.companyId : context.companyId,
      error: null,
    }),
    clearError: assign({ error: null }),
    assignError: assign({
      error: ({ event }) => {
        const error = (event as unknown as { error: unknown }).error
        return error instanceof Error && error.message
          ? error.message
          : 'Não foi possível carregar sua empresa.'
      },
    }),
  },
  guards: {
    hasUser: ({ event }) => event.type === 'AUTH_CHANGED' && event.user !== null,
    isSignOut: ({ event }) => event.type === 'AUTH_CHANGED' && event.user === null,
    isSameUser: ({ event, context }) =>
      event.type === 'AUTH_CHANGED' && event.user?.uid === context.user?.uid,
    isSystemAdmin: ({ context }) => isSystemAdmin(context.claims),
    hasCompanyCandidate: ({ context }) =>
      chooseCompanyId(context.companyId, context.claims) !== null,
    hasCompanyId: ({ context }) => context.companyId !== null,
    canSelectCompany: ({ event, context }) =>
      event.type === 'COMPANY_SELECTED' &&
      !isSystemAdmin(context.claims) &&
      companiesOf(context.claims).includes(event.companyId),
    /** A 401 for a token already replaced by a refresh needs no second refresh. */
    rejectedIsCurrent: ({ event, context }) =>
      event.type === 'TOKEN_REJECTED' &&
      (event.token === null || event.token === context.accessToken),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...cleared, companyId: input?.companyId ?? null }),
  initial: 'starting',
  states: {
    /** Waiting for Firebase to say whether someone is signed in. */
    starting: {
      on: {
        AUTH_CHANGED: [
          { guard: 'hasUser', target: 'signedIn', actions: 'assignUser' },
          { target: 'signedOut' },
        ],
        // The company is chosen and loaded at once, in parallel with the identity service's own
        // restoring of its user; the token is confirmed when that ends.
        SESSION_RESTORED: {
          target: ['#session.signedIn.token.unconfirmed', '#session.signedIn.data.choosingCompany'],
          actions: ['assignRestored', 'persistSession'],
        },
      },
    },
    signedOut: {
      entry: ['clearContext', 'clearPersistedSession'],
      on: {
        AUTH_CHANGED: { guard: 'hasUser', target: 'signedIn', actions: 'assignUser' },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        AUTH_CHANGED: [
          { guard: 'isSignOut', target: 'signedOut' },
          { guard: 'isSameUser', actions: ['assignUser', 'persistSession'] },
          // Another account signed in (e.g. in another tab): start over for it.
          { target: 'signedIn', reenter: true, actions: ['clearContext', 'assignUser'] },
        ],
        LOGOUT: { target: 'signingOut' },
      },
      states: {
        /** The access token: refreshed once however many requests failed with 401 at once. */
        token: {
          initial: 'valid',
          states: {
            valid: {
              on: { TOKEN_REJECTED: { guard: 'rejectedIsCurrent', target: 'refreshing' } },
            },
            /**
             * Restored from the last session: the token is the one kept then. A 401 for it
             * refreshes it as usual (once the identity service is ready); the identity service's
             * word on the same user reads the token again (its claims may have changed).
             */
            unconfirmed: {
              on: {
                AUTH_CHANGED: { guard: 'isSameUser', target: 'confirming', actions: 'assignUser' },
                TOKEN_REJECTED: { guard: 'rejectedIsCurrent', target: 'refreshing' },
              },
            },
            confirming: {
              invoke: {
                id: 'readToken',
                src: 'readToken',
                onDone: { target: 'valid', actions: ['assignToken', 'persistSession'] },
                onError: { target: '#session.expired' },
              },
              on: { TOKEN_REJECTED: { guard: 'rejectedIsCurrent', target: 'refreshing' } },
            },
            refreshing: {
              // Further TOKEN_REJECTED events are absorbed here: every failed request awaits
              // this one refresh and is then replayed.
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                onDone: { target: 'valid', actions: ['assignToken', 'persistSession'] },
                onError: { target: '#session.expired' },
              },
            },
          },
        },
        /** Claims, then the company and its track. */
        data: {
          initial: 'authorizing',
          states: {
            authorizing: {
              invoke: {
                id: 'readToken',
                src: 'readToken',
                onDone: {
                  target: 'choosingCompany',
                  actions: ['assignToken', 'persistSession'],
                },
                onError: { target: '#session.expired' },
              },
            },
            choosingCompany: {
              always: [
                // docs/product.md §4: a system admin skips company and track loading.
                { guard: 'isSystemAdmin', target: 'ready', actions: 'clearError' },
                {
                  guard: 'hasCompanyCandidate',
                  target: 'loadingCompany',
                  actions: ['chooseCompany', 'rememberCompany'],
                },
                { target: 'ready', actions: 'clearError' },
              ],
            },
            loadingCompany: {
              invoke: {
                id: 'loadCompany',
                src: 'loadCompany',
                input: ({ context, event }) => ({
                  companyId: context.companyId ?? '',
                  fresh: event.type === 'COMPANY_RELOAD',
                }),
                onDone: { target: 'ready', actions: 'clearError' },
                onError: { target: 'companyFailed', actions: 'assignError' },
              },
            },
            ready: {
              on: {
                COMPANY_SELECTED: {
                  guard: 'canSelectCompany',
                  target: 'loadingCompany',
                  actions: ['selectCompany', 'rememberCompany'],
                },
                COMPANY_RELOAD: { guard: 'hasCompanyId', target: 'loadingCompany' },
              },
            },
            companyFailed: {
              on: {
                COMPANY_SELECTED: {
                  guard: 'canSelectCompany',
                  target: 'loadingCompany',
                  actions: ['selectCompany', 'rememberCompany'],
                },
                COMPANY_RELOAD: { target: 'loadingCompany' },
              },
            },
          },
        },
      },
    },
    signingOut: {
      entry: ['clearContext', 'clearPersistedSession'],
      invoke: { id: 'signOut', src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
    /** The token could not be refreshed: state cleared, back to the login page. */
    expired: {
      entry: ['clearContext', 'clearPersistedSession'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'redirectToLogin' },
        onError: { target: 'signedOut', actions: 'redirectToLogin' },
      },
    },
  },
})

export type SessionMachine = typeof sessionMachine
export type SessionSnapshot = SnapshotFrom<SessionMachine>

export type SessionStatus = 'loading' | 'signedOut' | 'ready' | 'companyError'

/** What gates and screens read from the session. */
export type SessionView = {
  status: SessionStatus
  user: CurrentUser | null
  claims: Claims | null
  isSystemAdmin: boolean
  companyId: string | null
  company: Company | null
  track: Track | null
  error: string | null
  /** True while a token refresh is under way. */
  refreshing: boolean
}

export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('signedOut')) return 'signedOut'
  if (snapshot.matches({ signedIn: { data: 'ready' } })) return 'ready'
  if (snapshot.matches({ signedIn: { data: 'companyFailed' } })) return 'companyError'
  return 'loading'
}

/** Settled: the gates can decide (signed out, or signed in with the company loaded or failed). */
export const isSettled = (snapshot: SessionSnapshot) => sessionStatus(snapshot) !== 'loading'

const noCompany: CompanyData = { company: null, track: null }

/**
 * The view gates and screens read. The company and its track come from `read` (the query cache):
 * the statechart keeps only the id, so a reload or a switch back shows what the cache holds.
 */
export function sessionView(
  snapshot: SessionSnapshot,
  read: (companyId: string) => CompanyData = () => noCompany,
): SessionView {
  const { context } = snapshot
  const status = sessionStatus(snapshot)
  const data =
    status !== 'signedOut' && context.companyId && !isSystemAdmin(context.claims)
      ? read(context.companyId)
      : noCompany
  return {
    status,
    user: context.user,
    claims: context.claims,
    isSystemAdmin: isSystemAdmin(context.claims),
    companyId: context.companyId,
    company: data.company,
    track: data.track,
    error: context.error,
    refreshing: snapshot.matches({ signedIn: { token: 'refreshing' } }),
  }
}
