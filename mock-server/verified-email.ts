import type { AuthService } from './auth'
import { forbidden, HttpError } from './http'

// Something sent to an e-mail address (an invite) goes to whoever proves the address is theirs:
// anyone can sign up with any address, and only opening the verification link sent to it proves
// it. The identity service's own record says whether that happened, read fresh (not the cached
// record: the person may have just opened the link), never the token's `email_verified` claim.

/** 403 with `message` unless the identity service records the user's e-mail as verified. */
export async function assertEmailVerified(auth: AuthService, uid: string, message: string) {
  let verified: boolean
  try {
    verified = (await auth.auth.getUser(uid)).emailVerified
  } catch {
    throw new HttpError(503, 'O serviço de identidade não respondeu. Tente de novo.')
  }
  if (!verified) throw forbidden(message)
}
