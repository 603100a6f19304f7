import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { JsonTestResult, JsonTestResults } from 'vitest/reporters'
import type { SmokeSummary } from './bench-smoke'
import { root } from './stack'

// `npm test`: typecheck, lint, every vitest project (unit, component, server), every bench's smoke
// and the Playwright e2e suite against the real stack. Every step runs even when an earlier one
// failed; the last line sums them all: `N passed, N failed` (typecheck and lint count as one check
// each).

type Result = { name: string; passed: number; failed: number; seconds: number }
/** What failed, a line each: CI shows only the tail of the output, so the summary names them. */
type Outcome = { passed: number; failed: number; failures?: string[] }

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

const failures: string[] = []

async function step(name: string, body: () => Promise<Outcome>) {
  console.log(`\n━━ ${name} ━━`)
  const started = Date.now()
  const outcome: Outcome = await body().catch((error: unknown) => {
    console.error(error)
    return { passed: 0, failed: 1, failures: [firstLine(String(error))] }
  })
  const result = {
    name,
    passed: outcome.passed,
    failed: outcome.failed,
    seconds: Math.round((Date.now() - started) / 1000),
  }
  results.push(result)
  for (const failure of outcome.failures ?? []) failures.push(`${name}: ${failure}`)
  console.log(`━━ ${name}: ${result.passed} passed, ${result.failed} failed (${result.seconds} s)`)
}

const firstLine = (text: string | undefined) => (text ?? '').trim().split('\n')[0]!.slice(0, 300)

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
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonTestResults
    // A file that failed before running any test (import error, failing hook) counts once.
    const broken = (file: JsonTestResult) =>
      file.status === 'failed' && file.assertionResults.length === 0
    const failures = json.testResults.flatMap((file) => {
      const where = path.relative(root, file.name)
      if (broken(file)) return [`${where}: ${firstLine(file.message)}`]
      return file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    })
    const failed = json.numFailedTests + json.testResults.filter(broken).length
    return {
      passed: json.numPassedTests,
      failed: failed === 0 && code !== 0 ? 1 : failed,
      failures,
    }
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
    const { passed, failed, failures } = JSON.parse(readFileSync(summary, 'utf8')) as Outcome
    return { passed, failed: failed === 0 && code !== 0 ? 1 : failed, failures }
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
if (failures.length > 0) {
  console.log('\nFalhas:')
  for (const failure of failures.slice(0, 40)) console.log(`  ✘ ${failure}`)
  if (failures.length > 40) console.log(`  … e mais ${failures.length - 40}`)
}
const passed = results.reduce((sum, result) => sum + result.passed, 0)
const failed = results.reduce((sum, result) => sum + result.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
