import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm test` runs every `bench:*` script of package.json with `--smoke` (scripts/test.ts). A bench
// that ignored the flag would run for minutes and report nothing; this fails first, cheaply: each
// bench script runs its main through runBench (scripts/bench-smoke.ts), which reads the flag and
// writes the smoke's summary.

const root = path.resolve(import.meta.dirname, '../..')
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}
const benches = Object.entries(scripts).filter(([name]) => name.startsWith('bench:'))

describe('every bench has a smoke', () => {
  it('there are benches to smoke', () => {
    expect(benches.map(([name]) => name)).toContain('bench:api')
  })

  it.each(benches)('%s runs through runBench from scripts/bench-smoke.ts', (_name, command) => {
    const file = /^tsx (scripts\/[\w./-]+\.ts)$/.exec(command)?.[1]
    expect(file, `"${command}" is not \`tsx scripts/<file>.ts\``).toBeDefined()
    const source = readFileSync(path.join(root, file!), 'utf8')
    expect(source).toMatch(/from '\.\/bench-smoke'/)
    expect(source).toMatch(/\brunBench\(/)
  })
})
