import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  DUCA_COMMISSION_RATE,
  ducaListQuerySchema,
  ducaMessages,
  ducaPartnerSchema,
  ducaReferredCompanySchema,
  ducaRegistrationSchema,
  ducaReviewSchema,
  ducaStatusSchema,
  type DucaPartner,
  type DucaReferredCompany,
  type DucaStatus,
} from '../../src/schemas/engagement'
import { idSchema, listOf, pageQuerySchema, recordOf } from '../../src/schemas/common'
import { endpoint, type Call } from '../api'
import { paymentsOfCompany } from '../domain/billing/subscriptions'
import { badRequest, conflict, notFound, paginate, parse } from '../http'
import type { Store } from '../store/database'
import { roundMoney } from '../../src/kernel/money'

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
    if (!store.ducaPartners.exists({ code }) && !store.users.exists({ referralCode: code }))
      return code
  }
}

/** The companies whose owners signed up with a partner's code, and the partner's commission. */
function partnerCompanies(store: Store, partner: DucaPartner): DucaReferredCompany[] {
  const rows: DucaReferredCompany[] = []
  for (const owner of store.users.find({ where: { indicatedBy: partner.code } }))
    for (const companyId of owner.companies) {
      const company = store.companies.get(companyId)
      if (!company) continue
      const paid = paymentsOfCompany(store, companyId).filter((p) => p.status === 'paid')
      const paidTotal = roundMoney(paid.reduce((sum, p) => sum + p.amount, 0))
      const plan = company.currentSubscription
        ? store.plans.get(company.currentSubscription.planId)
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
        commissionTotal: roundMoney(paidTotal * partner.commissionRate),
      })
    }
  return rows.sort((a, b) => b.signedUpAt.localeCompare(a.signedUpAt))
}

// ---- the partner ----

const partnerOf = (store: Store, userId: string) =>
  store.ducaPartners.first({ where: { userId } }) ?? null

function getMyPartner({ store, caller }: Call) {
  return { data: partnerOf(store, caller.uid) }
}

/** Applies to the partner programme: a pending registration with its own code. */
function applyAsPartner({
  store,
  caller,
  body: input,
}: Call<{ body: z.output<typeof ducaRegistrationSchema> }>) {
  if (partnerOf(store, caller.uid)) throw conflict(ducaMessages.alreadyPartner)
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
  store.write(() => store.ducaPartners.insert(partner))
  return { data: partner }
}

const partnerCompaniesQuerySchema = pageQuerySchema(10).strict()

function listPartnerCompanies({
  store,
  caller,
  query: q,
}: Call<{ query: z.output<typeof partnerCompaniesQuerySchema> }>) {
  const partner = partnerOf(store, caller.uid)
  return paginate(partner ? partnerCompanies(store, partner) : [], q)
}

// ---- the accountant's review ----

function listPartners({ store, query: q }: Call<{ query: z.output<typeof ducaListQuerySchema> }>) {
  const list = store.ducaPartners
    .all()
    .filter((partner) => !q.status || partner.status === q.status)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return paginate(list, q)
}

/** Approves or rejects (with a note) a registration, or puts it back under review. */
function reviewPartner({
  store,
  params,
  req,
}: Call<{ params: { id: string; status: DucaStatus } }>) {
  const partner = store.ducaPartners.get(params.id)
  if (!partner) throw notFound(ducaMessages.notFound)
  const { status } = params
  const { note } = parse(ducaReviewSchema, req.body ?? {})
  if (status === partner.status) throw conflict(ducaMessages.sameStatus)
  if (status === 'rejected' && !note)
    throw badRequest(ducaMessages.noteRequired, [
      { path: ['note'], message: ducaMessages.noteRequired },
    ])
  partner.status = status
  partner.reviewNote = note ?? null
  partner.reviewedAt = status === 'pending_review' ? null : new Date().toISOString()
  store.write(() => store.ducaPartners.update(partner))
  return { data: partner }
}

// The Duca partner program (accountants and advisors who refer companies for a commission): a
// partner's registration and referred companies, and the accountant's review of registrations.
export const partnerEndpoints = [
  endpoint({
    method: 'GET',
    path: '/partners/duca/me',
    summary: "The caller's Duca partner application (null: none).",
    access: 'signed-in',
    answers: { 200: recordOf(ducaPartnerSchema.nullable()) },
    handler: getMyPartner,
  }),
  endpoint({
    method: 'POST',
    path: '/partners/duca',
    summary: 'Applies to the Duca partner programme.',
    access: 'signed-in',
    body: ducaRegistrationSchema,
    answers: { 201: recordOf(ducaPartnerSchema) },
    errors: [409],
    messages: { 409: ducaMessages.alreadyPartner },
    handler: applyAsPartner,
  }),
  endpoint({
    method: 'GET',
    path: '/partners/duca/companies',
    summary: 'Companies the partner brought, with the commission.',
    access: 'signed-in',
    query: partnerCompaniesQuerySchema,
    answers: { 200: listOf(ducaReferredCompanySchema) },
    handler: listPartnerCompanies,
  }),
  endpoint({
    method: 'GET',
    path: '/admin/partners/duca',
    summary: 'Partner applications, newest first.',
    access: 'system-admin',
    query: ducaListQuerySchema,
    answers: { 200: listOf(ducaPartnerSchema) },
    handler: listPartners,
  }),
  endpoint({
    method: 'PUT',
    path: '/admin/partners/duca/{id}/status/{status}',
    summary: 'Approves or rejects an application (rejecting needs a note).',
    access: 'system-admin',
    params: z.object({ id: idSchema, status: ducaStatusSchema }),
    body: ducaReviewSchema,
    bodyParsedBy: 'handler',
    answers: { 200: recordOf(ducaPartnerSchema) },
    errors: [404, 409],
    messages: { 409: ducaMessages.sameStatus },
    handler: reviewPartner,
  }),
]
