import { badRequest, HttpError } from '../http'
import { fairQueue } from './fair-queue'
import type { Statement } from '../domain/bank/ofx'
import type { OfxAnswer, OfxJob } from './worker'
import { workerThread } from '../domain/worker-thread'

/** A file that takes longer than this to read is refused (the worker is restarted). */
const READ_TIMEOUT_MS = 30_000
/** Files of one company that may wait for the reader at once (each up to 10 MB in memory). */
export const MAX_WAITING_OFX_PER_COMPANY = 3

export const ofxQueueMessages = {
  full: `Já há ${MAX_WAITING_OFX_PER_COMPANY} extratos desta empresa esperando leitura. Aguarde que terminem e envie este de novo.`,
} as const

type Read = { statement?: Statement }

/**
 * Reads OFX files in one worker thread (started on first use, restarted if it dies or hangs), one
 * file at a time, so parsing a big statement never blocks the API's event loop. The files wait in
 * one line per company, served in turns (fair-queue.ts): one company's files cannot hold the
 * others', and a company has at most MAX_WAITING_OFX_PER_COMPANY files waiting.
 */
export function createOfxReader() {
  const thread = workerThread<OfxAnswer>(new URL('./worker.ts', import.meta.url), {
    label: 'ofx reader',
    failed: 'O leitor de OFX falhou.',
    stopped: 'O leitor de OFX parou.',
  })
  const turns = fairQueue({
    waitingPerOwner: MAX_WAITING_OFX_PER_COMPANY,
    message: ofxQueueMessages.full,
  })

  function readNow(bytes: Uint8Array): Promise<Statement> {
    const read: Read = {}
    return thread.send<Statement>(
      (worker, id) => {
        const job: OfxJob = { id, bytes }
        worker.postMessage(job, [bytes.buffer as ArrayBuffer])
      },
      (answer, resolve, reject) => {
        switch (answer.kind) {
          case 'whole':
            resolve(answer.statement)
            return true
          case 'statement':
            read.statement = answer.statement
            return false
          case 'entries':
            for (const entry of answer.entries) read.statement?.entries.push(entry)
            return false
          case 'end':
            resolve(read.statement!)
            return true
          case 'error':
            reject(new HttpError(answer.status, answer.message))
            return true
        }
      },
      READ_TIMEOUT_MS,
      () => badRequest('O extrato demorou demais para ser lido. Envie um período menor.'),
    )
  }

  return {
    /** Starts the worker ahead of the first file (loading it takes a second or two). */
    warm: thread.warm,
    /**
     * The statement in a company's file, or the refusal (HttpError) to answer. One file at a time,
     * the companies in turns.
     */
    read(file: Buffer, companyId: string): Promise<Statement> {
      // A copy the worker takes over (transferred, not cloned).
      const bytes = new Uint8Array(file)
      return turns.run(companyId, () => readNow(bytes))
    },
    close: () => thread.close('O servidor está parando.'),
  }
}

export type OfxReader = ReturnType<typeof createOfxReader>
