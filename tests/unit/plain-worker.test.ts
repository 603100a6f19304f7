import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { plainWorkerArgv } from '../../mock-server/plain-worker'

// mock-server/plain-worker.ts: the server's worker threads start without the API's Node options
// (its TypeScript loader, which each thread otherwise registered again).

describe("a worker thread's options", () => {
  it("starts a thread without the API's options (vitest's own loader included)", async () => {
    expect(process.execArgv.length).toBeGreaterThan(0)
    const seen = await new Promise<string[]>((resolve, reject) => {
      const worker = new Worker(
        "require('node:worker_threads').parentPort.postMessage(process.execArgv)",
        { eval: true, execArgv: plainWorkerArgv() },
      )
      worker.once('message', (answer: string[]) => {
        resolve(answer)
        void worker.terminate()
      })
      worker.once('error', reject)
    })
    expect(seen).toEqual([])
  })
})
