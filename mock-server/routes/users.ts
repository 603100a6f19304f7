import { randomBytes, randomUUID } from 'node:crypto'
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils'
import { Router, type Request } from 'express'
import { formatMobile } from '../../src/schemas/brazil'
import { isSystemAdmin } from '../../src/schemas/claims'
import type { Company } from '../../src/schemas/company'
import { searchKey } from '../../src/schemas/people'
import { emptyTrack } from '../../src/schemas/track'
import {
  adminUserCreateSchema,
  adminUserListQuerySchema,
  userCreateSchema,
  userMessages,
  userUpdateSchema,
  type User,
} from '../../src/schemas/user'
import { callerOf } from '../auth'
import {
  assertSelfOrAdmin,
  firebaseCode,
  firebaseError,
  findUser,
  syncClaims,
  withFirebase,
} from '../core/accounts'
import { coreOf } from '../core/state'
import type { RouteModule } from '../deps'
import { badRequest, conflict, forbidden, handle, notFound, paginate, parse } from '../http'
import { claimsOf, referralCodeOf } from '../seed/core'
import type { Store } from '../store/database'

const e164 = (formatted: string) => `+${formatted.replace(/\D/g, '')}`

/** A referral code typed at sign-up: a client's code or a Duca partner's; anything else is dropped. */
function referralCode(store: Store, code: string | undefined): string | null {
  if (!code) return null
  const key = code.trim().toUpperCase()
  const { usersByCode, partnerByCode } = coreOf(store)
  return usersByCode.count(key) > 0 || partnerByCode.count(key) > 0 ? key : null
}

const systemAdmins = (store: Store) =>
  store.data.users.filter((user) => user.roles.includes('system-admin') && !user.disabled)

const collator = new Intl.Collator('pt-BR')
const byName = (a: User, b: User) => collator.compare(a.name, b.name)

