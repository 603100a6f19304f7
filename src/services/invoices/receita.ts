import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { awaitingReceita } from '@/machines/nfs-request'
import type { List } from '@/schemas/common'
import type { NfsRequest } from '@/schemas/invoice'
import { invalidateAfter } from '@/services/invalidation'
import { invoiceKeys } from './keys'

// A request's issuance, cancellation or cancellation analysis sent to the Receita and not
// confirmed yet is settled by the server's background check
// (mock-server/domain/invoices/recovery.ts), not by anything the screen does: the screens that
// show it ask again until then, and each copy of the request a company's screens hold follows
// the newest one.

type ReceitaFields = Pick<NfsRequest, 'status' | 'cancellationSending' | 'cancellationAnalysis'>

/** How often a screen asks again while something it shows awaits the Receita. */
const RECEITA_POLL_MS = 3_000

const pollWhileAnyAwaits = (requests: readonly ReceitaFields[]) =>
  requests.some((request) => awaitingReceita(request)) ? RECEITA_POLL_MS : false

/**
 * A request's query (the owner's panel, the back office's request) while the Receita has not
 * confirmed what was sent: asked again every few seconds until the check settles it.
 */
export const pollWhileAwaitingReceita = (query: { state: { data?: ReceitaFields } }) =>
  pollWhileAnyAwaits(query.state.data ? [query.state.data] : [])

/** A list's query (the owner's requests): asked again while any row of the page awaits. */
export const pollListWhileAwaitingReceita = (query: {
  state: { data?: { data: readonly ReceitaFields[] } }
}) => pollWhileAnyAwaits(query.state.data?.data ?? [])

/** What the screens say of a request against the Receita: its status and whether it waits. */
const receitaState = (request: ReceitaFields) => `${request.status}:${awaitingReceita(request)}`

const requestsIn = (data: unknown): NfsRequest[] =>
  data === undefined
    ? []
    : Array.isArray((data as Partial<List<NfsRequest>>).data)
      ? (data as List<NfsRequest>).data
      : [data as NfsRequest]

/**
 * Keeps the company's other copies of the requests a screen shows in step with them: when the
 * panel reads a request the list holds in another state (a cancellation sent since the list was
 * read, or settled by the check), or the list's poll reads one the panel holds so, what the
 * settled request changes is read again (src/services/invalidation.ts, `nfse-request-changed`).
 * Copies being fetched or already marked stale are left to their fetch.
 */
export function useCopiesFollow(
  companyId: string,
  shown: NfsRequest | List<NfsRequest> | undefined,
) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const states = new Map(requestsIn(shown).map((request) => [request.id, receitaState(request)]))
    if (states.size === 0) return
    const outOfStep = queryClient
      .getQueryCache()
      .findAll({ queryKey: invoiceKeys.requests(companyId) })
      .filter((query) => query.state.fetchStatus === 'idle' && !query.state.isInvalidated)
      .some((query) =>
        requestsIn(query.state.data).some((copy) => {
          const state = states.get(copy.id)
          return state !== undefined && state !== receitaState(copy)
        }),
      )
    if (outOfStep) void invalidateAfter(queryClient, 'nfse-request-changed', companyId)
  }, [queryClient, companyId, shown])
}
