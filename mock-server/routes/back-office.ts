import { randomBytes } from 'node:crypto'
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils'
import { Router } from 'express'
import { formatMobile } from '../../src/schemas/brazil'
import { companiesOf, isSystemAdmin } from '../../src/schemas/claims'
import {
  companyDisableSchema,
  companyListQuerySchema,
  companyMessages,
  companyStatusSchema,
  companyUpdateSchema,
  statusChangeBodySchema,
  statusHistoryQuerySchema,
  type Company,
  type CompanyRef,
  type StatusHistoryEntry,
} from '../../src/schemas/company'
import { openOrderStatuses, orderListQuerySchema, type Order } from '../../src/schemas/order'
import { searchKey } from '../../src/schemas/people'
import {
  adminUserCreateSchema,
  adminUserListQuerySchema,
  userMessages,
  type AdminUser,
  type User,
} from '../../src/schemas/user'
import { currentStepOf } from '../../src/machines/track'
import { callerOf } from '../auth'
import { e164, firebaseCode, firebaseError, findUser, ownerOf } from '../core/accounts'
import { changeStatus, coreOf, findCompany, trackOf } from '../core/state'
import type { AppDeps, RouteModule } from '../deps'
import type { Store } from '../store/database'
import { badRequest, conflict, handle, notFound, paginate, parse } from '../http'
import { claimsOf, referralCodeOf } from '../seed/core'
import { ResponseCache } from '../store/response-cache'

/** A company as an opening or migration order (admin screens). */
function orderOf(deps: AppDeps, company: Company): Order {
  const { store } = deps
  const track = trackOf(store, company.id)
  const owner = ownerOf(store, company)
  const plan = company.currentSubscription
    ? store.byId('plans', company.currentSubscription.planId)
    : undefined
  return {
    id: company.id,
    company: {
      id: company.id,
      name: company.name,
      alias: company.alias,
      cnpj: company.cnpj,
      status: company.status,
      trackId: company.trackId,
      createdAt: company.createdAt,
      updatedAt: company.updatedAt,
    },
    owner: owner
      ? { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone }
      : null,
    track: {
      status: track.status,
      currentStep: currentStepOf(track),
      done: track.steps.filter((step) => step.status === 'done').length,
      total: track.steps.length,
      steps: track.steps.map(({ stepId, status, updatedAt }) => ({ stepId, status, updatedAt })),
    },
    subscription: company.currentSubscription,
    planName: plan?.name ?? null,
  }
}

const matchesQuery = (company: Company, query: string | undefined) => {
  if (!query) return true
  const key = searchKey(query)
  const digits = query.replace(/[^0-9a-zA-Z]/g, '').toUpperCase()
  return (
    searchKey(company.name).includes(key) ||
    (company.alias !== null && searchKey(company.alias).includes(key)) ||
    (digits.length >= 3 && company.cnpj !== null && company.cnpj.includes(digits))
  )
}

const collator = new Intl.Collator('pt-BR')
const byCompanyName = (a: Company, b: Company) => collator.compare(a.name, b.name)
/** Last change first: status changes, edits and track switches all touch `updatedAt`. */
const byLastChange = (a: Company, b: Company) =>
  b.updatedAt.localeCompare(a.updatedAt) || byCompanyName(a, b)
const byUserName = (a: User, b: User) => collator.compare(a.name, b.name)

const companyRef = ({ id, name, alias, cnpj, status }: Company): CompanyRef => ({
  id,
  name,
  alias,
  cnpj,
  status,
})

/** A user as the back office shows them: their companies by name (unknown ids are left out). */
const adminUserOf = (store: Store, user: User): AdminUser => ({
  ...user,
  companyRefs: user.companies.flatMap((id) => {
    const company = store.byId('companies', id)
    return company ? [companyRef(company)] : []
  }),
})

/** Who made a status change, by name; null for the system (payments, the overdue sweep). */
const changedByName = (store: Store, by: string) => {
  if (by === 'system') return null
  return store.byId('users', by)?.name ?? 'Usuário removido'
}

/**
 * The accountant's back office (system admins; SPEC section 7 "Companies", "Users"): the companies
 * list (a company-admin sees only its own), opening and migration orders, company updates and
 * status changes (PRODUCT.md "Company status"), and user management.
 */