/** Users (SPEC section 7 "Users"): sign-up, the profile, and the admin's user management. */
export const usersRoutes: RouteModule = {
  contract: [
    {
      method: 'POST',
      route: '/users',
      example: '/users',
      access: 'public',
      takesInput: true,
      body: {
        name: 'Joana Prado',
        email: 'joana.prado@example.com',
        password: 'segredo123',
        phone: '+55 (11) 97777-6666',
        trackId: 'create-company',
        indicatedBy: 'ANA5847',
      },
    },
    { method: 'GET', route: '/users/me', example: '/users/me', access: 'signed-in' },
    {
      method: 'GET',
      route: '/admin/users',
      example: '/admin/users?companyId=cmp-ana-design&limit=5',
      access: 'system-admin',
      takesInput: true,
    },
    {
      method: 'POST',
      route: '/admin/users',
      example: '/admin/users',
      access: 'system-admin',
      takesInput: true,
      body: {
        email: 'marina.alves@contabil.dev',
        name: 'Marina Alves',
        phone: '+55 (11) 91234-5678',
        companyId: 'cmp-ana-design',
      },
    },
    {
      method: 'GET',
      route: '/admin/users/{id}',
      example: '/admin/users/uid-ana',
      access: 'system-admin',
    },
    {
      method: 'PATCH',
      route: '/users/{id}',
      example: '/users/uid-ana',
      access: 'self',
      takesInput: true,
      body: { name: 'Ana Paula Ribeiro Souza', phone: '(11) 98765-4321' },
    },
    {
      method: 'DELETE',
      route: '/users/{id}',
      example: '/users/uid-ana',
      access: 'self',
      okStatus: 204,
    },
  ],

  create: ({ store, auth }) => {
    const router = Router()
    const targetOf = (req: Request) => {
      const id = req.params.id ?? ''
      assertSelfOrAdmin(callerOf(req), id)
      return findUser(store, id)
    }

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
          await auth.auth.setCustomUserClaims(firebaseUser.uid, claimsOf(user))
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

    router.get(
      '/admin/users',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle((req) => {
        const q = parse(adminUserListQuerySchema, req.query)
        if (q.companyId && !store.byId('companies', q.companyId))
          throw notFound(userMessages.companyUnknown)
        const source = q.companyId ? coreOf(store).usersOf.get(q.companyId) : store.data.users
        const key = q.query ? searchKey(q.query) : ''
        const list = source
          .filter((user) => !key || searchKey(user.name).includes(key) || user.email.includes(key))
          .sort(byName)
        return paginate(list, q)
      }),
    )

    router.post(
      '/admin/users',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req, res) => {
        const input = parse(adminUserCreateSchema, req.body)
        if (input.companyId && !store.byId('companies', input.companyId))
          throw badRequest(userMessages.companyUnknown, [
            { path: ['companyId'], message: userMessages.companyUnknown },
          ])
        if (coreOf(store).usersByEmail.count(input.email) > 0)
          throw conflict(userMessages.emailTaken)
        const phone = input.phone
          ? isValidMobilePhone(input.phone)
            ? formatMobile(input.phone)
            : input.phone
          : null
        const roles = [...new Set(input.roles)]
        const companies = input.companyId ? [input.companyId] : []
        // The person sets a password through the link; this one is never shown.
        const profile = {
          email: input.email,
          displayName: input.name,
          password: randomBytes(18).toString('base64url'),
        }
        const firebaseUser = await (
          phone && isValidMobilePhone(phone)
            ? auth.auth.createUser({ ...profile, phoneNumber: e164(phone) })
            : Promise.reject(new Error('no phone'))
        )
          .catch((error: unknown) => {
            if (firebaseCode(error) === 'auth/email-already-exists') throw error
            return auth.auth.createUser(profile)
          })
          .catch(firebaseError)
        const user: User = {
          id: firebaseUser.uid,
          email: input.email,
          name: input.name,
          phone,
          roles,
          companies,
          indicatedBy: null,
          referralCode: referralCodeOf(input.name, firebaseUser.uid),
          disabled: false,
          createdAt: new Date().toISOString(),
        }
        try {
          await auth.auth.setCustomUserClaims(user.id, claimsOf(user))
          store.data.users.push(user)
          await store.commit()
        } catch (error) {
          store.data.users = store.data.users.filter((u) => u.id !== user.id)
          await auth.auth.deleteUser(user.id).catch(() => undefined)
          throw error
        }
        const passwordSetupLink = await auth.auth
          .generatePasswordResetLink(user.email)
          .catch(() => null)
        res.status(201)
        return { data: { ...user, passwordSetupLink } }
      }),
    )

    router.get(
      '/admin/users/:id',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle((req) => ({ data: findUser(store, req.params.id ?? '') })),
    )

    router.patch(
      '/users/:id',
      auth.authenticate,
      handle(async (req) => {
        const caller = callerOf(req)
        const user = targetOf(req)
        const input = parse(userUpdateSchema, req.body)
        const adminOnly =
          input.roles !== undefined || input.companies !== undefined || input.disabled !== undefined
        if (adminOnly && !isSystemAdmin(caller.claims))
          throw forbidden(userMessages.adminFieldsOnly)
        const unknown = (input.companies ?? []).findIndex((id) => !store.byId('companies', id))
        if (unknown >= 0)
          throw badRequest(userMessages.companyUnknown, [
            { path: ['companies', unknown], message: userMessages.companyUnknown },
          ])
        const losesAdmin =
          user.roles.includes('system-admin') &&
          ((input.roles !== undefined && !input.roles.includes('system-admin')) ||
            input.disabled === true)
        if (losesAdmin && systemAdmins(store).length <= 1) throw conflict(userMessages.lastAdmin)

        const before = {
          name: user.name,
          phone: user.phone,
          roles: [...user.roles],
          companies: [...user.companies],
          disabled: user.disabled,
        }
        const after = {
          name: input.name ?? before.name,
          phone: input.phone === undefined ? before.phone : input.phone,
          roles: input.roles ? [...new Set(input.roles)] : before.roles,
          companies: input.companies ? [...new Set(input.companies)] : before.companies,
          disabled: input.disabled ?? before.disabled,
        }
        const phoneChanged = after.phone !== before.phone
        const apply = async (values: typeof before) => {
          const phoneNumber =
            values.phone && isValidMobilePhone(values.phone) ? e164(values.phone) : null
          await auth.auth
            .updateUser(user.id, {
              displayName: values.name,
              disabled: values.disabled,
              ...(phoneChanged ? { phoneNumber } : {}),
            })
            .catch((error: unknown) => {
              if (firebaseCode(error) !== 'auth/user-not-found') firebaseError(error)
            })
          await syncClaims(auth, { id: user.id, roles: values.roles, companies: values.companies })
        }
        await withFirebase(store, {
          firebase: () => apply(after),
          local: () => Object.assign(user, after),
          undo: async () => {
            Object.assign(user, before)
            await apply(before)
          },
        })
        return { data: user }
      }),
    )

    router.delete(
      '/users/:id',
      auth.authenticate,
      handle(async (req, res) => {
        const user = targetOf(req)
        if (user.roles.includes('system-admin') && systemAdmins(store).length <= 1)
          throw conflict(userMessages.lastAdmin)
        // The account goes first: whatever happens next, the person can no longer sign in.
        await auth.auth.deleteUser(user.id).catch((error: unknown) => {
          if (firebaseCode(error) !== 'auth/user-not-found') throw error
        })
        store.data.users = store.data.users.filter((u) => u.id !== user.id)
        store.data.ducaPartners = store.data.ducaPartners.filter((p) => p.userId !== user.id)
        await store.commit()
        res.status(204).end()
      }),
    )

    return router
  },
}
