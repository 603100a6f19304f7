import { isSystemAdmin } from '../../src/schemas/claims'
import type { Company } from '../../src/schemas/company'
import { userMessages, type User } from '../../src/schemas/user'
import type { AuthService, Caller } from '../auth'
import { forbidden, HttpError, notFound } from '../http'
import { claimsOf } from '../seed/core'
import type { Store } from '../store/database'

/** Firebase error codes, as firebase-admin reports them. */
export const firebaseCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''

/** A phone as Firebase Auth wants it (E.164): `+55 (11) 98765-4321` → `+5511987654321`. */
export const e164 = (formatted: string) => `+${formatted.replace(/\D/g, '')}`

/** The enabled system admins (the last one can neither lose the role nor be removed). */
export const systemAdmins = (store: Store) =>
  store.data.users.filter((user) => user.roles.includes('system-admin') && !user.disabled)

export function findUser(store: Store, id: string): User {
  const user = store.byId('users', id)
  if (!user) throw notFound(userMessages.notFound)
  return user
}

/** The person the request is about, or a system admin (PATCH/DELETE /users/{id}, POST /companies). */
export function assertSelfOrAdmin(caller: Caller, userId: string) {
  if (caller.uid !== userId && !isSystemAdmin(caller.claims))
    throw forbidden('Você só pode alterar a sua própria conta.')
}

/** The owner of a company: the first user who has it, company-admins before others. */
export function ownerOf(store: Store, company: Pick<Company, 'id'>): User | undefined {
  let found: User | undefined
  for (const user of store.data.users) {
    if (!user.companies.includes(company.id)) continue
    if (user.companies[0] === company.id) return user
    found ??= user
  }
  return found
}

/**
 * Writes a user's roles and companies into their Firebase custom claims (what the API checks).
 * A user missing from the Auth emulator (removed by hand) is skipped. Claims reach the client with
 * its next ID token refresh.
 */
export async function syncClaims(
  auth: AuthService,
  user: Pick<User, 'id' | 'roles' | 'companies'>,
) {
  try {
    await auth.setClaims(user.id, claimsOf(user))
  } catch (error) {
    if (firebaseCode(error) !== 'auth/user-not-found') throw error
  }
}

/**
 * Runs a change that touches Firebase and the store: `firebase` first, then `local` (which mutates
 * the store), then the commit. If the store cannot take it, `undo` puts Firebase back, so the two
 * never disagree.
 */
export async function withFirebase<T>(
  store: Store,
  steps: { firebase: () => Promise<void>; local: () => T; undo: () => Promise<void> },
): Promise<T> {
  await steps.firebase()
  try {
    const result = steps.local()
    await store.commit()
    return result
  } catch (error) {
    await steps.undo().catch(() => undefined)
    throw error
  }
}

/** Firebase's refusals as API answers. */
export function firebaseError(error: unknown): never {
  switch (firebaseCode(error)) {
    case 'auth/email-already-exists':
      throw new HttpError(409, userMessages.emailTaken)
    case 'auth/phone-number-already-exists':
      throw new HttpError(409, 'Este celular já está em uso por outra conta.')
    case 'auth/invalid-phone-number':
      throw new HttpError(400, 'Celular inválido')
    default:
      throw error
  }
}
