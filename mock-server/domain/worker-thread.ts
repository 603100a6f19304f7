import { Worker } from 'node:worker_threads'

// A worker thread that runs one TypeScript module (the OFX reader, bank reconciliation): started
// on first use through worker-entry.mjs (workers do not inherit tsx, the entry registers it),
// started again after it dies or hangs, and never keeping the process alive while idle. Jobs go in
// with an id; each answer names its job.

type Job<A> = {
  /** Sees each answer of the job; true when it was the last. */
  onAnswer: (answer: A) => boolean
  reject: (error: Error) => void
}

/** The thread's name in the log, and what a job waiting on it fails with if it fails or stops. */
export type WorkerNames = { label: string; failed: string; stopped: string }

export function workerThread<A extends { id: number }>(module: URL, names: WorkerNames) {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, Job<A>>()

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }

  function start(): Worker {
    const started = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      workerData: { module: module.href },
    })
    started.on('message', (answer: A) => {
      const job = pending.get(answer.id)
      if (job?.onAnswer(answer)) pending.delete(answer.id)
    })
    started.on('error', (error) => {
      console.error(`[${names.label}] worker failed`, error)
      failAll(new Error(names.failed))
    })
    started.on('exit', () => {
      if (worker === started) worker = null
      failAll(new Error(names.stopped))
    })
    started.unref()
    return started
  }

  return {
    /**
     * Posts a job (`post` sends it, with its id) and settles by `onAnswer`'s calls, or rejects
     * with `timeout()` after `timeoutMs` — the worker is then stopped, the next job starts another.
     */
    send<T>(
      post: (worker: Worker, id: number) => void,
      onAnswer: (answer: A, resolve: (value: T) => void, reject: (error: Error) => void) => boolean,
      timeoutMs: number,
      timeout: () => Error,
    ): Promise<T> {
      worker ??= start()
      const current = worker
      const id = nextId++
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(timeout())
          if (worker === current) worker = null
          void current.terminate()
        }, timeoutMs)
        const done =
          <V>(settle: (value: V) => void) =>
          (value: V) => {
            clearTimeout(timer)
            settle(value)
          }
        const finish = done(resolve)
        const fail = done(reject)
        pending.set(id, { onAnswer: (answer) => onAnswer(answer, finish, fail), reject: fail })
        post(current, id)
      })
    },
    /** Starts the worker ahead of the first job (loading it takes a second or two). */
    warm() {
      worker ??= start()
    },
    async close(reason: string) {
      const current = worker
      worker = null
      failAll(new Error(reason))
      await current?.terminate()
    },
  }
}
