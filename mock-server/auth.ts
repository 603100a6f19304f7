import { randomUUID } from 'node:crypto'
import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { claimsSchema, type Claims } from '../src/schemas/claims'
import { HttpError, unauthorized } from './http'

export type Caller = { uid: string; email: string | undefined; claims: Claims; issuedAt: number }

export const authMessages = {
  signIn: 'Faça login para continuar.',
  systemAdmin: 'Apenas administradores do sistema podem fazer isso.',
} as const

const MAX_CACHED = 10_000
/** How long the identity service's record of a user is trusted before it is read again. */
const IDENTITY_TTL_MS = 30_000

type Token = { uid: string; issuedAt: number; authTime: number; expiresAt: number }
/** The identity service's own record of a user: what the API believes about the caller. */
type Identity = { email: string | undefined; claims: Claims; disabled: boolean; validSince: number }

/**
 * Verifies Firebase ID tokens with firebase-admin against the Auth emulator and scopes every
 * call by the user's claims (docs/product.md §6 "Roles and gates"). The emulator does not sign its
 * tokens (any well-formed `alg: none` token verifies), so a token only says who the caller claims
 * to be: roles, companies and e-mail come from the identity service's record of that user
 * (`getUser`), cached briefly and dropped whenever this server changes the user.
 */
export function createAuth(options: { projectId: string; authEmulatorHost: string }) {
  // firebase-admin reads the emulator address from the environment on every call.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost
  const app: App = initializeApp({ projectId: options.projectId }, `mock-server-${randomUUID()}`)
  const auth: Auth = getAuth(app)

  // Verified tokens, so a hot list endpoint does not verify the same token on every call.
  const verified = new Map<string, Token>()
  // Users' records by uid (null: no such user); one lookup in flight per uid, and its result
  // once it is in (`known`), so a call with a known token and user is served without waiting.
  const identities = new Map<
    string,
    { record: Promise<Identity | null>; until: number; known?: Identity | null }
  >()
  // Tokens issued before this instant are treated as expired (test hook: /__test/expire-tokens).
  let notBeforeSeconds = 0

  /** A token verified before and still valid. */
  function knownToken(bearer: string): Token | undefined {
    const cached = verified.get(bearer)
    if (!cached) return undefined
    if (cached.expiresAt > Date.now() / 1000 && cached.issuedAt >= notBeforeSeconds) return cached
    verified.delete(bearer)
    return undefined
  }

  async function verify(bearer: string): Promise<Token> {
    const known = knownToken(bearer)
    if (known) return known
    let decoded
    try {
      decoded = await auth.verifyIdToken(bearer)
    } catch {
      throw unauthorized()
    }
    if (decoded.iat < notBeforeSeconds) throw unauthorized()
    const token: Token = {
      uid: decoded.uid,
      issuedAt: decoded.iat,
      authTime: decoded.auth_time,
      expiresAt: decoded.exp,
    }
    if (verified.size >= MAX_CACHED) verified.clear()
    verified.set(bearer, token)
    return token
  }

  function identityOf(uid: string) {
    const cached = identities.get(uid)
    if (cached && cached.until > Date.now()) return cached
    const entry: { record: Promise<Identity | null>; until: number; known?: Identity | null } = {
      record: auth.getUser(uid).then(
        (user): Identity => {
          const claims = claimsSchema.safeParse(user.customClaims ?? {})
          return (entry.known = {
            email: user.email,
            claims: claims.success ? claims.data : { roles: [] },
            disabled: user.disabled,
            validSince: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0,
          })
        },
        (error: unknown) => {
          if ((error as { code?: string }).code === 'auth/user-not-found')
            return (entry.known = null)
          // Not cached: the next call asks again.
          if (identities.get(uid) === entry) identities.delete(uid)
          throw new HttpError(503, 'O serviço de identidade não respondeu. Tente de novo.')
        },
      ),
      until: Date.now() + IDENTITY_TTL_MS,
    }
    if (identities.size >= MAX_CACHED) identities.clear()
    identities.set(uid, entry)
    return entry
  }

  function callerOfToken(token: Token, identity: Identity | null): Caller {
    // Removed, disabled, or signed out everywhere (revoked) since this token was issued.
    if (!identity || identity.disabled || token.authTime * 1000 < identity.validSince)
      throw unauthorized()
    return {
      uid: token.uid,
      email: identity.email,
      claims: identity.claims,
      issuedAt: token.issuedAt,
    }
  }

  /**
   * Who calls with this request's bearer token (401 without a valid one): at once when the token
   * and the user's record are known, else once the identity service has answered.
   */
  function callerFor(req: { headers: { authorization?: string } }): Caller | Promise<Caller> {
    const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')
    const bearer = match?.[1]?.trim()
    if (!bearer) throw unauthorized(authMessages.signIn)
    const token = knownToken(bearer)
    const identity = token && identityOf(token.uid)
    if (token && identity?.known !== undefined) return callerOfToken(token, identity.known)
    return verify(bearer).then(async (verifiedToken) =>
      callerOfToken(verifiedToken, await identityOf(verifiedToken.uid).record),
    )
  }

  /** Drops what this server knows of a user: call it after changing their claims or account. */
  const forget = (uid: string) => {
    identities.delete(uid)
  }

  // The identity changes waiting for each person, in the order they came (see oneAtATime).
  const turns = new Map<string, Promise<void>>()

  /**
   * Runs `task` once every earlier task for the same person has finished, failed or not: one
   * change of a person's identity record at a time, so a change that reads the record in its turn
   * sees every change before it, and none lands on top of another with an older copy.
   */
  function oneAtATime<T>(uid: string, task: () => Promise<T>): Promise<T> {
    const previous = turns.get(uid) ?? Promise.resolve()
    const run = previous.then(task)
    const done = run.then(
      () => undefined,
      () => undefined,
    )
    turns.set(uid, done)
    void done.then(() => {
      if (turns.get(uid) === done) turns.delete(uid)
    })
    return run
  }

  return {
    auth,
    callerFor,
    forget,
    oneAtATime,
    /** Sets a user's roles and companies in the identity service; they count from the next call. */
    async setClaims(uid: string, claims: Claims) {
      try {
        await auth.setCustomUserClaims(uid, claims)
      } finally {
        forget(uid)
      }
    },
    /** After the identity service's accounts were replaced (the test reset). */
    forgetEveryone() {
      identities.clear()
      verified.clear()
    },
    expireTokensIssuedBefore(seconds: number) {
      notBeforeSeconds = seconds
      verified.clear()
    },
    close: () => deleteApp(app),
  }
}

export type AuthService = ReturnType<typeof createAuth>
