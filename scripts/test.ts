import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SmokeSummary } from './bench-smoke'
import { root } from './stack'

// `npm test`: typecheck, lint, every vitest project (unit, component, server), every bench's smoke
// and the Playwright e2e suite against the real stack. Every step runs even when an earlier one
// failed; the last line sums them all: `N passed, N failed` (typecheck and lint count as one check
// each).

type Result = { name: string; passed: number; failed: number; seconds: number }

const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
const work = mkdtempSync(path.join(os.tmpdir(), 'contabil-test-'))
const results: Result[] = []

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    child.once('error', (error) => {
      console.error(error)
      resolve(1)
    })
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

async function step(name: string, body: () => Promise<{ passed: number; failed: number }>) {
  console.log(`\n━━ ${name} ━━`)
  const started = Date.now()
  const outcome = await body().catch((error: unknown) => {
    console.error(error)
    return { passed: 0, failed: 1 }
  })
  const result = { name, ...outcome, seconds: Math.round((Date.now() - started) / 1000) }
  results.push(result)
  console.log(`━━ ${name}: ${result.passed} passed, ${result.failed} failed (${result.seconds} s)`)
}

const check = async (command: string, args: string[]) =>
  (await run(command, args)) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }

await step('typecheck', () => check(bin('tsc'), ['--noEmit']))
// The lint script: ESLint, `prettier --check .` and the OpenAPI document's lint (package.json).
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
await step('lint', () => check(npm, ['run', 'lint']))

await step('vitest (unit, component, server)', async () => {
  const report = path.join(work, 'vitest.json')
  const code = await run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ])
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      testResults: { status: string; assertionResults: unknown[] }[]
    }
    // A file that failed before running any test (import error, failing hook) counts once.
    const brokenFiles = json.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length
    const failed = json.numFailedTests + brokenFiles
    return { passed: json.numPassedTests, failed: failed === 0 && code !== 0 ? 1 : failed }
  } catch {
    return { passed: 0, failed: 1 }
  }
})

// Every bench's smoke (scripts/bench-smoke.ts): each `bench:*` script of package.json with
// `--smoke`, its data sets tiny and each row once; a row that answered counts as passed, a bench
// that could not start or a row that errored as failed.
await step('bench smoke (bench:* --smoke)', async () => {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  let passed = 0
  let failed = 0
  for (const bench of Object.keys(scripts).filter((name) => name.startsWith('bench:'))) {
    const summary = path.join(work, `${bench.replace(':', '-')}.json`)
    const code = await run(npm, ['run', bench, '--', '--smoke'], { BENCH_SMOKE_SUMMARY: summary })
    try {
      const outcome = JSON.parse(readFileSync(summary, 'utf8')) as SmokeSummary
      passed += outcome.rows
      failed += outcome.failed === 0 && code !== 0 ? 1 : outcome.failed
    } catch {
      failed += 1
    }
  }
  return { passed, failed }
})

await step('e2e (Playwright, Chromium)', async () => {
  const summary = path.join(work, 'e2e.json')
  const code = await run(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/e2e.ts')], {
    E2E_SUMMARY_FILE: summary,
  })
  try {
    const { passed, failed } = JSON.parse(readFileSync(summary, 'utf8')) as {
      passed: number
      failed: number
    }
    return { passed, failed: failed === 0 && code !== 0 ? 1 : failed }
  } catch {
    return { passed: 0, failed: 1 }
  }
})

rmSync(work, { recursive: true, force: true })
console.log('\nResumo:')
for (const result of results)
  console.log(
    `  ${result.name.padEnd(34)} ${String(result.passed).padStart(5)} passed ${String(result.failed).padStart(4)} failed  ${result.seconds} s`,
  )
const passed = results.reduce((sum, result) => sum + result.passed, 0)
const failed = results.reduce((sum, result) => sum + result.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
