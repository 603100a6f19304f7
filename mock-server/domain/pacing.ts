// One pace for every long job that writes on the API's thread in batches — the years opened at
// start (year-end/open-years.ts), a reconciliation's changes (bank/reconciliation/reconciler.ts),
// the bulk month close (simples/close-several.ts), the queue learning what open months owe
// (simples/queue.ts). Each job used to pause after its own batches only, so two jobs at once
// filled each other's pauses and requests waited for both (scripts/bench-scale.ts: the years
// still opening while the full reconciliation writes). Here every batch pushes one deadline
// shared by all of them, and the jobs waiting for it go one batch each, in turn: together they
// hold the thread no more than their share of the time, and the requests get the rest.

// The pause is for requests: while none is being answered (besides the one that runs the job,
// `own`), a batch only gives way for a turn of the event loop — a request that arrives then is
// taken in, and the batches after it pause — so that nobody waits on a pause that serves nobody
// (the month close of a whole firm, a full reconciliation at night).

/** Requests being answered now, as the API's edge counts them (mock-server/app.ts). */
let answering = 0

/** A request began to be answered; call what it returns once it ends (once is enough). */
export function requestBegins(): () => void {
  answering++
  let ended = false
  return () => {
    if (ended) return
    ended = true
    answering--
  }
}

/** Whether requests other than the job's own (`own`: 1 for a job a request runs) are waiting. */
const othersAnswering = (own: number) => answering > own

/** When the next batch of any job may start (performance.now() time). */
let readyAt = 0
/** The jobs waiting for their next batch, first come first. */
const waiting: (() => void)[] = []
let timer: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate> | null = null

/**
 * Wakes the first job waiting once the deadline has passed (a timer: requests come between); with
 * the deadline passed already, after a turn (setImmediate: the requests that came are taken in
 * first, and no timer's millisecond is lost at each of thousands of batches).
 */
function schedule() {
  if (timer || waiting.length === 0) return
  const wait = readyAt - performance.now()
  timer = wait > 0 ? setTimeout(wake, wait) : setImmediate(wake)
}

function wake() {
  timer = null
  // The batch of the job woken before pushed the deadline: wait for it.
  if (performance.now() >= readyAt) waiting.shift()?.()
  schedule()
}

/**
 * A job's last batch held the thread `heldMs`: the next batch of another job waits as if this
 * one had paused (the share as in `giveWay`).
 */
export function spend(heldMs: number, share: number, own = 0) {
  if (!othersAnswering(own)) return
  readyAt = Math.max(readyAt, performance.now()) + (heldMs * (1 - share)) / share
}

/**
 * After a batch that held the thread `heldMs`: resolves when the job may run its next batch,
 * once the batches of every job, together, have left the thread free for `1 − share` of their
 * time (a share of 0.8 pauses a quarter of the batch's time), and after the jobs that were
 * waiting before it have run one batch each. A job alone paces as if it paused by itself.
 * With no request being answered but the job's own (`own`), it waits only for a turn.
 */
export function giveWay(heldMs: number, share: number, own = 0): Promise<void> {
  spend(heldMs, share, own)
  return new Promise((resolve) => {
    waiting.push(resolve)
    schedule()
  })
}

/**
 * After a batch of a job: gives way when it has more batches (`giveWay`), or, after its last,
 * only counts the batch for the other jobs (`spend`).
 */
export const afterBatch = (heldMs: number, share: number, more: boolean, own = 0): Promise<void> =>
  more ? giveWay(heldMs, share, own) : (spend(heldMs, share, own), Promise.resolve())
