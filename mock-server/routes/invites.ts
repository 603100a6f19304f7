import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { idSchema, listOf, recordOf } from '../../src/schemas/common'
import { companyQuerySchema } from '../../src/schemas/company'
import {
  INVITE_VALID_DAYS,
  inviteCreateSchema,
  inviteListQuerySchema,
  inviteMessages,
  inviteSchema,
  inviteStatusAt,
  type Invite,
} from '../../src/schemas/engagement'
import { endpoint, type Call } from '../api'
import { ownedBy } from '../access'
import { changeIdentity } from '../domain/companies/people'
import { findCompany } from '../domain/companies/company-records'
import { conflict, forbidden, notFound, paginate } from '../http'
import type { Store } from '../store/database'
import { assertEmailVerified } from '../verified-email'

// Invites (PRODUCT.md "Invites"): a company-admin brings someone into one of their companies by
// e-mail; the invited person sees it on every signed-in page and accepts it.

/** An invite as answered: its status as of now (a pending one past its date is expired). */
const inviteView = (invite: Invite, now = new Date()): Invite => ({
  ...invite,
  status: inviteStatusAt(invite, now),
})

function findInvite(store: Store, id: string): Invite {
  const invite = store.invites.get(id)
  if (!invite) throw notFound(inviteMessages.notFound)
  return invite
}

/** The company's invites, newest first, each with its status as of now. */
function listInvites({
  store,
  companyId,
  query: q,
}: Call<{ query: z.output<typeof inviteListQuerySchema> }>) {
  const now = new Date()
  const list = store.invites
    .find({ where: { companyId } })
    .map((invite) => inviteView(invite, now))
    .filter((invite) => !q.status || invite.status === q.status)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return paginate(list, q)
}

function createInvite({ store, caller, company, body }: Call<{ body: { email: string } }>) {
  const { email } = body
  if (caller.email?.toLowerCase() === email) throw conflict(inviteMessages.selfInvite)
  const member = store.users.first({ where: { email: email.toLowerCase() } })
  if (member?.companies.includes(company.id)) throw conflict(inviteMessages.alreadyMember)
  const now = new Date()
  const pending = store.invites
    .find({ where: { companyId: company.id } })
    .some((invite) => invite.email === email && inviteStatusAt(invite, now) === 'pending')
  if (pending) throw conflict(inviteMessages.alreadyInvited)
  const inviter = store.users.get(caller.uid)
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
  store.write(() => store.invites.insert(invite))
  return { data: invite }
}

/** Cancels a pending invite of the company. */
function revokeInvite({ store, companyId, params }: Call<{ params: { id: string } }>) {
  const invite = ownedBy(findInvite(store, params.id), companyId, inviteMessages.notFound)
  if (inviteStatusAt(invite) !== 'pending') throw conflict(inviteMessages.notPending)
  invite.status = 'revoked'
  invite.revokedAt = new Date().toISOString()
  store.write(() => store.invites.update(invite))
  return { data: invite }
}

/** The pending invites to the caller's e-mail. */
function listReceivedInvites({ store, caller }: Call) {
  const email = caller.email?.toLowerCase()
  const now = new Date()
  const data = email
    ? store.invites
        .find({ where: { email } })
        .map((invite) => inviteView(invite, now))
        .filter((invite) => invite.status === 'pending')
    : []
  return { data, total: data.length }
}

/** The invited person joins the company: their claims gain it, the invite is accepted. */
async function acceptInvite(call: Call<{ params: { id: string } }>) {
  const { store, auth, caller, params } = call
  const invite = store.invites.get(params.id)
  // An id no invite has is answered like another person's invite: the answer never tells which
  // invites exist to someone they were not sent to.
  if (!invite || caller.email?.toLowerCase() !== invite.email)
    throw forbidden(inviteMessages.wrongRecipient)
  await assertEmailVerified(auth, caller.uid, inviteMessages.emailNotVerified)
  const status = inviteStatusAt(invite)
  if (status === 'expired') throw conflict(inviteMessages.expired)
  if (status !== 'pending') throw conflict(inviteMessages.notPending)
  findCompany(store, invite.companyId)
  const at = new Date().toISOString()
  // The person's companies as they are in their turn (changeIdentity), the invite's one added.
  const { result: accepted } = await changeIdentity(call, caller.uid, (member) => ({
    changes: {
      companies: member.companies.includes(invite.companyId)
        ? member.companies
        : [...member.companies, invite.companyId],
    },
    local: () => {
      const current = findInvite(store, invite.id)
      if (inviteStatusAt(current) !== 'pending') throw conflict(inviteMessages.notPending)
      current.status = 'accepted'
      current.acceptedAt = at
      current.acceptedBy = member.id
      return store.invites.update(current)
    },
  }))
  return { data: accepted }
}

const inviteParams = z.object({ id: idSchema })

export const inviteEndpoints = [
  endpoint({
    method: 'GET',
    path: '/invites',
    summary: 'Invites sent for a company, newest first.',
    access: 'company',
    query: inviteListQuerySchema,
    answers: { 200: listOf(inviteSchema) },
    errors: [404],
    handler: listInvites,
  }),
  endpoint({
    method: 'POST',
    path: '/invites',
    summary: 'Invites a partner to the company by e-mail.',
    access: 'company',
    query: companyQuerySchema,
    body: inviteCreateSchema,
    answers: { 201: recordOf(inviteSchema) },
    errors: [404, 409],
    messages: { 409: inviteMessages.alreadyInvited },
    handler: createInvite,
  }),
  endpoint({
    method: 'GET',
    path: '/invites/received',
    summary: "Pending invites to the caller's e-mail.",
    access: 'signed-in',
    answers: { 200: listOf(inviteSchema) },
    handler: listReceivedInvites,
  }),
  endpoint({
    method: 'DELETE',
    path: '/invites/{id}',
    summary: 'Cancels a pending invite.',
    access: 'company',
    params: inviteParams,
    query: companyQuerySchema,
    answers: { 200: recordOf(inviteSchema) },
    errors: [404, 409],
    messages: { 409: inviteMessages.notPending },
    handler: revokeInvite,
  }),
  endpoint({
    method: 'POST',
    path: '/invites/{id}/accept',
    summary: 'The invited person joins the company (claims updated).',
    access: 'recipient',
    params: inviteParams,
    answers: { 200: recordOf(inviteSchema) },
    errors: [404, 409],
    messages: { 403: inviteMessages.wrongRecipient, 409: inviteMessages.expired },
    handler: acceptInvite,
  }),
]
