import { parentPort } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { CHANGES_PER_SLICE, jobReader, runJob, type Job, type JobReader } from './job'

// The worker thread of automatic reconciliation (reconciler.ts), so that reading a company's
// statement and applying the rules never holds the API's event loop: it reads the database on a
// connection of its own (WAL: readers never wait for the writer), runs the rules (job.ts) and
// sends back what changed: a slice at a time as the run makes them (each message is copied into
// the API's thread as it arrives: small slices keep every copy short), the last one with the end
// (a run of a few changes is one message) — or the error. A slice goes as the JSON of its
// changes, one string: copying it is copying its bytes, where a slice of objects is rebuilt
// object by object on the API's thread, and the API's thread holds a run's changes as these
// strings until it writes them (reconciler.ts parses one slice at a time), not as a third of a
// million objects.

export type ReconcileRequest = { id: number; file: string; job: Job }
/** The JSON of some changes (job.ts `Change[]`), as a slice travels. */
export type ChangesJson = string
export type ReconcileAnswer =
  | { id: number; kind: 'changes'; changes: ChangesJson }
  | { id: number; kind: 'end'; looked: number; ms: number; changes?: ChangesJson }
  | { id: number; kind: 'error'; message: string }

const readers = new Map<string, JobReader>()

function readerFor(file: string) {
  let reader = readers.get(file)
  if (!reader) {
    const db = new Database(file, { fileMustExist: true })
    // Reads only: the API's thread is the one writer (and it checkpoints through its own worker).
    db.pragma('query_only = ON')
    db.pragma('mmap_size = 1073741824')
    reader = jobReader(db)
    readers.set(file, reader)
  }
  return reader
}

const send = (answer: ReconcileAnswer) => parentPort!.postMessage(answer)

parentPort!.on('message', ({ id, file, job }: ReconcileRequest) => {
  const started = performance.now()
  try {
    const { changes, looked } = runJob(readerFor(file), job, {
      size: CHANGES_PER_SLICE,
      take: (slice) => send({ id, kind: 'changes', changes: JSON.stringify(slice) }),
    })
    const ms = Math.round(performance.now() - started)
    send({
      id,
      kind: 'end',
      looked,
      ms,
      ...(changes.length > 0 ? { changes: JSON.stringify(changes) } : {}),
    })
  } catch (error) {
    console.error('[reconciliation worker]', error)
    // A database replaced under it (a reset) is opened again on the next job.
    readers.get(file)?.db.close()
    readers.delete(file)
    send({ id, kind: 'error', message: error instanceof Error ? error.message : String(error) })
  }
})
