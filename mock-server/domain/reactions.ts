import { setTimeout as sleep } from 'node:timers/promises'
import type { Store } from '../store/database'
import {
  reconcileAfterGuideChange,
  reconcileAfterImport,
  reconcileAfterInvoiceChange,
  reconcileCompany,
  reconcileLines,
  type RunOptions,
  type RunSummary,
} from './bank/reconciliation/reconciler'
import type { DomainEvent, Raise } from './events'
import { guidePaymentUndone, paidGuideSettles } from './simples/guides'

// The product's reactions, each declared once: what follows a command, whoever ran it. They run
// after the command's transaction has committed, each reading the state as it is then:
// - after an import, a person's change of a line, an issuance or a cancellation, a guide added:
//   reconcile the lines they touch (the bank context's worker runs, mock-server/domain/bank/
//   reconciliation/reconciler.ts);
// - a paid guide pays what it stands for: the expired guides it recalculated, and the closed
//   month whose DAS it is — whoever paid it (a person, the bank match, a later guide);
// - an undone match unpays them again.
// A command raises events (mock-server/domain/events.ts) inside its write; `commit` publishes
// them. No route calls a reconciliation or a payment rule.

type Reaction<E extends DomainEvent> = (
  store: Store,
  event: E,
  options: RunOptions,
) => Promise<RunSummary> | void

const subscriptions: { [K in DomainEvent['type']]: Reaction<Extract<DomainEvent, { type: K }>> } = {
  'statement-imported': (store, event, options) =>
    reconcileAfterImport(store, event.companyId, event.transactionIds, [], options),
  'lines-changed': (store, event, options) =>
    reconcileLines(store, event.companyId, event.transactionIds, event.amounts ?? [], options),
  'account-removed': (store, event, options) =>
    reconcileCompany(store, event.companyId, undefined, options),
  'invoices-changed': (store, event) =>
    reconcileAfterInvoiceChange(store, event.companyId, event.invoiceIds),
  'guides-changed': (store, event, options) =>
    reconcileAfterGuideChange(store, event.companyId, event.documentIds, options),
  'guide-paid': (store, event) => {
    store.write(() => paidGuideSettles(store, event.documentId))
  },
  'guide-unpaid': (store, event) => {
    store.write(() => guidePaymentUndone(store, event.documentId, event.paidAt))
  },
}

/** How a command's reactions run. */
export type ReactOptions = {
  /**
   * Nobody waits for the reconciliation they start (a bulk close, a recategorization, an
   * account removed): it goes behind the runs a request waits for.
   */
  background?: boolean
}

/**
 * Runs the reactions to what a committed write raised: the payment rules at once (each in its
 * own transaction), the reconciliation runs queued. Resolves with the last run's summary (a
 * company's queued runs are one run), or undefined when none was asked for.
 */
export function publish(
  store: Store,
  events: readonly DomainEvent[],
  { background = false }: ReactOptions = {},
): Promise<RunSummary | undefined> {
  const runs: Promise<RunSummary>[] = []
  const options: RunOptions = { awaited: !background }
  for (const event of events) {
    const run = (subscriptions[event.type] as Reaction<DomainEvent>)(store, event, options)
    if (run) runs.push(run)
  }
  if (runs.length <= 1) return runs[0] ?? Promise.resolve(undefined)
  return Promise.all(runs).then((summaries) => summaries.at(-1))
}

/**
 * A command's transaction: `change` runs in one store.write and raises what it did; once the
 * write has committed, its reactions run. Answers the change's result and the reactions' end.
 */
export function commit<T>(
  store: Store,
  change: (raise: Raise) => T,
  options?: ReactOptions,
): { result: T; reactions: Promise<RunSummary | undefined> } {
  const events: DomainEvent[] = []
  const result = store.write(() => change((event) => events.push(event)))
  return { result, reactions: publish(store, events, options) }
}

/** How long a request waits for its reactions (a run goes on by itself after that). */
export const REACTION_WAIT_MS = 10_000

/**
 * Waits for a command's reactions at most `ms`: the answer says what is written by then (a run
 * goes on by itself after that).
 */
export const reacted = (
  reactions: Promise<RunSummary | undefined>,
  ms = REACTION_WAIT_MS,
): Promise<RunSummary | undefined> =>
  Promise.race([reactions, sleep(ms, undefined, { ref: false })])

/**
 * Publishes what a command raised once its writes have committed outside `commit` (an import's
 * batches, an issuance around the Sefin's call), and waits for the reactions as `reacted` does.
 */
export const publishAndWait = (store: Store, events: readonly DomainEvent[]) =>
  reacted(publish(store, events))
