import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { idSchema, listOf, recordOf, type List } from '@/schemas/common'
import {
  inviteCreateSchema,
  inviteListQuerySchema,
  inviteSchema,
  type Invite,
} from '@/schemas/engagement'
import { api } from '@/services/api'
import { companyKeys } from '@/services/companies'
import { accountKeys } from './keys'

/** GET /invites?companyId&status: the invites a company sent, newest first, 10 a page. */
export const listInvitesInputSchema = inviteListQuerySchema
export type ListInvitesInput = z.input<typeof inviteListQuerySchema>

export async function listInvites(
  input: ListInvitesInput,
  signal?: AbortSignal,
): Promise<List<Invite>> {
  const query = listInvitesInputSchema.parse(input)
  return api.get('/invites', { query, schema: listOf(inviteSchema), signal })
}

export const invitesQueryOptions = (input: ListInvitesInput) =>
  queryOptions({
    queryKey: [...accountKeys.invites(input.companyId), input] as const,
    queryFn: ({ signal }) => listInvites(input, signal),
    placeholderData: keepPreviousData,
  })

/** POST /invites?companyId: invites an e-mail to manage the company. */
export const createInviteInputSchema = inviteCreateSchema.extend({ companyId: idSchema })

export async function createInvite(input: z.input<typeof createInviteInputSchema>) {
  const { companyId, email } = createInviteInputSchema.parse(input)
  const { data } = await api.post('/invites', {
    query: { companyId },
    body: { email },
    schema: recordOf(inviteSchema),
  })
  return data
}

export const useCreateInvite = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvite,
    onSuccess: (invite) =>
      queryClient.invalidateQueries({ queryKey: accountKeys.invites(invite.companyId) }),
  })
}

/** DELETE /invites/{id}?companyId: cancels a pending invite. */
export async function cancelInvite(input: { id: string; companyId: string }) {
  const { data } = await api.delete(`/invites/${encodeURIComponent(idSchema.parse(input.id))}`, {
    query: { companyId: idSchema.parse(input.companyId) },
    schema: recordOf(inviteSchema),
  })
  return data
}

export const useCancelInvite = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cancelInvite,
    onSuccess: (invite) =>
      queryClient.invalidateQueries({ queryKey: accountKeys.invites(invite.companyId) }),
  })
}

/** GET /invites/received: pending invites to the signed-in person's e-mail. */
export async function listReceivedInvites(signal?: AbortSignal): Promise<Invite[]> {
  const { data } = await api.get('/invites/received', { schema: listOf(inviteSchema), signal })
  return data
}

export const receivedInvitesQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: accountKeys.receivedInvites(uid),
    queryFn: ({ signal }) => listReceivedInvites(signal),
  })

/** POST /invites/{id}/accept: the company joins the person's claims on the server. */
export async function acceptInvite(id: string): Promise<Invite> {
  const { data } = await api.post(`/invites/${encodeURIComponent(idSchema.parse(id))}/accept`, {
    schema: recordOf(inviteSchema),
  })
  return data
}

/**
 * Accepting changes the person's claims on the server; `refreshClaims` (the session's) makes
 * them count here without signing out, then the selector's list and the received invites are
 * read again.
 */
export const useAcceptInvite = (uid: string, refreshClaims: () => Promise<unknown>) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: async () => {
      await refreshClaims()
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.mine(uid) }),
        queryClient.invalidateQueries({ queryKey: accountKeys.receivedInvites(uid) }),
      ])
    },
  })
}
