import { setImmediate as yieldTurn } from 'node:timers/promises'
import { addDays } from '../../../../src/kernel/dates'
import type { DateRange } from '../../../../src/schemas/finance-common'
import type { Store } from '../../../store/database'
import type { DomainEvent } from '../../events'
import { GUIDE_WINDOW_DAYS, INVOICE_WINDOW_DAYS } from './rules'
import type { Change, Job, JobScope } from './job'
import { writeRunBatch } from './writes'
import { workerThread } from '../../worker-thread'
import { giveWay, spend } from '../../pacing'
import type { ChangesJson, ReconcileAnswer, ReconcileRequest } from './worker'

// Automatic reconciliation runs by itself — after an OFX import, a Cora sync, an invoice issued or
// cancelled, a guide added or removed, a person's confirmation or undo — one run at a time, in a
// worker thread (worker.ts: reads a snapshot and applies the rules), bounded in time. The changes
// come back to this thread as the rules make them and are written here, in batches of their own
// transactions with a yield between them, each change checked against the store as it is then
// (writes.ts: writeRunBatch): a person's confirmation made meanwhile is never overwritten, an
// invoice matched meanwhile is never matched twice. A change that no longer holds sends its line
// to one more run.

/**
 * A run whose worker sends nothing for this long is abandoned (the worker is restarted); the next
 * trigger runs again. Counted from its last slice of changes, not from its start: a run over a
 * million lines sends a slice every few milliseconds for longer than this on a busy machine
 * (scripts/bench-scale.ts), and stopping it there only left its lines for the next run to read
 * again.
 */
const RUN_TIMEOUT_MS = 30_000
/**
 * A run whose writes have held the thread this long in all (ms) gives way after each batch
 * (mock-server/domain/pacing.ts: a pause half the batch's time, the other jobs' batches counted),
 * instead of yielding one turn: a request needs several turns (its identity, its reads, its
 * answer), each a batch long behind a run over a million lines (scripts/bench-scale.ts, other
 * requests during the full reconciliation). A run over a few lines is done before then and
 * pauses nowhere.
 */
const SHARED_AFTER_MS = 250
const THREAD_SHARE = 2 / 3

/**
 * A run that looked at this many lines has its worker replaced once it has answered: the worker's
 * heap held the company's statement (about 0.5 GB for a million lines), which V8 gives back only
 * some seconds later, while this thread writes the last changes (scripts/bench-scale.ts, the
 * server's memory).
 */
const RECYCLE_AFTER_LINES = 100_000

/** The runs kept for `GET /__test/reconciliation/runs`. */
const RUNS_KEPT = 20

export type RunSummary = {
  /** Lines the run looked at. */
  looked: number
  /** Records written, by the status they have now. */
  matched: number
  suggested: number
  unmatched: number
  removed: number
  /** Milliseconds from the start of the run to its last write. */
  ms: number
}

/** A run as the test hook lists it: whose, over what, and what it did. */
export type RunRecord = RunSummary & { companyId: string; scope: JobScope['kind']; at: string }

const emptySummary = (): RunSummary => ({
  looked: 0,
  matched: 0,
  suggested: 0,
  unmatched: 0,
  removed: 0,
  ms: 0,
})

/** How a run is asked for. */
export type RunOptions = {
  /** The run comes from changes that no longer held: it does not ask for another. */
  retry?: boolean
  /**
   * A request answers after this run (default): it goes ahead of the runs nobody waits for (a
   * bulk month close's, a recategorization's), so a person's confirmation is not queued behind
   * a hundred companies.
   */
  awaited?: boolean
}

type Queued = {
  scope: JobScope
  waiters: ((summary: RunSummary) => void)[]
  /** A run that comes from changes that no longer held: it does not ask for another. */
  retry: boolean
  /** A request waits for this run (a person's action): it goes ahead of background runs. */
  awaited: boolean
  /**
   * How many of the waiters are requests (asked for `awaited`): while they wait they are among
   * the requests being answered but need no turn, and the run's batches do not pause for them
   * (pacing.ts `own`), only for the others. A request that stops waiting (reactions.ts
   * `reacted`, after REACTION_WAIT_MS) still counts until the run ends, as does a background
   * job that waits (invoices/recovery.ts): meanwhile one other request is let in between
   * batches, two or more are paused for.
   */
  requests: number
}

/** Merges two scopes: everything wins; otherwise the lines and days of both. */
function merged(a: JobScope, b: JobScope): JobScope {
  if (a.kind === 'all' || b.kind === 'all') return { kind: 'all' }
  return {
    kind: 'lines',
    transactionIds: [...new Set([...a.transactionIds, ...b.transactionIds])],
    ranges: [...a.ranges, ...b.ranges],
  }
}

/**
 * `committed` receives what each batch of a run raised (a guide paid by its match, or unpaid by an
 * undone one) once the batch has committed: the reactions' (mock-server/app.ts wires them).
 */
