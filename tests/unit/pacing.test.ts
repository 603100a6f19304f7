import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterBatch, requestBegins } from '../../mock-server/domain/pacing'

// Long jobs that write in batches on the API's thread (mock-server/domain/pacing.ts) share one
// pace: two at once take turns, one batch each, and the thread is free between any two batches
// of either for the share each asked for — a job never fills another's pause.

/** Holds the thread `ms`, as a batch of writes does. */
function hold(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

/**
 * The timers set, to read the pause the pace asked for after a batch; a turn of the event loop
 * sets none. The gaps measured on a busy machine only ever grow (another process takes the
 * core), so a test that a job did not pause reads what the pace asked instead of the time it got.
 */
const timers = vi.spyOn(globalThis, 'setTimeout')
beforeEach(() => {
  timers.mockClear()
})

/** A batch: when it ran, how long it held the thread, and the pause asked after it (ms; 0 for a turn). */
type Batch = { job: string; start: number; end: number; held: number; pause: number }

async function job(
  name: string,
  batches: number,
  ms: number,
  share: number,
  log: Batch[],
  { own = 0, afterEach }: { own?: number; afterEach?: (batch: number) => void } = {},
) {
  for (let i = 0; i < batches; i++) {
    const start = performance.now()
    hold(ms)
    const batch = { job: name, start, end: performance.now(), held: 0, pause: 0 }
    log.push(batch)
    afterEach?.(i)
    const timersBefore = timers.mock.calls.length
    batch.held = performance.now() - start
    await afterBatch(batch.held, share, i < batches - 1, own)
    // The first timer set: a timer that fires a little early is followed by one for the rest.
    batch.pause = Number(timers.mock.calls[timersBefore]?.[1] ?? 0)
  }
}

/** The time free before each batch after the first. */
const gaps = (log: Batch[]) => log.slice(1).map((batch, i) => batch.start - log[i]!.end)

describe('the pace of the jobs that write in batches, while a request is being answered', () => {
  let ended: () => void
  beforeEach(() => {
    ended = requestBegins()
  })
  afterEach(() => ended())

  it('gives the thread back between any two batches, whichever job they belong to', async () => {
    const log: Batch[] = []
    await Promise.all([job('years', 6, 8, 0.5, log), job('close', 6, 8, 0.5, log)])
    expect(log).toHaveLength(12)
    // Each job's first batch starts at once (the two first ones back to back); from then on:
    for (let i = 2; i < log.length; i++) {
      const free = log[i]!.start - log[i - 1]!.end
      // A batch of 8 ms at half the thread is followed by 8 ms free (a timer's slack below).
      expect(free, `before batch ${i} (${log[i]!.job})`).toBeGreaterThanOrEqual(6)
    }
  })

  it('lets the jobs take turns, one batch each', async () => {
    const log: Batch[] = []
    await Promise.all([job('a', 5, 3, 0.8, log), job('b', 5, 3, 0.8, log)])
    const order = log.map((batch) => batch.job).join('')
    expect(order).toBe('ababababab')
  })

  it('paces a job alone as its own pause would', async () => {
    const log: Batch[] = []
    const started = performance.now()
    await job('close', 5, 10, 0.8, log)
    const wall = performance.now() - started
    // Five batches of 10 ms and four pauses of 2,5 ms: about 60 ms.
    expect(wall).toBeGreaterThanOrEqual(58)
    // After each batch but the last, a pause of a quarter of the batch (share 0.8), never more.
    for (const batch of log.slice(0, -1)) {
      expect(batch.pause).toBeGreaterThan(0)
      expect(batch.pause).toBeLessThanOrEqual(batch.held / 4)
    }
    expect(log.at(-1)!.pause).toBe(0)
  })
})

describe('the pace when no request waits', () => {
  it('runs a job a turn apart: its pauses would serve nobody', async () => {
    const log: Batch[] = []
    await job('close', 5, 10, 0.5, log)
    // Five batches of 10 ms; paced at half the thread, four pauses of 10 ms.
    expect(log.map((batch) => batch.pause)).toEqual([0, 0, 0, 0, 0])
  })

  it('does not pause for the request that runs the job (its own)', async () => {
    const ended = requestBegins()
    try {
      const log: Batch[] = []
      await job('close', 4, 10, 0.5, log, { own: 1 })
      expect(log.map((batch) => batch.pause)).toEqual([0, 0, 0, 0])
    } finally {
      ended()
    }
  })

  it('pauses from the batch after a request comes in, and stops once it is answered', async () => {
    const log: Batch[] = []
    let ended: (() => void) | null = null
    await job('close', 8, 8, 0.5, log, {
      afterEach: (batch) => {
        if (batch === 2) ended = requestBegins()
        if (batch === 5) ended?.()
      },
    })
    // After batches 0 and 1: a turn. After 2, 3 and 4 (the request being answered): a pause as
    // long as the batch (share 0.5), and the thread free that long (a timer's slack below).
    // After 5, 6 and 7: a turn again.
    const paused = log.map((batch) => batch.pause > 0)
    expect(paused).toEqual([false, false, true, true, true, false, false, false])
    for (const gap of gaps(log).slice(2, 5)) expect(gap).toBeGreaterThanOrEqual(6)
  })
})
