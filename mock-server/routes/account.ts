import { createHash, randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import multer from 'multer'
import escapeHtml from 'escape-html'
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils'
import { Router, type Request } from 'express'
import { z } from 'zod'
import { isSystemAdmin } from '../../src/schemas/claims'
import {
  checkoutPaySchema,
  paymentListQuerySchema,
  planChangeSchema,
  paymentMethodLabels,
  plansFor,
  subscriptionListQuerySchema,
  type Payment,
} from '../../src/schemas/billing'
import { companyQuerySchema, companySizeSchema } from '../../src/schemas/company'
import {
  INVITE_VALID_DAYS,
  REFERRAL_REWARD,
  inviteCreateSchema,
  inviteListQuerySchema,
  inviteMessages,
  inviteStatusAt,
  maskEmail,
  referralListQuerySchema,
  type Invite,
  type Referral,
} from '../../src/schemas/engagement'
import { userMessages, userUpdateSchema, type User } from '../../src/schemas/user'
import {
  isPhotoType,
  MAX_PHOTO_BYTES,
  photoTypes,
  profileMessages,
  type PhotoType,
} from '../../src/schemas/profile'
import { assertCompanyAccess, callerOf } from '../auth'
import {
  assertSelfOrAdmin,
  e164,
  firebaseCode,
  firebaseError,
  findUser,
  syncClaims,
  systemAdmins,
  withFirebase,
} from '../core/accounts'
import {
  chargeFor,
  confirmPayment,
  findPayment,
  findSubscription,
  schedulePlanChange,
  sweepOverdue,
} from '../core/billing'
import { checkoutPage, htmlPage, money, page, returnPath } from '../core/checkout-page'
import {
  coreOf,
  findCompany,
  invitesOfCompany,
  paymentsOfCompany,
  subscriptionsOfCompany,
} from '../core/state'
import type { RouteModule } from '../deps'
import { seedBilling } from '../seed/billing'
import { seedCore } from '../seed/core'
import {
  badRequest,
  conflict,
  forbidden,
  handle,
  HttpError,
  notFound,
  paginate,
  parse,
} from '../http'
import type { Store } from '../store/database'
import { assertEmailVerified } from '../verified-email'

const HOUR = 60 * 60 * 1000
const round = (value: number) => Math.round(value * 100) / 100

/** An invite as answered: its status as of now (a pending one past its date is expired). */
const inviteView = (invite: Invite, now = new Date()): Invite => ({
  ...invite,
  status: inviteStatusAt(invite, now),
})

function findInvite(store: Store, id: string): Invite {
  const invite = store.byId('invites', id)
  if (!invite) throw notFound(inviteMessages.notFound)
  return invite
}

/** The people who signed up with a user's code, with the reward each one earned. */
function referralsOf(store: Store, user: User): Referral[] {
  const { referredBy, rewardsFor } = coreOf(store)
  return referredBy.get(user.referralCode).map((person) => {
    const reward = rewardsFor.get(person.id).find((r) => r.referrerId === user.id)
    const company = person.companies[0] ? store.byId('companies', person.companies[0]) : undefined
    const [first = '', ...rest] = person.name.split(' ')
    return {
      userId: person.id,
      name: rest.length ? `${first} ${rest.at(-1)![0]}.` : first,
      email: maskEmail(person.email),
      signedUpAt: person.createdAt,
      companyStatus: company?.status ?? null,
      reward: reward
        ? {
            status: reward.status,
            amount: reward.amount,
            earnedAt: reward.earnedAt,
            redeemedAt: reward.redeemedAt,
          }
        : { status: 'pending', amount: REFERRAL_REWARD, earnedAt: null, redeemedAt: null },
    }
  })
}

const planQuerySchema = z.strictObject({ size: companySizeSchema.optional() })

// ---- profile photos ----

/** Room for the multipart envelope around the photo (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024
const photoUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0 },
}).single('photo')

/** The image type the bytes are (not what the browser said), or null. */
function photoTypeOf(bytes: Buffer): PhotoType | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp'
  return null
}

