import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { claimsSchema, isSystemAdmin, type Claims } from '../src/schemas/claims'
import { forbidden, HttpError, unauthorized } from './http'

export type Caller = { uid: string; email: string | undefined; claims: Claims; issuedAt: number }

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller
  }
}

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
 * call by the user's claims (PRODUCT.md "Roles and gates"). The emulator does not sign its tokens
 * (any well-formed `alg: none` token verifies), so a token only says who the caller claims to be:
 * roles, companies and e-mail come from the identity service's record of that user (`getUser`),
 * cached briefly and dropped whenever this server changes the user.
 */
export function createAuth(options: { projectId: string; authEmulatorHost: string }) {
  // firebase-admin reads the emulator address from the environment on every call.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost
  const app: App = initializeApp({ projectId: options.projectId }, `mock-server-${randomUUID()}`)
  const auth: Auth = getAuth(app)

  // Verified tokens, so a hot list endpoint does not verify the same token on every call.
  const verified = new Map<string, Token>()
  // Users' records by uid (null: no such user); one lookup in flight per uid.
  const identities = new Map<string, { record: Promise<Identity | null>; until: number }>()
  // Tokens issued before this instant are treated as expired (test hook: /__test/expire-tokens).
  let notBeforeSeconds = 0

  async function verify(token: string): Promise<Token> {
    const now = Date.now() / 1000
    const cached = verified.get(token)
    if (cached && cached.expiresAt > now && cached.issuedAt >= notBeforeSeconds) return cached
    if (cached) verified.delete(token)
    let decoded
    try {
      decoded = await auth.verifyIdToken(token)
    } catch {
      throw unauthorized()
    }
    if (decoded.iat < notBeforeSeconds) throw unauthorized()
    const verifiedToken: Token = {
      uid: decoded.uid,
      issuedAt: decoded.iat,
      authTime: decoded.auth_time,
      expiresAt: decoded.exp,
    }
    if (verified.size >= MAX_CACHED) verified.clear()
    verified.set(token, verifiedToken)
    return verifiedToken
  }

  function identityOf(uid: string): Promise<Identity | null> {
    const cached = identities.get(uid)
    if (cached && cached.until > Date.now()) return cached.record
    const record = auth.getUser(uid).then(
      (user): Identity => {
        const claims = claimsSchema.safeParse(user.customClaims ?? {})
        return {
          email: user.email,
          claims: claims.success ? claims.data : { roles: [] },
          disabled: user.disabled,
          validSince: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0,
        }
      },
      (error: unknown) => {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null
        // Not cached: the next call asks again.
        if (identities.get(uid)?.record === record) identities.delete(uid)
        throw new HttpError(503, 'O serviço de identidade não respondeu. Tente de novo.')
      },
    )
    if (identities.size >= MAX_CACHED) identities.clear()
    identities.set(uid, { record, until: Date.now() + IDENTITY_TTL_MS })
    return record
  }

  async function callerFor(bearer: string): Promise<Caller> {
    const token = await verify(bearer)
    const identity = await identityOf(token.uid)
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

  /** 401 unless the request carries a valid bearer token; sets `req.caller`. */
  const authenticate: RequestHandler = (req, _res, next) => {
    const header = req.headers.authorization ?? ''
    const match = /^Bearer\s+(.+)$/i.exec(header)
    if (!match?.[1]) {
      next(unauthorized(authMessages.signIn))
      return
    }
    callerFor(match[1].trim()).then((caller) => {
      req.caller = caller
      next()
    }, next)
  }

  /** 403 unless the caller is a system admin (admin-only endpoints of SPEC section 6). */
  const requireSystemAdmin: RequestHandler = (req, _res, next) => {
    next(
      isSystemAdmin(req.caller?.claims)
        ? undefined
        : forbidden(authMessages.systemAdmin),
    )
  }

  /** Drops what this server knows of a user: call it after changing their claims or account. */
  const forget = (uid: string) => {
    identities.delete(uid)
  }

  return {
    auth,
    authenticate,
    requireSystemAdmin,
    forget,
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

export const callerOf = (req: { caller?: Caller }): Caller => {
  if (!req.caller) throw unauthorized()
  return req.caller
}
