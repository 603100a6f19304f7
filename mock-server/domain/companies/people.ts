import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils'
import { claimsOf } from '../../../src/schemas/claims'
import type { Company } from '../../../src/schemas/company'
import { userMessages, type User } from '../../../src/schemas/user'
import type { AuthService, Caller } from '../../auth'
import { invalid, conflict, notFound, unauthenticated } from '../errors'
import type { Store } from '../../store/database'

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
  return ownerAmong(store.users.withItem('companies', company.id), company.id)
}

/** The owner among a company's members: the one whose first company it is, else the first. */
export const ownerAmong = <T extends Pick<User, 'companies'>>(
  members: readonly T[],
  companyId: string,
): T | undefined => members.find((user) => user.companies[0] === companyId) ?? members[0]

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

/** What a person's identity record holds that the identity service keeps too. */
export type IdentityFields = Pick<User, 'name' | 'phone' | 'roles' | 'companies' | 'disabled'>

/** What a change asks of a person's record: the fields it changes, and the store's other writes. */
export type IdentityChange<T> = {
  changes: Partial<IdentityFields>
  /** The change's other writes, in the store transaction that writes the person (`user`: fresh). */
  local?: (user: User) => T
}

/**
 * Writes `fields` of a person to the identity service, and only those: the display name, the
 * blocking, the mobile when it changed, the claims (roles and companies) when either changes.
 */
async function writeIdentityFields(auth: AuthService, user: User, fields: Partial<IdentityFields>) {
  const profile: { displayName?: string; disabled?: boolean; phoneNumber?: string | null } = {}
  if (fields.name !== undefined) profile.displayName = fields.name
  if (fields.disabled !== undefined) profile.disabled = fields.disabled
  if (fields.phone !== undefined && fields.phone !== user.phone)
    profile.phoneNumber =
      fields.phone && isValidMobilePhone(fields.phone) ? e164(fields.phone) : null
  if (Object.keys(profile).length > 0)
    await auth.auth.updateUser(user.id, profile).catch((error: unknown) => {
      if (firebaseCode(error) !== 'auth/user-not-found') firebaseError(error)
    })
  if (fields.roles !== undefined || fields.companies !== undefined)
    await syncClaims(auth, {
      id: user.id,
      roles: fields.roles ?? user.roles,
      companies: fields.companies ?? user.companies,
    })
}

/**
 * Changes a person's identity record (roles, companies, blocking, name, mobile) in the identity
 * service and the store, from a fresh read: one change per person at a time (`oneAtATime`), each
 * reading the record once its turn comes, so `plan` decides on the record as every earlier change
 * left it (its checks throw there); and each sends the identity service only the fields it
 * changes. No request can write back an older copy of what an admin changed meanwhile, and a
 * person's own change of name or mobile sends nothing else. If the store cannot take the change,
 * the identity service gets those fields back as they were.
 */
export function changeIdentity<T = undefined>(
  { store, auth, caller }: { store: Store; auth: AuthService; caller: Caller },
  uid: string,
  plan: (user: User) => IdentityChange<T>,
): Promise<{ user: User; result: T | undefined }> {
  return auth.oneAtATime(uid, async () => {
    const user = findUser(store, uid)
    // Blocked while the request waited for its turn: the person's own change no longer counts.
    if (caller.uid === uid && user.disabled) throw unauthenticated()
    const { changes, local } = plan(user)
    const before = Object.fromEntries(
      Object.keys(changes).map((field) => [field, user[field as keyof IdentityFields]]),
    ) as Partial<IdentityFields>
    try {
      return await withFirebase(store, {
        firebase: () => writeIdentityFields(auth, user, changes),
        local: () => {
          const fresh = Object.assign(findUser(store, uid), changes)
          store.users.update(fresh)
          return { user: fresh, result: local?.(fresh) }
        },
        undo: () => writeIdentityFields(auth, { ...user, ...changes }, before),
      })
    } finally {
      // Blocking and claims count from the next call.
      auth.forget(uid)
    }
  })
}

/** Firebase's refusals as API answers. */
export function firebaseError(error: unknown): never {
  switch (firebaseCode(error)) {
    case 'auth/email-already-exists':
      throw conflict(userMessages.emailTaken)
    case 'auth/phone-number-already-exists':
      throw conflict('Este celular já está em uso por outra conta.')
    case 'auth/invalid-phone-number':
      throw invalid('Celular inválido')
    default:
      throw error
  }
}
