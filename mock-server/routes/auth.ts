import { randomUUID } from 'node:crypto'
import { Router, type Request } from 'express'
import { companiesOf } from '../../src/schemas/claims'
import type { Company } from '../../src/schemas/company'
import { emptyTrack } from '../../src/schemas/track'
import { userCreateSchema, type User } from '../../src/schemas/user'
import { assertCompanyAccess, callerOf } from '../auth'
import { e164, findUser } from '../core/accounts'
import { coreOf, findCompany } from '../core/state'
import type { RouteModule } from '../deps'
import { conflict, handle, parse } from '../http'
import { claimsOf, referralCodeOf } from '../seed/core'
import type { Store } from '../store/database'

/** A referral code typed at sign-up: a client's code or a Duca partner's; anything else is dropped. */
function referralCode(store: Store, code: string | undefined): string | null {
  if (!code) return null
  const key = code.trim().toUpperCase()
  const { usersByCode, partnerByCode } = coreOf(store)
  return usersByCode.count(key) > 0 || partnerByCode.count(key) > 0 ? key : null
}

/**
 * Who is signed in (SPEC section 7 "Users", "Companies"): sign-up, the caller's own record and
 * companies, and a company the caller may see — what the session loads.
 */
export const authRoutes: RouteModule = {
  create: ({ store, auth }) => {
    const router = Router()
    const companyOf = (req: Request) =>
      findCompany(store, assertCompanyAccess(callerOf(req), req.params.id))

    router.post(
      '/users',
      handle(async (req, res) => {
        const input = parse(userCreateSchema, req.body)
        const taken =
          coreOf(store).usersByEmail.count(input.email) > 0 ||
          (await auth.auth.getUserByEmail(input.email).then(
            () => true,
            () => false,
          ))
        if (taken)
          throw conflict(
            'Este e-mail já está cadastrado. Entre com sua senha ou recupere o acesso.',
          )

        const now = new Date().toISOString()
        const companyId = `cmp-${randomUUID().slice(0, 8)}`
        const firstName = input.name.split(' ')[0] ?? input.name
        const profile = { email: input.email, password: input.password, displayName: input.name }
        // A phone number is unique in Firebase Auth; a second account with the same mobile keeps it
        // only in our own record.
        const firebaseUser = await auth.auth
          .createUser({ ...profile, phoneNumber: e164(input.phone) })
          .catch(() => auth.auth.createUser(profile))

        const user: User = {
          id: firebaseUser.uid,
          email: input.email,
          name: input.name,
          phone: input.phone,
          roles: ['company-admin'],
          companies: [companyId],
          indicatedBy: referralCode(store, input.indicatedBy),
          referralCode: referralCodeOf(input.name, firebaseUser.uid),
          disabled: false,
          createdAt: now,
        }
        const company: Company = {
          id: companyId,
          name: `Empresa de ${firstName}`,
          alias: null,
          cnpj: null,
          status: 'pending',
          address: null,
          currentSubscription: null,
          trackId: input.trackId,
          type: null,
          size: null,
          activities: [],
          statusHistory: [],
          createdAt: now,
          updatedAt: now,
        }
        try {
          await auth.setClaims(firebaseUser.uid, claimsOf(user))
          store.data.users.push(user)
          store.data.companies.push(company)
          store.data.tracks.push({ companyId, ...emptyTrack(input.trackId) })
          await store.commit()
        } catch (error) {
          // Nothing half-made: the records and the Firebase account are removed again.
          store.data.users = store.data.users.filter((u) => u.id !== user.id)
          store.data.companies = store.data.companies.filter((c) => c.id !== companyId)
          store.data.tracks = store.data.tracks.filter((t) => t.companyId !== companyId)
          await auth.auth.deleteUser(firebaseUser.uid).catch(() => undefined)
          throw error
        }
        res.status(201)
        return { data: user }
      }),
    )

    router.get(
      '/users/me',
      auth.authenticate,
      handle((req) => ({ data: findUser(store, callerOf(req).uid) })),
    )

    // The caller's own companies, for the session and the company selector.
    router.get(
      '/companies/me',
      auth.authenticate,
      handle((req) => {
        const ids = companiesOf(callerOf(req).claims)
        const data = ids.map((id) => store.byId('companies', id)).filter((c) => c !== undefined)
        return { data, total: data.length }
      }),
    )

    router.get(
      '/companies/:id',
      auth.authenticate,
      handle((req) => ({ data: companyOf(req) })),
    )

    return router
  },
}
