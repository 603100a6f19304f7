import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { workerScript } from '../../mock-server/domain/worker-code'

// mock-server/domain/worker-code.ts: a worker module bundled into a script a plain Worker runs,
// each bundled file still naming its own source by import.meta (the fixture reads a file beside
// its nested module), the packages imported from the repository's node_modules.
const fixture = new URL('../fixtures/worker-code/', import.meta.url)
const nested = new URL('nested/', fixture)

function answerOf(script: URL) {
  return new Promise<Record<string, string>>((resolve, reject) => {
    const worker = new Worker(script)
    worker.once('message', (answer: Record<string, string>) => {
      resolve(answer)
      void worker.terminate()
    })
    worker.once('error', reject)
  })
}

describe('worker modules bundled for plain workers', () => {
  it('runs the module, each file naming its own source', async () => {
    const script = await workerScript(new URL('worker.ts', fixture))
    const file = fileURLToPath(script)
    expect(path.relative(fileURLToPath(new URL('../../', import.meta.url)), file)).toMatch(
      /^node_modules\/\.cache\/contabil-workers\/tests-fixtures-worker-code-worker-[0-9a-f]{16}\.mjs$/,
    )
    expect(await answerOf(script)).toEqual({
      byUrl: 'beside the nested module\n',
      byDirname: 'beside the nested module\n',
      filename: fileURLToPath(new URL('beside.ts', nested)),
      url: new URL('worker.ts', fixture).href,
      escaped: '&lt;a&gt;',
    })
  })

  it('bundles a module once per process, leaving no temporary file', async () => {
    const module = new URL('worker.ts', fixture)
    const [first, second] = await Promise.all([workerScript(module), workerScript(module)])
    expect(second.href).toBe(first.href)
    const dir = path.dirname(fileURLToPath(first))
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('refuses a module using import.meta otherwise (it would name the bundle), and tries again', async () => {
    const module = new URL('resolves.ts', fixture)
    const first = workerScript(module)
    await expect(first).rejects.toThrow(/"import\.meta\.resolve\(.*would name the bundle's file/)
    const second = workerScript(module)
    expect(second).not.toBe(first)
    await expect(second).rejects.toThrow(/would name the bundle's file/)
  })
})
