import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { afterBatch, requestBegins } from '../../mock-server/domain/pacing'

// Long jobs that write in batches on the API's thread (mock-server/domain/pacing.ts) share one
// pace: two at once take turns, one batch each, and the thread is free between any two batches
// of either for the share each asked for — a job never fills another's pause.

/** Holds the thread `ms`, as a batch of writes does. */
function hold(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

type Batch = { job: string; start: number; end: number }

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
    log.push({ job: name, start, end: performance.now() })
    afterEach?.(i)
    await afterBatch(performance.now() - start, share, i < batches - 1, own)
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
    // Five batches of 10 ms and four pauses of 2,5 ms: about 60 ms, far from a turn per batch.
    expect(wall).toBeGreaterThanOrEqual(58)
    expect(wall).toBeLessThan(200)
  })
})

describe('the pace when no request waits', () => {
  it('runs a job a turn apart: its pauses would serve nobody', async () => {
    const log: Batch[] = []
    const started = performance.now()
    await job('close', 5, 10, 0.5, log)
    const wall = performance.now() - started
    // Five batches of 10 ms; paced at half the thread it would be 90 ms.
    expect(wall).toBeGreaterThanOrEqual(50)
    expect(wall).toBeLessThan(75)
    for (const gap of gaps(log)) expect(gap).toBeLessThan(5)
  })

  it('does not pause for the request that runs the job (its own)', async () => {
    const ended = requestBegins()
    try {
      const log: Batch[] = []
      await job('close', 4, 10, 0.5, log, { own: 1 })
      for (const gap of gaps(log)) expect(gap).toBeLessThan(5)
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
    const free = gaps(log)
    // Before batches 1 and 2: a turn. Before 3, 4 and 5 (the request being answered): 8 ms.
    expect(free.slice(0, 2).every((gap) => gap < 5)).toBe(true)
    for (const gap of free.slice(2, 5)) expect(gap).toBeGreaterThanOrEqual(6)
    expect(free.slice(5).every((gap) => gap < 5)).toBe(true)
  })
})
