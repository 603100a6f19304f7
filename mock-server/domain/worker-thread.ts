import { Worker } from 'node:worker_threads'
import { plainWorkerArgv } from '../plain-worker'
import { workerScript } from './worker-code'

// A worker thread that runs one TypeScript module (the OFX reader, bank reconciliation), bundled
// into a plain script by worker-code.ts: started on first use (its first job waits for the
// bundle), started again after it dies or hangs, and never keeping the process alive while idle.
// Jobs go in with an id; each answer names its job.

type Job<A> = {
  /** The thread the job was given to. */
  thread: Promise<Worker>
  /** Sees each answer of the job; true when it was the last. */
  onAnswer: (answer: A) => boolean
  reject: (error: Error) => void
}

/** The thread's name in the log, and what a job waiting on it fails with if it fails or stops. */
export type WorkerNames = { label: string; failed: string; stopped: string }

export function workerThread<A extends { id: number }>(module: URL, names: WorkerNames) {
  /** The thread, once its script is bundled (worker-code.ts); null until the first job. */
  let worker: Promise<Worker> | null = null
  let nextId = 1
  const pending = new Map<number, Job<A>>()

  /** Fails the jobs given to a thread (all of them without one). */
  const failAll = (error: Error, thread?: Promise<Worker>) => {
    for (const [id, job] of pending)
      if (!thread || job.thread === thread) {
        pending.delete(id)
        job.reject(error)
      }
  }

  function start(): Promise<Worker> {
    const started: Promise<Worker> = workerScript(module).then((script) => {
      const thread = new Worker(script, { execArgv: plainWorkerArgv() })
      thread.on('message', (answer: A) => {
        const job = pending.get(answer.id)
        if (job?.onAnswer(answer)) pending.delete(answer.id)
      })
      thread.on('error', (error) => {
        console.error(`[${names.label}] worker failed`, error)
        failAll(new Error(names.failed), started)
      })
      thread.on('exit', () => {
        if (worker === started) worker = null
        failAll(new Error(names.stopped), started)
      })
      thread.unref()
      return thread
    })
    started.catch((error: unknown) => {
      console.error(`[${names.label}] worker not bundled`, error)
      if (worker === started) worker = null
      failAll(new Error(names.failed), started)
    })
    return started
  }

  return {
    /**
     * Posts a job (`post` sends it, with its id) and settles by `onAnswer`'s calls, or rejects
     * with `timeout()` once `timeoutMs` pass without an answer of the job — the worker is then
     * stopped, the next job starts another. Each answer that is not the last starts the count
     * again: a long job that keeps answering (a reconciliation's slices of changes) is alive, a
     * silent one is not.
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
        const expire = () => {
          pending.delete(id)
          reject(timeout())
          if (worker === current) worker = null
          void current.then(terminate, () => undefined)
        }
        let timer = setTimeout(expire, timeoutMs)
        const done =
          <V>(settle: (value: V) => void) =>
          (value: V) => {
            clearTimeout(timer)
            settle(value)
          }
        const finish = done(resolve)
        const fail = done(reject)
        pending.set(id, {
          thread: current,
          onAnswer: (answer) => {
            const last = onAnswer(answer, finish, fail)
            if (!last) {
              clearTimeout(timer)
              timer = setTimeout(expire, timeoutMs)
            }
            return last
          },
          reject: fail,
        })
        // Once bundled and started; a job that failed meanwhile (the bundle, a timeout) is not sent.
        void current.then(
          (thread) => pending.has(id) && post(thread, id),
          () => undefined,
        )
      })
    },
    /** Bundles and starts the worker ahead of the first job. */
    warm() {
      worker ??= start()
    },
    /**
     * Stops an idle worker and starts a fresh one: what a big job left in its heap is given back
     * at once, where V8 would keep it for a while after the job (the next job finds a thread
     * ready). A worker with a job under way is left alone.
     */
    recycle() {
      const current = worker
      if (!current || pending.size > 0) return
      worker = start()
      void current.then(terminate, () => undefined)
    },
    async close(reason: string) {
      const current = worker
      worker = null
      failAll(new Error(reason))
      await current?.then(terminate, () => undefined)
    },
  }
}

const terminate = (worker: Worker) => worker.terminate()
