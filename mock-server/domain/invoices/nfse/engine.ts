import { Worker } from 'node:worker_threads'
import type { JobResult, NfseJob } from './jobs'
import type { WorkerAnswer, WorkerJob } from './worker'

// The API's side of the NFS-e workers (worker.ts): each a thread, started on first use (or by
// `warm`), restarted if it dies or a job hangs; each job a promise. Like the OFX reader's
// worker, it loads its TypeScript module through the same entry. Reading an uploaded A1 runs in a
// thread of its own, bounded (a small heap, 5 s): a file crafted to be slow never holds up the
// signing and validating of another company's invoices.

/** A job that takes longer than this fails (and the worker is restarted). */
const JOB_TIMEOUT_MS = 30_000

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }

type WorkerOptions = {
  timeoutMs: number
  timeoutMessage: string
  resourceLimits?: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }
}

export function createNfseEngine() {
  const main = nfseWorker({
    timeoutMs: JOB_TIMEOUT_MS,
    timeoutMessage: 'O processamento da NFS-e demorou demais.',
  })
  const certificates = nfseWorker({
    // Counted from the job's start, its thread's cold start included (tsx and node-forge on a
    // busy 2-core machine take seconds); the capped PKCS#12 iterations bound the read itself.
    timeoutMs: 20_000,
    timeoutMessage:
      'A leitura do certificado demorou demais: exporte o .pfx de novo com as opções padrão.',
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
  })
  return {
    run<J extends NfseJob>(job: J): Promise<JobResult<J>> {
      return job.kind === 'read-a1' ? certificates.run(job) : main.run(job)
    },
    /** Starts the worker (and compiles the schemas there) ahead of the first job. */
    warm() {
      main.warm()
    },
    async close() {
      await Promise.all([main.close(), certificates.close()])
    },
  }
}

function nfseWorker(options: WorkerOptions) {
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
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
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
        reject(new Error(options.timeoutMessage))
        void current.terminate()
      }, options.timeoutMs)
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