export const backOfficeRoutes: RouteModule = {
  create: (deps) => {
    const { store, auth } = deps
    const router = Router()

    // Answers depend on the companies (and, for orders, tracks, users and plans) and on who
    // asks: served from a cache until those change.
    const companyLists = new ResponseCache(store, ['companies'])
    const orderLists = new ResponseCache(store, ['companies', 'tracks', 'users', 'plans'])

    router.get(
      '/companies',
      auth.authenticate,
      handle((req, res) => {
        const caller = callerOf(req)
        const q = parse(companyListQuerySchema, req.query)
        const admin = isSystemAdmin(caller.claims)
        const ids = companiesOf(caller.claims)
        const key = JSON.stringify([admin ? '*' : ids, q])
        res.type('json').send(
          companyLists.get(key, () => {
            const source = admin
              ? store.data.companies
              : ids.map((id) => store.byId('companies', id)).filter((c) => c !== undefined)
            const list = source
              .filter(
                (c) =>
                  (!q.status || c.status === q.status) &&
                  (!q.trackId || c.trackId === q.trackId) &&
                  matchesQuery(c, q.query),
              )
              .sort(q.sort === 'updated' ? byLastChange : byCompanyName)
            return paginate(list, q)
          }),
        )
      }),
    )

    const orders = (trackId: keyof typeof openOrderStatuses) =>
      handle((req, res) => {
        const q = parse(orderListQuerySchema, req.query)
        const open: readonly string[] = openOrderStatuses[trackId]
        res.type('json').send(
          orderLists.get(JSON.stringify([trackId, q]), () => {
            const list = store.data.companies
              .filter(
                (c) =>
                  c.trackId === trackId &&
                  (q.all === 'true' || open.includes(c.status)) &&
                  (!q.status || c.status === q.status) &&
                  matchesQuery(c, q.query),
              )
              .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
            const page = paginate(list, q)
            return { data: page.data.map((company) => orderOf(deps, company)), total: page.total }
          }),
        )
      })
    router.get(
      '/companies/orders/opening-requests',
      auth.authenticate,
      auth.requireSystemAdmin,
      orders('create-company'),
    )
    router.get(
      '/companies/orders/migration-requests',
      auth.authenticate,
      auth.requireSystemAdmin,
      orders('migrate-company'),
    )
    // One order (a company on either track): its progress, owner and plan, for the order page.
    router.get(
      '/companies/orders/:id',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle((req) => ({ data: orderOf(deps, findCompany(store, req.params.id ?? '')) })),
    )

    router.put(
      '/companies/:id',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const company = findCompany(store, req.params.id ?? '')
        const update = parse(companyUpdateSchema, req.body)
        if (
          update.cnpj &&
          store.data.companies.some((c) => c.cnpj === update.cnpj && c.id !== company.id)
        )
          throw conflict(companyMessages.cnpjTaken)
        Object.assign(company, update, { updatedAt: new Date().toISOString() })
        await store.commit()
        return { data: company }
      }),
    )

    router.put(
      '/companies/:id/status/:status',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const company = findCompany(store, req.params.id ?? '')
        const to = parse(companyStatusSchema, req.params.status)
        // Disabling needs its reason (the client reads it); other changes may carry a note.
        const body =
          to === 'disabled'
            ? parse(companyDisableSchema, req.body ?? {})
            : parse(statusChangeBodySchema, req.body ?? {})
        changeStatus(store, company, to, {
          by: callerOf(req).uid,
          reason: body.reason,
          at: new Date().toISOString(),
        })
        await store.commit()
        return { data: company }
      }),
    )

    router.get(
      '/companies/:id/status-history',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle((req) => {
        const company = findCompany(store, req.params.id ?? '')
        const q = parse(statusHistoryQuerySchema, req.query)
        const newestFirst = [...company.statusHistory].reverse()
        const page = paginate(newestFirst, q)
        const data: StatusHistoryEntry[] = page.data.map((change) => ({
          ...change,
          byName: changedByName(store, change.by),
        }))
        return { data, total: page.total }
      }),
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
          .sort(byUserName)
        const page = paginate(list, q)
        return { data: page.data.map((user) => adminUserOf(store, user)), total: page.total }
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
          await auth.setClaims(user.id, claimsOf(user))
          store.data.users.push(user)
          await store.commit()
        } catch (error) {
          store.data.users = store.data.users.filter((u) => u.id !== user.id)
          await auth.auth.deleteUser(user.id).catch(() => undefined)
          throw error
        }
        // There is no e-mail here: the admin hands the person a sign-in link, which opens the
        // app's login page and signs them in (they can then set a password from the login page).
        const signInLink = await auth.auth
          .generateSignInWithEmailLink(user.email, {
            url: `${deps.config.webUrl.replace(/\/$/, '')}/app/login`,
            handleCodeInApp: true,
          })
          .catch(() => null)
        res.status(201)
        return { data: { ...adminUserOf(store, user), signInLink } }
      }),
    )

    router.get(
      '/admin/users/:id',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const user = findUser(store, req.params.id ?? '')
        // The identity service's record says when they last signed in (none: never).
        const account = await auth.auth.getUser(user.id).catch((error: unknown) => {
          if (firebaseCode(error) === 'auth/user-not-found') return null
          return firebaseError(error)
        })
        const last = account?.metadata.lastSignInTime
        return {
          data: {
            ...adminUserOf(store, user),
            lastSignInAt: last ? new Date(last).toISOString() : null,
          },
        }
      }),
    )

    return router
  },
}
