// The NFS-e request statechart, shared by the server (routes/nfs-requests.ts and the issuance in
// mock-server/nfse/issuance.ts run it) and the back office (its buttons are what it allows). Pure.
//
//   pending → processing (the accountant starts) → issued (a municipality's NFS-e registered by
//   hand) | rejected (a reason)
//   pending | processing → awaiting (its DPS sent to the Sefin Nacional, the number reserved)
//   awaiting → issued (the NFS-e recorded) | back where it was (the Sefin said it has none: the
//   number is free again, a history state)
//   issued → cancelled (the national cancellation event) | substituted (a new NFS-e replaced it)
//   pending → deleted by the company (no state: the record goes)
import { setup, transition, type SnapshotFrom } from 'xstate'
import type { NfsRequest } from '../schemas/invoice'
import { nfsRequestStatuses, type NfsRequestStatus } from '../schemas/invoice-status'

export type NfsRequestEvent =
  | { type: 'process' }
  | { type: 'send' }
  | { type: 'confirm' }
  | { type: 'release' }
  | { type: 'record' }
  | { type: 'reject' }
  | { type: 'cancel' }
  | { type: 'substitute' }
  | { type: 'delete' }

export const nfsRequestMachine = setup({
  types: { events: {} as NfsRequestEvent },
}).createMachine({
  id: 'nfsRequest',
  initial: 'open',
  states: {
    open: {
      initial: 'pending',
      on: { send: { target: 'awaiting' } },
      states: {
        pending: {
          on: { process: { target: 'processing' }, delete: { target: '#nfsRequest.deleted' } },
        },
        processing: {
          on: {
            record: { target: '#nfsRequest.issued' },
            reject: { target: '#nfsRequest.rejected' },
          },
        },
        previous: { type: 'history', history: 'shallow' },
      },
    },
    awaiting: {
      on: { confirm: { target: 'issued' }, release: { target: 'open.previous' } },
    },
    issued: { on: { cancel: { target: 'cancelled' }, substitute: { target: 'substituted' } } },
    rejected: { type: 'final' },
    cancelled: { type: 'final' },
    substituted: { type: 'final' },
    deleted: { type: 'final' },
  },
})

export type NfsRequestSnapshot = SnapshotFrom<typeof nfsRequestMachine>

/** The status a snapshot stands for (null once deleted). */
export function nfsStatusOf(snapshot: NfsRequestSnapshot): NfsRequestStatus | null {
  const value = snapshot.value as string | { open: 'pending' | 'processing' }
  if (typeof value === 'object') return value.open
  return value === 'deleted' ? null : (value as NfsRequestStatus)
}

/**
 * The snapshot of a stored request; an awaiting one remembers where it came from (`before`: the
 * status it was sent from, pending by default).
 */
export function nfsRequestSnapshotOf(
  status: NfsRequestStatus,
  before: NfsRequestStatus = 'pending',
): NfsRequestSnapshot {
  if (status === 'pending' || status === 'processing')
    return nfsRequestMachine.resolveState({ value: { open: status }, context: undefined })
  if (status !== 'awaiting')
    return nfsRequestMachine.resolveState({ value: status, context: undefined })
  const open = nfsRequestMachine.resolveState({
    value: { open: before === 'processing' ? 'processing' : 'pending' },
    context: undefined,
  })
  return transition(nfsRequestMachine, open, { type: 'send' })[0]
}

/** Where an event takes a request, or null when the statechart does not allow it. */
export function nfsRequestNext(
  status: NfsRequestStatus,
  event: NfsRequestEvent['type'],
  before?: NfsRequestStatus,
): NfsRequestStatus | 'deleted' | null {
  const snapshot = nfsRequestSnapshotOf(status, before)
  if (!snapshot.can({ type: event })) return null
  const [next] = transition(nfsRequestMachine, snapshot, { type: event })
  return nfsStatusOf(next) ?? 'deleted'
}

