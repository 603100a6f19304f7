import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { plainWorkerArgv } from '../../mock-server/plain-worker'

// mock-server/plain-worker.ts: the server's worker threads start with its Node options less the
// TypeScript loader, which each thread otherwise registered again.

describe("a worker thread's options", () => {
  it('leaves out tsx however it is loaded', () => {
    expect(plainWorkerArgv(['--import', 'tsx'])).toEqual([])
    expect(plainWorkerArgv(['--import=tsx'])).toEqual([])
    expect(plainWorkerArgv(['--require', 'tsx/cjs', '--loader', 'tsx/esm'])).toEqual([])
    expect(plainWorkerArgv(['--import', '/repo/node_modules/tsx/dist/loader.mjs'])).toEqual([])
    expect(plainWorkerArgv(['-r', 'C:\\repo\\node_modules\\tsx\\dist\\cjs\\index.cjs'])).toEqual([])
  })

  it("keeps the API's other options, and other modules loaded", () => {
    expect(
      plainWorkerArgv([
        '--cpu-prof',
        '--cpu-prof-dir=/tmp/prof',
        '--import',
        'tsx',
        '--max-old-space-size=2048',
        '--import',
        './tsx-free-preload.mjs',
        '--enable-source-maps',
      ]),
    ).toEqual([
      '--cpu-prof',
      '--cpu-prof-dir=/tmp/prof',
      '--max-old-space-size=2048',
      '--import',
      './tsx-free-preload.mjs',
      '--enable-source-maps',
    ])
  })

  it('starts a thread that runs no loader of the API', async () => {
    const seen = await new Promise<string[]>((resolve, reject) => {
      const worker = new Worker(
        "require('node:worker_threads').parentPort.postMessage(process.execArgv)",
        { eval: true, execArgv: plainWorkerArgv(['--import', 'tsx', '--no-warnings']) },
      )
      worker.once('message', (argv: string[]) => {
        resolve(argv)
        void worker.terminate()
      })
      worker.once('error', reject)
    })
    expect(seen).toEqual(['--no-warnings'])
  })
})