/** A stored photo's name: its content hash, so a new photo is a new address (no stale cache). */
const PHOTO_FILE = /^[a-f0-9]{16}\.(jpg|png|webp)$/
/** Where photos are kept, inside the files folder (fixtures/files seeds it like a company's). */
const PHOTO_FOLDER = '_profile-photos'

/**
 * The signed-in user's own account: the profile (PATCH/DELETE /users/{id}), plans, subscriptions
 * and payments with the stand-in checkout page (PRODUCT.md), invites (a company-admin brings
 * someone into one of their companies) and referrals (the caller's code and the people who used
 * it).
 */
export const accountRoutes: RouteModule = {
  create: ({ store, auth, config }) => {
    const router = Router()
    const targetOf = (req: Request) => {
      const id = req.params.id ?? ''
      assertSelfOrAdmin(callerOf(req), id)
      return findUser(store, id)
    }
    const companyOf = (req: Request) =>
      findCompany(
        store,
        assertCompanyAccess(callerOf(req), parse(companyQuerySchema, req.query).companyId),
      )

    // ---- profile ----

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
        // An admin cannot take away their own admin role (nobody would be left to give it back).
        if (
          caller.uid === user.id &&
          user.roles.includes('system-admin') &&
          input.roles !== undefined &&
          !input.roles.includes('system-admin')
        )
          throw conflict(userMessages.ownAdminRole)
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

    // The person's photo: kept beside the company files, served publicly under an address that
    // changes with the photo, and set as the identity service's photoURL (the session shows it).
    const photoDir = path.join(config.filesDir, PHOTO_FOLDER)
    /** A person's photos are `<sha256(uid), 16>-<content hash>.<ext>` in one folder. */
    const photoPrefix = (uid: string) =>
      `${createHash('sha256').update(uid).digest('hex').slice(0, 16)}-`
    const removePhotos = async (uid: string, keep?: string) => {
      const prefix = photoPrefix(uid)
      const names = await fs.readdir(photoDir).catch(() => [] as string[])
      for (const name of names)
        if (name.startsWith(prefix) && name !== keep)
          await fs.rm(path.join(photoDir, name), { force: true })
    }
    const setPhotoUrl = async (uid: string, photoURL: string | null) => {
      await auth.auth.updateUser(uid, { photoURL }).catch((error: unknown) => {
        if (firebaseCode(error) !== 'auth/user-not-found') firebaseError(error)
      })
    }

    router.put(
      '/users/:id/photo',
      auth.authenticate,
      (req, res, next) => {
        // Whose photo is checked before the body is read.
        try {
          targetOf(req)
        } catch (error) {
          return next(error)
        }
        if (Number(req.headers['content-length'] ?? 0) > MAX_PHOTO_BYTES + MULTIPART_OVERHEAD)
          return next(new HttpError(413, profileMessages.photoTooLarge))
        photoUpload(req, res, (error: unknown) => {
          if (!error) return next()
          if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
            return next(new HttpError(413, profileMessages.photoTooLarge))
          next(badRequest(profileMessages.photoMissing))
        })
      },
      handle(async (req) => {
        const user = targetOf(req)
        const file = req.file
        if (!file) throw badRequest(profileMessages.photoMissing)
        const type = photoTypeOf(file.buffer)
        if (!type || !isPhotoType(file.mimetype))
          throw badRequest(profileMessages.photoType, [
            { path: ['photo'], message: profileMessages.photoType },
          ])
        const name = `${createHash('sha256').update(file.buffer).digest('hex').slice(0, 16)}.${photoTypes[type]}`
        await fs.mkdir(photoDir, { recursive: true })
        const temp = path.join(photoDir, `.upload-${randomUUID()}`)
        await fs.writeFile(temp, file.buffer, { flush: true })
        await fs.rename(temp, path.join(photoDir, photoPrefix(user.id) + name))
        await removePhotos(user.id, photoPrefix(user.id) + name)
        const photoUrl = `${config.publicUrl}/users/${encodeURIComponent(user.id)}/photo/${name}`
        await setPhotoUrl(user.id, photoUrl)
        return { data: { photoUrl } }
      }),
    )

    router.delete(
      '/users/:id/photo',
      auth.authenticate,
      handle(async (req) => {
        const user = targetOf(req)
        await removePhotos(user.id)
        await setPhotoUrl(user.id, null)
        return { data: { photoUrl: null } }
      }),
    )

    router.get(
      '/users/:id/photo/:file',
      handle(async (req, res) => {
        const file = req.params.file ?? ''
        if (!PHOTO_FILE.test(file)) throw notFound(profileMessages.photoNotFound)
        const bytes = await fs
          .readFile(path.join(photoDir, photoPrefix(req.params.id ?? '') + file))
          .catch(() => null)
        if (!bytes) throw notFound(profileMessages.photoNotFound)
        const type = photoTypeOf(bytes) ?? 'application/octet-stream'
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        res.setHeader('X-Content-Type-Options', 'nosniff')
        res.type(type).send(bytes)
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
        await auth.auth
          .deleteUser(user.id)
          .catch((error: unknown) => {
            if (firebaseCode(error) !== 'auth/user-not-found') throw error
          })
          .finally(() => auth.forget(user.id))
        await removePhotos(user.id)
        store.data.users = store.data.users.filter((u) => u.id !== user.id)
        store.data.ducaPartners = store.data.ducaPartners.filter((p) => p.userId !== user.id)
        await store.commit()
        res.status(204).end()
      }),
    )

    // ---- billing ----

    // The billing clock: overdue charges and companies, now and every hour.
    const sweep = () => {
      if (sweepOverdue(store, new Date()))
        store.commit().catch((error: unknown) => console.error('[billing sweep]', error))
    }
    sweep()
    const timer = setInterval(sweep, HOUR).unref()
    store.onClose(() => clearInterval(timer))

    router.get(
      '/plans',
      handle((req) => {
        const q = parse(planQuerySchema, req.query)
        const data = plansFor(store.data.plans, q.size ?? null)
        return { data, total: data.length }
      }),
    )

    router.get(
      '/subscriptions',
      auth.authenticate,
      handle((req) => {
        const q = parse(subscriptionListQuerySchema, req.query)
        const company = findCompany(store, assertCompanyAccess(callerOf(req), q.companyId))
        const data = subscriptionsOfCompany(store, company.id).reverse()
        return { data, total: data.length }
      }),
    )

    router.post(
      '/subscriptions/:id',
      auth.authenticate,
      handle(async (req, res) => {
        const subscription = findSubscription(store, req.params.id ?? '')
        assertCompanyAccess(callerOf(req), subscription.companyId)
        const { payment, created } = chargeFor(store, subscription, new Date())
        if (created) await store.commit()
        res.status(created ? 201 : 200)
        return {
          data: {
            paymentId: payment.id,
            url: `${config.publicUrl}/checkout/${encodeURIComponent(payment.id)}`,
            amount: payment.amount,
            dueDate: payment.dueDate,
            status: payment.status,
          },
        }
      }),
    )

    router.put(
      '/subscriptions/:id/plan',
      auth.authenticate,
      handle(async (req) => {
        const subscription = findSubscription(store, req.params.id ?? '')
        assertCompanyAccess(callerOf(req), subscription.companyId)
        const { planId } = parse(planChangeSchema, req.body)
        const data = schedulePlanChange(store, subscription, planId, new Date())
        await store.commit()
        return { data }
      }),
    )

    router.get(
      '/v1/ecommerce/payments',
      auth.authenticate,
      handle((req) => {
        const q = parse(paymentListQuerySchema, req.query)
        const company = findCompany(store, assertCompanyAccess(callerOf(req), q.companyId))
        const list = paymentsOfCompany(store, company.id)
          .filter((payment) => !q.status || payment.status === q.status)
          .sort(
            (a, b) => b.dueDate.localeCompare(a.dueDate) || b.createdAt.localeCompare(a.createdAt),
          )
        return paginate(list, q)
      }),
    )

    const planName = (payment: Payment) =>
      store.byId('plans', payment.planId)?.name ?? payment.planId

    router.get(
      '/checkout/:paymentId',
      htmlPage((req) => {
        const payment = findPayment(store, req.params.paymentId ?? '')
        return checkoutPage(
          config,
          findCompany(store, payment.companyId),
          payment,
          planName(payment),
        )
      }),
    )

    router.post(
      '/checkout/:paymentId/pay',
      htmlPage(async (req) => {
        const payment = findPayment(store, req.params.paymentId ?? '')
        const { method } = parse(checkoutPaySchema, req.body ?? {})
        confirmPayment(store, payment, method, new Date())
        await store.commit()
        const company = findCompany(store, payment.companyId)
        const back = `${config.webUrl}${returnPath(company)}`
        return page(
          'Pagamento confirmado',
          `<h1>Pagamento confirmado</h1>
<p>${escapeHtml(payment.description)}: ${money.format(payment.amount)} pagos com ${paymentMethodLabels[method]}.</p>
<p class="muted">Você será levado de volta ao Contabil em instantes. <a href="${escapeHtml(back)}">Voltar agora</a></p>`,
          { refresh: back },
        )
      }),
    )

    if (config.testHooks)
      // Test hook: one company's record, subscriptions and payments back as seeded, so an e2e
      // test that pays leaves the shared data as it found it (other specs read the same seed).
      router.post(
        '/__test/billing/:companyId/reseed',
        handle(async (req) => {
          const id = req.params.companyId ?? ''
          const company = seedCore().companies.find((c) => c.id === id)
          if (!company) throw notFound('Empresa não encontrada.')
          const billing = seedBilling()
          const index = store.data.companies.findIndex((c) => c.id === id)
          if (index < 0) store.data.companies.push(company)
          else store.data.companies[index] = company
          store.data.subscriptions = [
            ...store.data.subscriptions.filter((s) => s.companyId !== id),
            ...billing.subscriptions.filter((s) => s.companyId === id),
          ]
          store.data.payments = [
            ...store.data.payments.filter((p) => p.companyId !== id),
            ...billing.payments.filter((p) => p.companyId === id),
          ]
          await store.commit()
          return { ok: true }
        }),
      )

    // ---- invites ----

    router.get(
      '/invites',
      auth.authenticate,
      handle((req) => {
        const q = parse(inviteListQuerySchema, req.query)
        const company = findCompany(store, assertCompanyAccess(callerOf(req), q.companyId))
        const now = new Date()
        const list = invitesOfCompany(store, company.id)
          .map((invite) => inviteView(invite, now))
          .filter((invite) => !q.status || invite.status === q.status)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        return paginate(list, q)
      }),
    )

    router.post(
      '/invites',
      auth.authenticate,
      handle(async (req, res) => {
        const caller = callerOf(req)
        const company = companyOf(req)
        const { email } = parse(inviteCreateSchema, req.body)
        if (caller.email?.toLowerCase() === email) throw conflict(inviteMessages.selfInvite)
        const member = coreOf(store).usersByEmail.first(email)
        if (member?.companies.includes(company.id)) throw conflict(inviteMessages.alreadyMember)
        const now = new Date()
        if (
          invitesOfCompany(store, company.id).some(
            (invite) => invite.email === email && inviteStatusAt(invite, now) === 'pending',
          )
        )
          throw conflict(inviteMessages.alreadyInvited)
        const inviter = store.byId('users', caller.uid)
        const invite: Invite = {
          id: `inv-${randomUUID()}`,
          companyId: company.id,
          companyName: company.name,
          email,
          role: 'company-admin',
          status: 'pending',
          invitedBy: caller.uid,
          invitedByName: inviter?.name ?? caller.email ?? 'Contabil',
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * 86_400_000).toISOString(),
          acceptedAt: null,
          acceptedBy: null,
          revokedAt: null,
        }
        store.data.invites.push(invite)
        await store.commit()
        res.status(201)
        return { data: invite }
      }),
    )

    router.delete(
      '/invites/:id',
      auth.authenticate,
      handle(async (req) => {
        const company = companyOf(req)
        const invite = findInvite(store, req.params.id ?? '')
        if (invite.companyId !== company.id) throw notFound(inviteMessages.notFound)
        if (inviteStatusAt(invite) !== 'pending') throw conflict(inviteMessages.notPending)
        invite.status = 'revoked'
        invite.revokedAt = new Date().toISOString()
        await store.commit()
        return { data: invite }
      }),
    )

    router.get(
      '/invites/received',
      auth.authenticate,
      handle((req) => {
        const email = callerOf(req).email?.toLowerCase()
        const now = new Date()
        const data = email
          ? coreOf(store)
              .invitesTo.get(email)
              .map((invite) => inviteView(invite, now))
              .filter((invite) => invite.status === 'pending')
          : []
        return { data, total: data.length }
      }),
    )

    router.post(
      '/invites/:id/accept',
      auth.authenticate,
      handle(async (req) => {
        const caller = callerOf(req)
        const invite = findInvite(store, req.params.id ?? '')
        if (caller.email?.toLowerCase() !== invite.email)
          throw forbidden(inviteMessages.wrongRecipient)
        await assertEmailVerified(auth, caller.uid, inviteMessages.emailNotVerified)
        const status = inviteStatusAt(invite)
        if (status === 'expired') throw conflict(inviteMessages.expired)
        if (status !== 'pending') throw conflict(inviteMessages.notPending)
        const user = findUser(store, caller.uid)
        findCompany(store, invite.companyId)
        const before = [...user.companies]
        const after = before.includes(invite.companyId) ? before : [...before, invite.companyId]
        const at = new Date().toISOString()
        await withFirebase(store, {
          firebase: () => syncClaims(auth, { ...user, companies: after }),
          local: () => {
            user.companies = after
            invite.status = 'accepted'
            invite.acceptedAt = at
            invite.acceptedBy = user.id
          },
          undo: async () => {
            user.companies = before
            invite.status = 'pending'
            invite.acceptedAt = null
            invite.acceptedBy = null
            await syncClaims(auth, { ...user, companies: before })
          },
        })
        return { data: invite }
      }),
    )

    // ---- referrals ----

    router.get(
      '/referrals/me',
      auth.authenticate,
      handle((req) => {
        const user = findUser(store, callerOf(req).uid)
        const referrals = referralsOf(store, user)
        const sum = (status: string) =>
          round(
            referrals
              .filter((r) => r.reward.status === status)
              .reduce((s, r) => s + r.reward.amount, 0),
          )
        return {
          data: {
            code: user.referralCode,
            link: `${config.webUrl}/abrir-empresa?indicacao=${encodeURIComponent(user.referralCode)}`,
            rewardPerReferral: REFERRAL_REWARD,
            totals: {
              referred: referrals.length,
              pending: referrals.filter((r) => r.reward.status === 'pending').length,
              available: sum('available'),
              redeemed: sum('redeemed'),
            },
          },
        }
      }),
    )

    router.get(
      '/referrals',
      auth.authenticate,
      handle((req) => {
        const q = parse(referralListQuerySchema, req.query)
        const user = store.byId('users', callerOf(req).uid)
        const list = (user ? referralsOf(store, user) : [])
          .filter((referral) => !q.status || referral.reward.status === q.status)
          .sort((a, b) => b.signedUpAt.localeCompare(a.signedUpAt))
        return paginate(list, q)
      }),
    )

    return router
  },
}
