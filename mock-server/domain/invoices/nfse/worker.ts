import { parentPort, workerData } from 'node:worker_threads'
import { runJob, warmJobs, type NfseJob } from './jobs'

// The NFS-e worker thread (engine.ts): the official schemas compiled once, then one job after
// another — validating, signing, verifying, reading, drawing the DANFSe — off the API's thread.

export type WorkerJob = { id: number; job: NfseJob }
export type WorkerAnswer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string }
  | { ready: true }

// The certificates' thread reads A1 files only: it skips the schemas and the city list.
if ((workerData as { warmJobs?: boolean }).warmJobs !== false) warmJobs()

parentPort!.on('message', ({ id, job }: WorkerJob) => {
  runJob(job).then(
    (result) => {
      const transfer = result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : []
      parentPort!.postMessage({ id, ok: true, result } satisfies WorkerAnswer, transfer)
    },
    (error: unknown) => {
      console.error('[nfse worker]', error)
      parentPort!.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies WorkerAnswer)
    },
  )
})

// Loaded (and warmed): the engine times its jobs from here.
parentPort!.postMessage({ ready: true } satisfies WorkerAnswer)
