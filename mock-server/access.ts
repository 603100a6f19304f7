import { companiesOf, isSystemAdmin } from '../src/schemas/claims'
import { companyMessages } from '../src/schemas/company'
import { authMessages, type Caller } from './auth'
import { forbidden, notFound } from './http'
import type { Store } from './store/database'

// Who may reach what (docs/api.md "Conventions"). The caller's roles and companies are the identity
// service's record of the user (auth.ts), never the token's own claims.

export const accessMessages = {
  company: 'Você não tem acesso a esta empresa.',
  self: 'Você só pode alterar a sua própria conta.',
  companyMissing: 'Informe a empresa (companyId).',
} as const

/** A company-admin reaches only the companies in its claims; a system admin reaches all. */
export function assertCompanyAccess(caller: Caller, companyId: string): string {
  if (isSystemAdmin(caller.claims) || companiesOf(caller.claims).includes(companyId))
    return companyId
  throw forbidden(accessMessages.company)
}

/** Whom a refusal speaks to: the accountant (a system admin) or the company's own people. */
export const audienceOf = (caller: Caller): 'client' | 'accountant' =>
  isSystemAdmin(caller.claims) ? 'accountant' : 'client'

/** Admin-only endpoints (docs/product.md §6). */
export function requireSystemAdmin(caller: Caller) {
  if (!isSystemAdmin(caller.claims)) throw forbidden(authMessages.systemAdmin)
}

/** The person the request is about, or a system admin (PATCH/DELETE /users/{id}, POST /companies). */
export function requireSelf(caller: Caller, userId: string) {
  if (caller.uid !== userId && !isSystemAdmin(caller.claims)) throw forbidden(accessMessages.self)
}

/**
 * The one gate of every company endpoint: the company id (from the path or `?companyId`, already
 * checked by the endpoint's schema, the shared `idSchema`), the caller's access to it (403: before
 * looking it up, so an id of someone else's company says nothing about it), the company by its
 * key (404); then the request's company is that id (the handler reads the record if it needs it).
 * `optional`: the id may be left out (by an admin, or by anyone), and then there is no company.
 */
export function requireCompany(
  store: Store,
  caller: Caller,
  id: string | undefined,
  optional?: 'for-admins' | 'always',
): string | undefined {
  if (id === undefined) {
    if (optional === 'always' || (optional === 'for-admins' && isSystemAdmin(caller.claims)))
      return undefined
    throw forbidden(accessMessages.companyMissing)
  }
  assertCompanyAccess(caller, id)
  // A company-admin's companies are those of its identity record, which this server writes when
  // it creates or links a company (and companies are never removed): no read needed. A system
  // admin may name any id: found by its key.
  if (isSystemAdmin(caller.claims) && !store.companies.exists({ id }))
    throw notFound(companyMessages.notFound)
  return id
}

/**
 * The company of a record the request names by its id (a subscription), for the company gate. An
 * id no record has is answered like a record of another company (403) to a company-admin, so the
 * answer never tells which ids exist; a system admin, who may reach any company, gets the 404.
 */
export function companyOfRecord(
  caller: Caller,
  record: { companyId: string } | undefined,
  notFoundMessage: string,
): string {
  if (record) return record.companyId
  if (isSystemAdmin(caller.claims)) throw notFound(notFoundMessage)
  throw forbidden(accessMessages.company)
}

export { ownedBy } from './domain/errors'
