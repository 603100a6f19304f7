// Latency of other users' requests while something heavy runs (server tests, `npm run bench:api`).
// Requests go out at a fixed rate whatever happens to the earlier ones (an open loop, as
// independent users behave), and each is timed from the moment it was due: a stall of the server
// then shows in every request that fell due during it, not only in the few that were in flight
// (a closed loop of N callers hides a 5-second stall behind N slow answers).

export function latencyProbe(request: () => Promise<unknown>, everyMs = 10) {
  const samples: number[] = []
  const pending = new Set<Promise<void>>()
  const start = performance.now()
  let due = 0
  let timer: NodeJS.Timeout | undefined
  const tick = () => {
    const now = performance.now()
    // Every request that fell due since the last tick goes out now, timed from when it was due.
    while (start + due * everyMs <= now) {
      const dueAt = start + due * everyMs
      due++
      const done = request().then(
        () => void samples.push(performance.now() - dueAt),
        () => void samples.push(Number.POSITIVE_INFINITY),
      )
      pending.add(done)
      void done.finally(() => pending.delete(done))
    }
    timer = setTimeout(tick, Math.max(0, start + due * everyMs - performance.now()))
  }
  tick()
  return {
    async stop() {
      clearTimeout(timer)
      await Promise.all(pending)
      return samples
    },
  }
}

/** A probe request's answer read whole; one that is not a 2xx is a failed request. */
export async function answered(response: Response): Promise<ArrayBuffer> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
  return response.arrayBuffer()
}

/** The p-th percentile (nearest rank) of some samples, in their unit. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
