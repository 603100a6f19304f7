import { Worker } from 'node:worker_threads'
import { plainWorkerArgv } from '../plain-worker'

/** How often the worker checkpoints (ms). */
const EVERY_MS = 250

/**
 * Moves WAL checkpoints off the request thread: a worker thread checkpoints the database on its
 * own connection every quarter of a second (checkpoint-worker.mjs). A checkpoint copies pages
 * and fsyncs the database file; done by the connection that commits, it would hold every other
 * request for tens of milliseconds now and then (a big import, hundreds of them).
 */
export function startCheckpointer(file: string) {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, everyMs: EVERY_MS },
    execArgv: plainWorkerArgv(),
  })
  // It never keeps the process alive by itself.
  worker.unref()
  worker.on('error', (error) => console.error('[store] checkpointer stopped:', error))
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
  return {
    /** Resolves once the worker has closed its connection and ended. */
    stop() {
      // Held by its end from here on, so that a process waiting for it does not exit first.
      worker.ref()
      worker.postMessage('stop')
      return exited
    },
  }
}
