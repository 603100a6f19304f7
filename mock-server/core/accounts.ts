import { claimsOf } from '../../src/schemas/claims'
import type { Company } from '../../src/schemas/company'
import { userMessages, type User } from '../../src/schemas/user'
import type { AuthService } from '../auth'
import { HttpError, notFound } from '../http'
import type { Store } from '../store/database'

/** Firebase error codes, as firebase-admin reports them. */
export const firebaseCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''

/** A phone as Firebase Auth wants it (E.164): `+55 (11) 98765-4321` → `+5511987654321`. */
export const e164 = (formatted: string) => `+${formatted.replace(/\D/g, '')}`

/** A person's referral code: their first name and a number from their id (`ANA5847`). */
export const referralCodeOf = (name: string, uid: string) => {
  const first = (name.split(' ')[0] ?? 'cliente')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
  let hash = 0
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `${first}${(hash % 9000) + 1000}`
}

/** The enabled system admins (the last one can neither lose the role nor be removed). */
export const systemAdmins = (store: Store) =>
  store.users.all().filter((user) => user.roles.includes('system-admin') && !user.disabled)

export function findUser(store: Store, id: string): User {
  const user = store.users.get(id)
  if (!user) throw notFound(userMessages.notFound)
  return user
}

/** The owner of a company: the first user who has it, one whose first company it is before others. */
export function ownerOf(store: Store, company: Pick<Company, 'id'>): User | undefined {
  const members = store.users.withItem('companies', company.id)
  return members.find((user) => user.companies[0] === company.id) ?? members[0]
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
 * Runs a change that touches Firebase and the store: `firebase` first, then `local` (the store's
 * writes, in one transaction: read what it changes inside it, the record may have changed while
 * Firebase answered). If the store cannot take it, `undo` puts Firebase back, so the two never
 * disagree.
 */
export async function withFirebase<T>(
  store: Store,
  steps: { firebase: () => Promise<void>; local: () => T; undo: () => Promise<void> },
): Promise<T> {
  await steps.firebase()
  try {
    return store.write(steps.local)
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
