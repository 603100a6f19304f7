import { Worker } from 'node:worker_threads'
import type { JobResult, NfseJob } from './jobs'
import type { WorkerAnswer, WorkerJob } from './worker'

// The API's side of the NFS-e worker (worker.ts): one thread, started on first use (or by
// `warm`), restarted if it dies or a job hangs; each job a promise. Like the OFX reader's
// worker, it loads its TypeScript module through the same entry.

/** A job that takes longer than this fails (and the worker is restarted). */
const JOB_TIMEOUT_MS = 30_000

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

export function createNfseEngine() {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, Pending>()

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }

  function start(): Worker {
    const started = new Worker(new URL('../../worker-entry.mjs', import.meta.url), {
      workerData: { module: new URL('./worker.ts', import.meta.url).href },
    })
    started.on('message', (answer: WorkerAnswer) => {
      const job = pending.get(answer.id)
      if (!job) return
      pending.delete(answer.id)
      if (answer.ok) job.resolve(answer.result)
      else job.reject(new Error(answer.message))
    })
    started.on('error', (error) => {
      console.error('[nfse engine] worker failed', error)
      failAll(new Error('O processador de NFS-e falhou.'))
    })
    started.on('exit', () => {
      if (worker === started) worker = null
      failAll(new Error('O processador de NFS-e parou.'))
    })
    // Idle, it does not keep the process alive.
    started.unref()
    return started
  }

  function run<J extends NfseJob>(job: J): Promise<JobResult<J>> {
    worker ??= start()
    const current = worker
    const id = nextId++
    return new Promise<JobResult<J>>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error('O processamento da NFS-e demorou demais.'))
        void current.terminate()
      }, JOB_TIMEOUT_MS)
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as JobResult<J>)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      })
      current.postMessage({ id, job } satisfies WorkerJob)
    })
  }

  return {
    run,
    /** Starts the worker (and compiles the schemas there) ahead of the first job. */
    warm() {
      worker ??= start()
    },
    async close() {
      const current = worker
      worker = null
      failAll(new Error('O servidor está parando.'))
      await current?.terminate()
    },
  }
}

export type NfseEngine = ReturnType<typeof createNfseEngine>
