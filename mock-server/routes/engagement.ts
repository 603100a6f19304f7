import { randomUUID } from 'node:crypto'
import { Router, type Request } from 'express'
import {
  DUCA_COMMISSION_RATE,
  INVITE_VALID_DAYS,
  REFERRAL_REWARD,
  ducaListQuerySchema,
  ducaMessages,
  ducaRegistrationSchema,
  ducaReviewSchema,
  ducaStatusSchema,
  inviteCreateSchema,
  inviteListQuerySchema,
  inviteMessages,
  inviteStatusAt,
  maskEmail,
  referralListQuerySchema,
  type DucaPartner,
  type DucaReferredCompany,
  type Invite,
  type Referral,
} from '../../src/schemas/engagement'
import { pageQuerySchema } from '../../src/schemas/common'
import { companyQuerySchema } from '../../src/schemas/company'
import type { User } from '../../src/schemas/user'
import { assertCompanyAccess, callerOf } from '../auth'
import { findUser, syncClaims, withFirebase } from '../core/accounts'
import { coreOf, findCompany, invitesOfCompany, paymentsOfCompany } from '../core/state'
import type { RouteModule } from '../deps'
import { badRequest, conflict, forbidden, handle, notFound, paginate, parse } from '../http'
import type { Store } from '../store/database'

const OWN = 'companyId=cmp-ana-design'
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

/** A Duca partner code: `DUCA-` and the initials of the name plus a digit, unique. */
function partnerCode(store: Store, name: string): string {
  const initials = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/\s+/)
    .filter((word) => word.length > 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 4)
    .padEnd(3, 'X')
  for (let n = 1; ; n++) {
    const code = `DUCA-${initials}${n}`
    if (
      coreOf(store).partnerByCode.count(code) === 0 &&
      coreOf(store).usersByCode.count(code) === 0
    )
      return code
  }
}

/** The companies whose owners signed up with a partner's code, and the partner's commission. */
function partnerCompanies(store: Store, partner: DucaPartner): DucaReferredCompany[] {
  const rows: DucaReferredCompany[] = []
  for (const owner of coreOf(store).referredBy.get(partner.code))
    for (const companyId of owner.companies) {
      const company = store.byId('companies', companyId)
      if (!company) continue
      const paid = paymentsOfCompany(store, companyId).filter((p) => p.status === 'paid')
      const paidTotal = round(paid.reduce((sum, p) => sum + p.amount, 0))
      const plan = company.currentSubscription
        ? store.byId('plans', company.currentSubscription.planId)
        : undefined
      rows.push({
        companyId,
        companyName: company.name,
        status: company.status,
        ownerName: owner.name,
        signedUpAt: owner.createdAt,
        planName: plan?.name ?? null,
        monthlyFee: company.currentSubscription?.amount ?? 0,
        paidTotal,
        commissionTotal: round(paidTotal * partner.commissionRate),
      })
    }
  return rows.sort((a, b) => b.signedUpAt.localeCompare(a.signedUpAt))
}

/**
 * Invites (a company-admin brings someone into one of their companies), referrals (the caller's
 * code and the people who used it) and the Duca partner program (accountants and advisors who
 * refer companies for a commission).
 */
