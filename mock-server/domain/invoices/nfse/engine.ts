import { Worker } from 'node:worker_threads'
import { workerScript } from '../../worker-code'
import { plainWorkerArgv } from '../../../plain-worker'
import type { JobResult, NfseJob } from './jobs'
import type { WorkerAnswer, WorkerJob } from './worker'

// The API's side of the NFS-e workers (worker.ts): each a thread, started on first use (or by
// `warm`), restarted if it dies or a job hangs; each job a promise. Like the OFX reader's
// worker, it runs its TypeScript module bundled into a plain script (worker-code.ts; the first
// start waits for the bundle). Reading an uploaded A1 runs in a
// thread of its own, bounded (a small heap, a time cap): a file crafted to be slow never holds up
// the signing and validating of another company's invoices. A job's time cap counts from the
// moment its thread is ready (loaded): the thread's cold start (its bundle, then node-forge and
// the schemas, seconds on a busy 2-core machine) has a cap of its own and is paid at the server's
// start by `warm`.

/** A job that takes longer than this fails (and the worker is restarted). */
const JOB_TIMEOUT_MS = 30_000
/** A thread that has not loaded its module in this long is stopped (its waiting jobs fail). */
const COLD_START_TIMEOUT_MS = 60_000

type Pending = {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
  /** The thread it was posted to: only that thread's failure fails it. */
  thread: Thread
}

type Thread = {
  /** The thread, once its script is bundled (worker-code.ts). */
  worker: Promise<Worker>
  /** Settles once the thread has loaded its module, or has stopped (or failed to start) before. */
  ready: Promise<void>
}

type WorkerOptions = {
  timeoutMs: number
  timeoutMessage: string
  resourceLimits?: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }
  /** Compile the schemas and load the city list at the thread's start (worker.ts). */
  warmJobs: boolean
  /** Once warmed, a thread stopped for a hung job is started again at once. */
  keepWarm: boolean
}

export function createNfseEngine() {
  const main = nfseWorker({
    timeoutMs: JOB_TIMEOUT_MS,
    timeoutMessage: 'O processamento da NFS-e demorou demais.',
    warmJobs: true,
    keepWarm: false,
  })
  const certificates = nfseWorker({
    // Counted from the thread being ready; the capped PKCS#12 iterations (a1.ts) bound
    // the read itself well inside it.
    timeoutMs: 20_000,
    timeoutMessage:
      'A leitura do certificado demorou demais: exporte o .pfx de novo com as opções padrão.',
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    // Reading an A1 needs neither the schemas nor the cities: the thread stays small and quick.
    warmJobs: false,
    // The person uploading a certificate should never wait for a cold thread.
    keepWarm: true,
  })
  return {
    run<J extends NfseJob>(job: J): Promise<JobResult<J>> {
      return job.kind === 'read-a1' ? certificates.run(job) : main.run(job)
    },
    /**
     * Starts both threads ahead of the first job (the main one compiles the schemas there): the
     * first invoice and the first certificate read after the server starts answer promptly.
     */
    warm(): Promise<void> {
      return Promise.all([main.warm(), certificates.warm()]).then(() => undefined)
    },
    async close() {
      await Promise.all([main.close(), certificates.close()])
    },
  }
}

function nfseWorker(options: WorkerOptions) {
  let thread: Thread | null = null
  let warmed = false
  let nextId = 1
  const pending = new Map<number, Pending>()

  const failAll = (error: Error, of?: Thread) => {
    for (const [id, job] of pending) {
      if (of && job.thread !== of) continue
      pending.delete(id)
      job.reject(error)
    }
  }

  function start(): Thread {
    let markReady = () => {}
    const ready = new Promise<void>((resolve) => (markReady = resolve))
    const worker = workerScript(new URL('./worker.ts', import.meta.url)).then((script) => {
      const started = new Worker(script, {
        workerData: { warmJobs: options.warmJobs },
        execArgv: plainWorkerArgv(),
        ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
      })
      const coldStart = setTimeout(() => void started.terminate(), COLD_START_TIMEOUT_MS)
      coldStart.unref()
      started.on('message', (answer: WorkerAnswer) => {
        if ('ready' in answer) {
          clearTimeout(coldStart)
          markReady()
          return
        }
        const job = pending.get(answer.id)
        if (!job) return
        pending.delete(answer.id)
        if (answer.ok) job.resolve(answer.result)
        else job.reject(new Error(answer.message))
      })
      started.on('error', (error) => {
        console.error('[nfse engine] worker failed', error)
        failAll(new Error('O processador de NFS-e falhou.'), self)
      })
      started.on('exit', () => {
        clearTimeout(coldStart)
        markReady()
        if (thread === self) thread = null
        failAll(new Error('O processador de NFS-e parou.'), self)
      })
      // Idle, it does not keep the process alive.
      started.unref()
      return started
    })
    const self: Thread = { worker, ready }
    worker.catch((error: unknown) => {
      console.error('[nfse engine] worker not bundled', error)
      markReady()
      if (thread === self) thread = null
      failAll(new Error('O processador de NFS-e falhou.'), self)
    })
    return self
  }

  function run<J extends NfseJob>(job: J): Promise<JobResult<J>> {
    thread ??= start()
    const current = thread
    const id = nextId++
    return new Promise<JobResult<J>>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer)
          resolve(value as JobResult<J>)
        },
        reject: (error) => {
          clearTimeout(timer)
          reject(error)
        },
        thread: current,
      })
      // Posted once the thread is started (it reads it once loaded); timed from the thread being
      // ready.
      void current.worker.then(
        (worker) => pending.has(id) && worker.postMessage({ id, job } satisfies WorkerJob),
        () => undefined,
      )
      void current.ready.then(() => {
        if (!pending.has(id)) return
        timer = setTimeout(() => {
          pending.delete(id)
          reject(new Error(options.timeoutMessage))
          if (thread === current) thread = options.keepWarm && warmed ? start() : null
          void current.worker.then(terminate, () => undefined)
        }, options.timeoutMs)
      })
    })
  }

  return {
    run,
    /** Starts the thread; settles once it is ready (or has stopped before). */
    warm(): Promise<void> {
      warmed = true
      thread ??= start()
      return thread.ready
    },
    async close() {
      const current = thread
      thread = null
      warmed = false
      failAll(new Error('O servidor está parando.'))
      await current?.worker.then(terminate, () => undefined)
    },
  }
}

const terminate = (worker: Worker) => worker.terminate()

export type NfseEngine = ReturnType<typeof createNfseEngine>