export function createReconciler(
  store: Store,
  committed: (events: DomainEvent[]) => void = () => undefined,
) {
  const thread = workerThread<ReconcileAnswer>(new URL('./worker.ts', import.meta.url), {
    label: 'reconciliation',
    failed: 'A conciliação automática falhou.',
    stopped: 'A conciliação automática parou.',
  })
  /** Changes on a store reset: a run from before writes nothing after it. */
  let epoch = 0
  let closed = false
  const queue = new Map<string, Queued>()
  let draining: Promise<void> | null = null
  const recent: RunRecord[] = []

  /**
   * Runs one job in the worker: each slice of changes goes to `take` as it comes (worker.ts);
   * resolves with the lines it looked at, or rejects when the worker has sent nothing for
   * RUN_TIMEOUT_MS (worker restarted).
   */
  function compute(job: Job, take: (slice: ChangesJson) => void) {
    return thread.send<number>(
      (worker, id) => {
        const request: ReconcileRequest = { id, file: store.file, job }
        worker.postMessage(request)
      },
      (answer, resolve, reject) => {
        if (answer.kind === 'changes') {
          take(answer.changes)
          return false
        }
        if (answer.kind === 'end') {
          if (answer.changes) take(answer.changes)
          resolve(answer.looked)
        } else reject(new Error(answer.message))
        return true
      },
      RUN_TIMEOUT_MS,
      () => new Error('A conciliação automática passou do tempo.'),
    )
  }

  /**
   * A run: its changes written a slice at a time as the worker sends them (job.ts
   * CHANGES_PER_SLICE) — the worker's rules and this thread's writes of a run over a million lines
   * go on together, each on its core — each slice parsed when its turn comes and written in one
   * transaction, then let go. Answers the lines the run looked at and those whose change no
   * longer held. A run that fails leaves written what it wrote: each change stood on its own,
   * checked against the store as it was then (writes.ts applyChange).
   */
  async function runAndApply(job: Job, startedEpoch: number, summary: RunSummary, own: number) {
    const slices: ChangesJson[] = []
    let arrived: (() => void) | null = null
    let done = false
    const computed = compute(job, (slice) => {
      slices.push(slice)
      arrived?.()
    })
      .then((looked) => {
        // The worker is let go as soon as it is done, while this thread still writes.
        if (looked >= RECYCLE_AFTER_LINES) thread.recycle()
        return looked
      })
      .finally(() => {
        done = true
        arrived?.()
      })
    // Settled when the loop below stops early (its result is read only after the loop).
    computed.catch(() => undefined)
    const stale: string[] = []
    let first = true
    /** How long this run's writes have held the thread, and the last batch. */
    let held = 0
    let last = 0
    for (let i = 0; ; i++) {
      while (i >= slices.length && !done) await new Promise<void>((resolve) => (arrived = resolve))
      arrived = null
      if (i >= slices.length) break
      if (!first) await (held > SHARED_AFTER_MS ? giveWay(last, THREAD_SHARE, own) : yieldTurn())
      first = false
      if (closed || epoch !== startedEpoch) break
      const started = performance.now()
      const changes = JSON.parse(slices[i]!) as Change[]
      slices[i] = ''
      const events = writeRunBatch(store, changes, summary, stale)
      if (events.length > 0) committed(events)
      last = performance.now() - started
      held += last
    }
    // The run's last batch counts for the next batch of another job.
    if (held > SHARED_AFTER_MS) spend(last, THREAD_SHARE, own)
    return { looked: await computed, stale }
  }

  async function runOne(companyId: string, item: Queued) {
    const started = performance.now()
    const startedEpoch = epoch
    const summary = emptySummary()
    try {
      const { looked, stale } = await runAndApply(
        { companyId, scope: item.scope },
        startedEpoch,
        summary,
        item.requests,
      )
      summary.looked = looked
      if (stale.length > 0 && !item.retry && epoch === startedEpoch)
        enqueue(
          companyId,
          { kind: 'lines', transactionIds: stale, ranges: [] },
          { retry: true, awaited: false },
        )
    } catch (error) {
      if (!closed) console.error(`[reconciliation] ${companyId}:`, error)
    }
    summary.ms = Math.round(performance.now() - started)
    recent.unshift({ ...summary, companyId, scope: item.scope.kind, at: new Date().toISOString() })
    recent.length = Math.min(recent.length, RUNS_KEPT)
    for (const resolve of item.waiters) resolve(summary)
  }

  /** The oldest run a request waits for, else the oldest run. */
  function next(): [string, Queued] {
    for (const entry of queue) if (entry[1].awaited) return entry
    return queue.entries().next().value!
  }

  async function drain() {
    while (queue.size > 0 && !closed) {
      const [companyId, item] = next()
      queue.delete(companyId)
      await runOne(companyId, item)
    }
    draining = null
  }

  function enqueue(
    companyId: string,
    scope: JobScope,
    { retry = false, awaited = true }: RunOptions = {},
  ): Promise<RunSummary> {
    if (closed) return Promise.resolve(emptySummary())
    return new Promise((resolve) => {
      const queued = queue.get(companyId)
      if (queued) {
        queued.scope = merged(queued.scope, scope)
        queued.retry &&= retry
        queued.awaited ||= awaited
        if (awaited) queued.requests++
        queued.waiters.push(resolve)
      } else
        queue.set(companyId, {
          scope,
          waiters: [resolve],
          retry,
          awaited,
          requests: awaited ? 1 : 0,
        })
      draining ??= drain()
    })
  }

  return {
    /** Runs the rules for a company's lines in `scope` (and every line with a suggestion). */
    run: enqueue,
    /** The data went back to its seed: queued runs are dropped, a run under way writes nothing. */
    reset() {
      epoch++
      for (const item of queue.values()) for (const resolve of item.waiters) resolve(emptySummary())
      queue.clear()
    },
    /** The last runs, newest first. */
    runs: () => [...recent],
    /** Loads the worker ahead of the first run. */
    warm: thread.warm,
    async close() {
      closed = true
      epoch++
      await thread.close('O servidor está parando.')
      await draining
    },
  }
}

