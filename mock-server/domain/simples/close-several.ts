import { DomainError } from '../errors'
import { commit } from '../reactions'
import { afterBatch } from '../pacing'
import type { Store } from '../../store/database'
import { closeMonth } from './months'

// The month close of several companies at once (the accountant's queue): a batch of companies per
// transaction, each company a savepoint of it (store.write inside store.write), so one company's
// refusal undoes its own writes only and the others' stay. A transaction a company cost about
// twice a savepoint (its commit); a batch is cut at a time budget and, while other requests are
// being answered, followed by a pause a quarter as long, so they never wait more than about a
// batch at each of their turns, and get a fifth of the thread while the accountant closes (at
// 100,000 companies an even share doubled the close's time for requests that stayed far under
// their bound: scripts/bench-scale.ts).
// The guides' reconciliation is published once a batch has committed, in the background (nobody
// waits for a hundred companies' runs).

/** The longest a batch of closes holds the thread (ms). */
export const CLOSE_BATCH_MS = 40

/** The share of the thread the batches take (a pause a quarter of a batch's time: mock-server/domain/pacing.ts). */
const THREAD_SHARE = 0.8

export type SeveralOutcome =
  | { companyId: string; closed: ReturnType<typeof closeMonth>; refusal: null }
  | { companyId: string; closed: null; refusal: DomainError }

/**
 * Closes the month of each company in turn (the same command as one close, mock-server/domain/
 * simples/months.ts closeMonth): each says whether it closed or why not, in the order asked.
 * `now` is read for each company, as for one close.
 */
export async function closeSeveral(
  store: Store,
  companyIds: readonly string[],
  period: string,
  by: string,
  today: string,
  now: () => string,
  batchMs = CLOSE_BATCH_MS,
): Promise<SeveralOutcome[]> {
  const outcomes: SeveralOutcome[] = []
  let next = 0
  while (next < companyIds.length) {
    const started = performance.now()
    const until = started + batchMs
    commit(
      store,
      (raise) => {
        let visited = 0
        while (next < companyIds.length && (visited++ === 0 || performance.now() < until)) {
          const companyId = companyIds[next++]!
          try {
            const closed = store.write(() => closeMonth(store, companyId, period, by, now(), today))
            raise({ type: 'guides-changed', companyId, documentIds: closed.guideIds })
            outcomes.push({ companyId, closed, refusal: null })
          } catch (error) {
            if (!(error instanceof DomainError)) throw error
            outcomes.push({ companyId, closed: null, refusal: error })
          }
        }
      },
      { background: true },
    )
    // A share of the time the batch held the thread, not one turn of the event loop: a request
    // needs several turns (its identity, its reads, its answer), each one a batch long if batches
    // only yielded a turn. The accountant's request runs the close: it is not one of the others
    // the pause is for (own: 1).
    await afterBatch(performance.now() - started, THREAD_SHARE, next < companyIds.length, 1)
  }
  return outcomes
}
