import { HttpError } from '../http'

/**
 * Jobs of several owners (companies) on one worker, one at a time, in turns: each owner's jobs
 * wait in a line of their own, and the worker takes the next job of the owner it served least
 * recently (an owner it never served, or none of whose jobs wait any more, first; ties in order of
 * arrival). A company that sends many files waits behind its own files, not in front of everyone
 * else's: another company's file waits at most one job per company ahead of it. An owner may
 * have at most `waitingPerOwner` jobs waiting; one more is refused with 429 and `message`.
 */
export function fairQueue(limits: { waitingPerOwner: number; message: string }) {
  type Line = { jobs: (() => Promise<void>)[]; servedAt: number }
  const lines = new Map<string, Line>()
  let turn = 0
  let busy = false

  function next() {
    if (busy) return
    let chosen: Line | undefined
    for (const line of lines.values())
      if (line.jobs.length > 0 && (!chosen || line.servedAt < chosen.servedAt)) chosen = line
    if (!chosen) return
    chosen.servedAt = ++turn
    busy = true
    void chosen.jobs.shift()!()
  }

  function finished(owner: string) {
    busy = false
    // An owner with nothing waiting leaves the turns; its next job starts a line afresh.
    if (lines.get(owner)?.jobs.length === 0) lines.delete(owner)
    next()
  }

  return {
    /** Runs `job` in `owner`'s turn; resolves or rejects as it does. */
    run<T>(owner: string, job: () => Promise<T>): Promise<T> {
      let line = lines.get(owner)
      if (line && line.jobs.length >= limits.waitingPerOwner)
        return Promise.reject(new HttpError(429, limits.message))
      if (!line) lines.set(owner, (line = { jobs: [], servedAt: 0 }))
      // A job starts in the call that finds the worker free (or when the one before it
      // finishes); its end hands the worker on before its caller goes on.
      const result = new Promise<T>((resolve, reject) => {
        line.jobs.push(async () => {
          try {
            resolve(await job())
          } catch (error) {
            reject(error)
          } finally {
            finished(owner)
          }
        })
      })
      next()
      return result
    },
    /** Jobs waiting for a turn (the running one not counted), all owners together. */
    get waiting() {
      let count = 0
      for (const line of lines.values()) count += line.jobs.length
      return count
    },
  }
}