export type Reconciler = ReturnType<typeof createReconciler>

const reconcilers = new WeakMap<Store, Reconciler>()

/** Starts automatic reconciliation for a store (mock-server/app.ts); it stops with the store. */
export function attachReconciler(store: Store, committed?: (events: DomainEvent[]) => void) {
  const reconciler = createReconciler(store, committed)
  reconcilers.set(store, reconciler)
  return reconciler
}

const noRun = () => Promise.resolve(emptySummary())

/** Runs the rules over a company's lines (every one, or those in `scope`): resolves when written. */
export function reconcileCompany(
  store: Store,
  companyId: string,
  scope: JobScope = { kind: 'all' },
  options?: RunOptions,
) {
  return reconcilers.get(store)?.run(companyId, scope, options) ?? noRun()
}

/** The lines of these transactions (new ones, one a person changed): they and their kin. */
export const reconcileLines = (
  store: Store,
  companyId: string,
  transactionIds: readonly string[],
  amounts: readonly number[] = [],
  options?: RunOptions,
) =>
  transactionIds.length === 0
    ? noRun()
    : reconcileCompany(
        store,
        companyId,
        {
          kind: 'lines',
          transactionIds: [...transactionIds],
          ranges: [],
          amounts: [...amounts],
        },
        options,
      )

/** After an import or a sync: the new lines (and lines of the same amounts, and suggestions). */
export const reconcileAfterImport = reconcileLines

const shifted = addDays

/** The lines of the days around some days (each `[day + before, day + after]`). */
function reconcileAround(
  store: Store,
  companyId: string,
  days: readonly (string | undefined)[],
  before: number,
  after: number,
  options?: RunOptions,
) {
  const ranges: DateRange[] = days.flatMap((day) =>
    day ? [{ from: shifted(day, before), to: shifted(day, after) }] : [],
  )
  return reconcileCompany(store, companyId, { kind: 'lines', transactionIds: [], ranges }, options)
}

/**
 * After invoices are issued or cancelled (or changed in any way that reconciliation reads):
 * the lines of each invoice's window are looked at again, and a match whose invoice is no longer
 * issued is undone (its line goes back to the lists). Without ids, every line of the company.
 * Only the `invoices-changed` reaction (mock-server/domain/reactions.ts) calls this.
 */
export function reconcileAfterInvoiceChange(
  store: Store,
  companyId: string,
  invoiceIds?: readonly string[],
) {
  if (!invoiceIds) return reconcileCompany(store, companyId)
  const days = invoiceIds.map((id) => store.nfsRequests.get(id)?.date)
  return reconcileAround(store, companyId, days, 0, INVOICE_WINDOW_DAYS)
}

/**
 * After tax guides are added or changed (a month close issues its DAS): the lines around each
 * guide's due date are looked at again. Without ids, every line of the company. A company with no
 * bank line has nothing to look at: no run (most of a bulk month close's companies).
 */
export function reconcileAfterGuideChange(
  store: Store,
  companyId: string,
  documentIds?: readonly string[],
  options?: RunOptions,
) {
  if (!store.bankTransactions.exists({ companyId })) return noRun()
  if (!documentIds) return reconcileCompany(store, companyId, undefined, options)
  const days = documentIds.map((id) => store.documents.get(id)?.guia?.dueDate)
  return reconcileAround(store, companyId, days, -GUIDE_WINDOW_DAYS, GUIDE_WINDOW_DAYS, options)
}
