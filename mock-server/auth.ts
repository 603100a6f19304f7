import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'
import { claimsSchema, companiesOf, isSystemAdmin, type Claims } from '../src/schemas/claims'
import { forbidden, unauthorized } from './http'

export type Caller = { uid: string; email: string | undefined; claims: Claims; issuedAt: number }

declare module 'express-serve-static-core' {
  interface Request {
    caller?: Caller
  }
}

const MAX_CACHED_TOKENS = 10_000

/**
 * Verifies Firebase ID tokens with firebase-admin against the Auth emulator and scopes every
 * call by the token's claims (PRODUCT.md "Roles and gates").
 */
export function createAuth(options: { projectId: string; authEmulatorHost: string }) {
  // firebase-admin reads the emulator address from the environment on every call.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost
  const app: App = initializeApp({ projectId: options.projectId }, `mock-server-${randomUUID()}`)
  const auth: Auth = getAuth(app)

  // Verified tokens, so a hot list endpoint does not verify the same token on every call.
  const verified = new Map<string, Caller & { expiresAt: number }>()
  // Tokens issued before this instant are treated as expired (test hook: /__test/expire-tokens).
  let notBeforeSeconds = 0

  async function verify(token: string): Promise<Caller> {
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
    const claims = claimsSchema.safeParse(decoded)
    const caller: Caller & { expiresAt: number } = {
      uid: decoded.uid,
      email: decoded.email,
      claims: claims.success ? claims.data : { roles: [] },
      issuedAt: decoded.iat,
      expiresAt: decoded.exp,
    }
    if (verified.size >= MAX_CACHED_TOKENS) verified.clear()
    verified.set(token, caller)
    return caller
  }

  /** 401 unless the request carries a valid bearer token; sets `req.caller`. */
  const authenticate: RequestHandler = (req, _res, next) => {
    const header = req.headers.authorization ?? ''
    const match = /^Bearer\s+(.+)$/i.exec(header)
    if (!match?.[1]) {
      next(unauthorized('Faça login para continuar.'))
      return
    }
    verify(match[1].trim()).then((caller) => {
      req.caller = caller
      next()
    }, next)
  }

  /** 403 unless the caller is a system admin (admin-only endpoints of SPEC section 6). */
  const requireSystemAdmin: RequestHandler = (req, _res, next) => {
    next(
      isSystemAdmin(req.caller?.claims)
        ? undefined
        : forbidden('Apenas administradores do sistema podem fazer isso.'),
    )
  }

  return {
    auth,
    authenticate,
    requireSystemAdmin,
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

/** A company-admin reaches only the companies in its claims; a system admin reaches all. */
export function assertCompanyAccess(caller: Caller, companyId: string | undefined): string {
  if (!companyId) throw forbidden('Informe a empresa (companyId).')
  if (isSystemAdmin(caller.claims) || companiesOf(caller.claims).includes(companyId))
    return companyId
  throw forbidden('Você não tem acesso a esta empresa.')
}
