// The document statechart, shared by the screens (which buttons a document offers) and the mock
// server (`PUT /documents/{id}/status/{status}` runs it). Pure.
//
//   a guia (a tax to pay, sent by the accountant): pending → paid, by the company or the
//   accountant;
//   any other document (sent by the client): pending → approved | rejected (with a reason), by
//   the accountant; rejected → pending, by the accountant, for a new review.
// Anything else is refused (409); a move the accountant alone makes is refused to the company
// (403).
import { and, not, setup, transition, type SnapshotFrom } from 'xstate'
import type { DocumentStatus, DocumentType } from '../schemas/document-kinds'

/** Who asks for the move: the company (its people) or the accountant (a system admin). */
export type DocumentActor = 'company' | 'accountant'

export type DocumentEvent =
  | { type: 'guide.pay'; by: DocumentActor }
  | { type: 'document.approve'; by: DocumentActor }
  | { type: 'document.reject'; by: DocumentActor; reason: string }
  | { type: 'document.reopen'; by: DocumentActor }

export type DocumentContext = { guide: boolean }

export const documentMachine = setup({
  types: {
    context: {} as DocumentContext,
    events: {} as DocumentEvent,
    input: {} as { type: DocumentType },
  },
  guards: {
    isGuide: ({ context }) => context.guide,
    byAccountant: ({ event }) => event.by === 'accountant',
    hasReason: ({ event }) => event.type !== 'document.reject' || event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'document',
  context: ({ input }) => ({ guide: input.type === 'guia' }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'guide.pay': { target: 'paid', guard: 'isGuide' },
        'document.approve': { target: 'approved', guard: and([not('isGuide'), 'byAccountant']) },
        'document.reject': {
          target: 'rejected',
          guard: and([not('isGuide'), 'byAccountant', 'hasReason']),
        },
      },
    },
    approved: {},
    rejected: {
      on: {
        'document.reopen': { target: 'pending', guard: and([not('isGuide'), 'byAccountant']) },
      },
    },
    paid: {},
  },
})

export type DocumentSnapshot = SnapshotFrom<typeof documentMachine>

/** The machine's snapshot for a stored document. */
export const documentSnapshotOf = (document: { type: DocumentType; status: DocumentStatus }) =>
  documentMachine.resolveState({
    value: document.status,
    context: { guide: document.type === 'guia' },
  })

/** The event that asks for a status (a reason only matters to a rejection). */
export function documentEventFor(
  to: DocumentStatus,
  by: DocumentActor,
  reason = '',
): DocumentEvent {
  switch (to) {
    case 'paid':
      return { type: 'guide.pay', by }
    case 'approved':
      return { type: 'document.approve', by }
    case 'rejected':
      return { type: 'document.reject', by, reason }
    case 'pending':
      return { type: 'document.reopen', by }
  }
}

/**
 * Whether a document may go to `to`: `moves`, or `not-allowed` (no such move from where it is),
 * or `accountant-only` (the move is the accountant's). A rejection's reason is not looked at here.
 */
export function documentMove(
  document: { type: DocumentType; status: DocumentStatus },
  to: DocumentStatus,
  by: DocumentActor,
): 'moves' | 'not-allowed' | 'accountant-only' {
  const snapshot = documentSnapshotOf(document)
  if (!snapshot.can(documentEventFor(to, 'accountant', 'motivo'))) return 'not-allowed'
  return snapshot.can(documentEventFor(to, by, 'motivo')) ? 'moves' : 'accountant-only'
}

/** The status a document has after an event (its own status when the event is refused). */
export function documentAfter(
  document: { type: DocumentType; status: DocumentStatus },
  event: DocumentEvent,
): DocumentStatus {
  const [next] = transition(documentMachine, documentSnapshotOf(document), event)
  return next.value as DocumentStatus
}

/** The statuses an actor may move a document to: the buttons the screens show. */
export const documentMovesFor = (
  document: { type: DocumentType; status: DocumentStatus },
  by: DocumentActor,
): DocumentStatus[] =>
  (['pending', 'approved', 'rejected', 'paid'] as const).filter(
    (to) => documentMove(document, to, by) === 'moves',
  )
