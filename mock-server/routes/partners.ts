import { randomUUID } from 'node:crypto'
import { Router } from 'express'
import {
  DUCA_COMMISSION_RATE,
  ducaListQuerySchema,
  ducaMessages,
  ducaRegistrationSchema,
  ducaReviewSchema,
  ducaStatusSchema,
  type DucaPartner,
  type DucaReferredCompany,
} from '../../src/schemas/engagement'
import { pageQuerySchema } from '../../src/schemas/common'
import { callerOf } from '../auth'
import { coreOf, paymentsOfCompany } from '../core/state'
import type { RouteModule } from '../deps'
import { badRequest, conflict, handle, notFound, paginate, parse } from '../http'
import type { Store } from '../store/database'

const round = (value: number) => Math.round(value * 100) / 100

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
 * The Duca partner program (accountants and advisors who refer companies for a commission): a
 * partner's registration and referred companies, and the accountant's review of registrations.
 */
export const partnersRoutes: RouteModule = {
  create: ({ store, auth }) => {
    const router = Router()

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
