import { parentPort } from 'node:worker_threads'
import { httpErrorOf, isRefusal } from '../http'
import { NOT_OFX_MESSAGE, parseOfx, type Statement, type StatementEntry } from '../domain/bank/ofx'

// The worker thread that reads OFX files (reader.ts), so a big file never blocks the API's
// event loop. One job in; out goes the whole statement when its entries fit in one slice (most
// files: one message), else the statement without its entries, the entries a slice at a time
// (each message is copied into the API's thread as it arrives: small slices keep every copy
// short), and the end — or the refusal the API answers with.

export type OfxJob = { id: number; bytes: Uint8Array }
export type OfxAnswer =
  | { id: number; kind: 'whole'; statement: Statement }
  | { id: number; kind: 'statement'; statement: Statement }
  | { id: number; kind: 'entries'; entries: StatementEntry[] }
  | { id: number; kind: 'end' }
  | { id: number; kind: 'error'; status: number; message: string }

const SLICE = 500

const send = (answer: OfxAnswer) => parentPort!.postMessage(answer)

parentPort!.on('message', ({ id, bytes }: OfxJob) => {
  let statement: Statement
  try {
    statement = parseOfx(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
  } catch (error) {
    const known = isRefusal(error) ? httpErrorOf(error) : undefined
    if (!known) console.error('[ofx worker]', error)
    const refusal = known
      ? { status: known.status, message: known.message }
      : { status: 400, message: NOT_OFX_MESSAGE }
    send({ id, kind: 'error', ...refusal })
    return
  }
  if (statement.entries.length <= SLICE) {
    send({ id, kind: 'whole', statement })
    return
  }
  send({ id, kind: 'statement', statement: { ...statement, entries: [] } })
  for (let start = 0; start < statement.entries.length; start += SLICE)
    send({ id, kind: 'entries', entries: statement.entries.slice(start, start + SLICE) })
  send({ id, kind: 'end' })
})