export const engagementRoutes: RouteModule = {
  contract: [
    {
      method: 'GET',
      route: '/invites',
      example: `/invites?${OWN}&status=pending`,
      access: 'company',
      takesInput: true,
    },
    {
      method: 'POST',
      route: '/invites',
      example: `/invites?${OWN}`,
      access: 'company',
      takesInput: true,
      body: { email: 'rafaela.monteiro@gmail.com' },
    },
    {
      method: 'DELETE',
      route: '/invites/{id}',
      example: `/invites/inv-ana-joao?${OWN}`,
      access: 'company',
    },
    {
      method: 'GET',
      route: '/invites/received',
      example: '/invites/received',
      access: 'signed-in',
    },
    {
      method: 'POST',
      route: '/invites/{id}/accept',
      example: '/invites/inv-ana-cristina/accept',
      access: 'recipient',
      callers: { own: 'cristina.moraes.consultoria@gmail.com', other: 'bruno@contabil.dev' },
      okStatus: 200,
    },
    { method: 'GET', route: '/referrals/me', example: '/referrals/me', access: 'signed-in' },
    {
      method: 'GET',
      route: '/referrals',
      example: '/referrals?status=available',
      access: 'signed-in',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/partners/duca/me',
      example: '/partners/duca/me',
      access: 'signed-in',
    },
    {
      method: 'POST',
      route: '/partners/duca',
      example: '/partners/duca',
      access: 'signed-in',
      takesInput: true,
      body: {
        kind: 'accountant',
        name: 'Ana Paula Ribeiro',
        document: '529.982.247-25',
        crc: 'SP-123456/O-5',
        email: 'ana@contabil.dev',
        phone: '(11) 98765-4321',
        city: 'São Paulo',
        state: 'SP',
        pixKey: 'ana@contabil.dev',
        acceptTerms: true,
      },
    },
    {
      method: 'GET',
      route: '/partners/duca/companies',
      example: '/partners/duca/companies?limit=5',
      access: 'signed-in',
      takesInput: true,
    },
    {
      method: 'GET',
      route: '/admin/partners/duca',
      example: '/admin/partners/duca?status=pending_review',
      access: 'system-admin',
      takesInput: true,
    },
    {
      method: 'PUT',
      route: '/admin/partners/duca/{id}/status/{status}',
      example: '/admin/partners/duca/duca-cristina/status/approved',
      access: 'system-admin',
      takesInput: true,
    },
  ],

  create: ({ store, auth, config }) => {
    const router = Router()
    const companyOf = (req: Request) =>
      findCompany(
        store,
        assertCompanyAccess(callerOf(req), parse(companyQuerySchema, req.query).companyId),
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

    // ---- Duca partner program ----

    router.get(
      '/partners/duca/me',
      auth.authenticate,
      handle((req) => ({ data: coreOf(store).partnerOf.first(callerOf(req).uid) ?? null })),
    )

    router.post(
      '/partners/duca',
      auth.authenticate,
      handle(async (req, res) => {
        const caller = callerOf(req)
        const input = parse(ducaRegistrationSchema, req.body)
        if (coreOf(store).partnerOf.count(caller.uid) > 0)
          throw conflict(ducaMessages.alreadyPartner)
        const partner: DucaPartner = {
          id: `duca-${randomUUID().slice(0, 8)}`,
          userId: caller.uid,
          kind: input.kind,
          name: input.name,
          document: input.document,
          crc: input.kind === 'accountant' ? (input.crc ?? null) : null,
          email: input.email,
          phone: input.phone,
          city: input.city,
          state: input.state,
          pixKey: input.pixKey,
          code: partnerCode(store, input.name),
          commissionRate: DUCA_COMMISSION_RATE,
          status: 'pending_review',
          reviewNote: null,
          reviewedAt: null,
          createdAt: new Date().toISOString(),
        }
        store.data.ducaPartners.push(partner)
        await store.commit()
        res.status(201)
        return { data: partner }
      }),
    )

    router.get(
      '/partners/duca/companies',
      auth.authenticate,
      handle((req) => {
        const q = parse(pageQuerySchema(10).strict(), req.query)
        const partner = coreOf(store).partnerOf.first(callerOf(req).uid)
        return paginate(partner ? partnerCompanies(store, partner) : [], q)
      }),
    )

    router.get(
      '/admin/partners/duca',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle((req) => {
        const q = parse(ducaListQuerySchema, req.query)
        const list = store.data.ducaPartners
          .filter((partner) => !q.status || partner.status === q.status)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        return paginate(list, q)
      }),
    )

    router.put(
      '/admin/partners/duca/:id/status/:status',
      auth.authenticate,
      auth.requireSystemAdmin,
      handle(async (req) => {
        const partner = store.byId('ducaPartners', req.params.id ?? '')
        if (!partner) throw notFound(ducaMessages.notFound)
        const status = parse(ducaStatusSchema, req.params.status)
        const { note } = parse(ducaReviewSchema, req.body ?? {})
        if (status === partner.status) throw conflict(ducaMessages.sameStatus)
        if (status === 'rejected' && !note)
          throw badRequest(ducaMessages.noteRequired, [
            { path: ['note'], message: ducaMessages.noteRequired },
          ])
        partner.status = status
        partner.reviewNote = note ?? null
        partner.reviewedAt = status === 'pending_review' ? null : new Date().toISOString()
        await store.commit()
        return { data: partner }
      }),
    )

    return router
  },
}