/** What the back office offers on a request: the statechart's events from its status. */
export type NfsRequestAction =
  | 'issue-national'
  | 'process'
  | 'record-manual'
  | 'reject'
  | 'cancel'
  | 'substitute'
  | 'check-receita'

/**
 * A cancellation analysis sent or waiting for the municipality
 * (mock-server/domain/invoices/nfse/cancellation-analysis.ts): while it waits the NFS-e is
 * neither cancelled nor substituted (Anexo I, E0068), on the server and in the back office.
 */
export const analysisPending = (request: Pick<NfsRequest, 'cancellationAnalysis'>) =>
  request.cancellationAnalysis?.status === 'sending' ||
  request.cancellationAnalysis?.status === 'unconfirmed' ||
  request.cancellationAnalysis?.status === 'requested'

/**
 * A cancellation sent and not yet confirmed by the Sefin
 * (mock-server/domain/invoices/nfse/cancellation.ts): until it is settled the NFS-e is neither
 * cancelled again, substituted nor sent to analysis.
 */
export const cancellationUnsettled = (request: Partial<Pick<NfsRequest, 'cancellationSending'>>) =>
  (request.cancellationSending ?? null) !== null

/**
 * Something of the request sent to the Receita and not confirmed yet: its issuance (`awaiting`),
 * its cancellation, or its cancellation analysis. The server's background check settles it
 * (mock-server/domain/invoices/recovery.ts); the screens ask again until then.
 */
export const awaitingReceita = (
  request: Pick<NfsRequest, 'status'> &
    Partial<Pick<NfsRequest, 'cancellationSending' | 'cancellationAnalysis'>>,
) =>
  request.status === 'awaiting' ||
  cancellationUnsettled(request) ||
  request.cancellationAnalysis?.status === 'sending' ||
  request.cancellationAnalysis?.status === 'unconfirmed'

export function nfsRequestActions(
  request: { status: NfsRequestStatus; accessKey: string | null } & Pick<
    NfsRequest,
    'cancellationAnalysis'
  > &
    Partial<Pick<NfsRequest, 'cancellationSending'>>,
): NfsRequestAction[] {
  const can = (event: NfsRequestEvent['type']) => nfsRequestNext(request.status, event) !== null
  // Cancelling or substituting a national NFS-e: its key, no analysis waiting, no cancellation
  // unsettled.
  const changeable =
    request.accessKey !== null && !analysisPending(request) && !cancellationUnsettled(request)
  return [
    ...(can('send') ? (['issue-national'] as const) : []),
    ...(request.status === 'awaiting' ? (['check-receita'] as const) : []),
    ...(can('process') ? (['process'] as const) : []),
    ...(can('record') ? (['record-manual'] as const) : []),
    ...(can('reject') ? (['reject'] as const) : []),
    ...(can('cancel') && changeable ? (['cancel'] as const) : []),
    ...(can('substitute') && changeable ? (['substitute'] as const) : []),
  ]
}

/**
 * The status changes the back office makes by hand (`PUT /nfs/requests/{id}/status/{status}`):
 * the NFS-e request statechart's (src/machines/nfs-request.ts) `process`, `record` and `reject`.
 * Issuing through the national system, its confirmation, cancellation and substitution are
 * their own commands.
 */
const manualEvents = { processing: 'process', issued: 'record', rejected: 'reject' } as const

export const canChangeNfsRequestStatus = (from: NfsRequestStatus, to: NfsRequestStatus) => {
  const event = manualEvents[to as keyof typeof manualEvents]
  return event !== undefined && nfsRequestNext(from, event) === to
}

/** The statuses a national issuance starts from (`POST /nfs/requests/{id}/issue`). */
export const nfsIssuableStatuses: readonly NfsRequestStatus[] = nfsRequestStatuses.filter(
  (status) => nfsRequestNext(status, 'send') !== null,
)
