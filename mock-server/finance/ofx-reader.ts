import { Worker } from 'node:worker_threads'
import { badRequest, HttpError } from '../http'
import { fairQueue } from './fair-queue'
import type { Statement } from './ofx'
import type { OfxAnswer, OfxJob } from './ofx-worker'

/** A file that takes longer than this to read is refused (the worker is restarted). */
const READ_TIMEOUT_MS = 30_000
/** Files of one company that may wait for the reader at once (each up to 10 MB in memory). */
export const MAX_WAITING_OFX_PER_COMPANY = 3

export const ofxQueueMessages = {
  full: `Já há ${MAX_WAITING_OFX_PER_COMPANY} extratos desta empresa esperando leitura. Aguarde que terminem e envie este de novo.`,
} as const

type Pending = {
  statement?: Statement
  resolve: (statement: Statement) => void
  reject: (error: Error) => void
}

/**
 * Reads OFX files in one worker thread (started on first use, restarted if it dies or hangs), one
 * file at a time, so parsing a big statement never blocks the API's event loop. The files wait in
 * one line per company, served in turns (fair-queue.ts): one company's files cannot hold the
 * others', and a company has at most MAX_WAITING_OFX_PER_COMPANY files waiting.
 */
export function createOfxReader() {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, Pending>()
  const turns = fairQueue({
    waitingPerOwner: MAX_WAITING_OFX_PER_COMPANY,
    message: ofxQueueMessages.full,
  })

  const failAll = (error: Error) => {
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }

  function start(): Worker {
    const started = new Worker(new URL('./ofx-worker-entry.mjs', import.meta.url), {
      workerData: { module: new URL('./ofx-worker.ts', import.meta.url).href },
    })
    started.on('message', (answer: OfxAnswer) => {
      const job = pending.get(answer.id)
      if (!job) return
      switch (answer.kind) {
        case 'statement':
          job.statement = answer.statement
          return
        case 'entries':
          for (const entry of answer.entries) job.statement?.entries.push(entry)
          return
        case 'end':
          pending.delete(answer.id)
          job.resolve(job.statement!)
          return
        case 'error':
          pending.delete(answer.id)
          job.reject(new HttpError(answer.status, answer.message))
      }
    })
    started.on('error', (error) => {
      console.error('[ofx reader] worker failed', error)
      failAll(new Error('O leitor de OFX falhou.'))
    })
    started.on('exit', () => {
      if (worker === started) worker = null
      failAll(new Error('O leitor de OFX parou.'))
    })
    // Idle, it does not keep the process alive.
    started.unref()
    return started
  }

  function readNow(bytes: Uint8Array): Promise<Statement> {
    worker ??= start()
    const current = worker
    const id = nextId++
    return new Promise<Statement>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(badRequest('O extrato demorou demais para ser lido. Envie um período menor.'))
        void current.terminate()
      }, READ_TIMEOUT_MS)
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer)
          fn(value)
        }
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) })
      const job: OfxJob = { id, bytes }
      current.postMessage(job, [bytes.buffer as ArrayBuffer])
    })
  }

  return {
    /** Starts the worker ahead of the first file (loading it takes a second or two). */
    warm() {
      worker ??= start()
    },
    /**
     * The statement in a company's file, or the refusal (HttpError) to answer. One file at a time,
     * the companies in turns.
     */
    read(file: Buffer, companyId: string): Promise<Statement> {
      // A copy the worker takes over (transferred, not cloned).
      const bytes = new Uint8Array(file)
      return turns.run(companyId, () => readNow(bytes))
    },
    async close() {
      const current = worker
      worker = null
      failAll(new Error('O servidor está parando.'))
      await current?.terminate()
    },
  }
}

export type OfxReader = ReturnType<typeof createOfxReader>
