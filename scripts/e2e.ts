import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter'
import { freePortBlock } from './ports'
import { root, startEmulator, startMockServer, stopAll, waitForPort, type Service } from './stack'
import { checkBundles } from './vite/bundle-check'

// `npm run test:e2e`: the production build (with the emulator flag and API addresses), the Auth
// emulator, the mock server (fresh data, resets allowed) and `vite preview`, each on free ports
// so several runs can go at once; then Playwright in Chromium. Extra arguments go to Playwright.
//
// Writes a JSON summary to E2E_SUMMARY_FILE when set (scripts/test.ts reads it).

const node = process.execPath
const vite = path.join(root, 'node_modules/vite/bin/vite.js')
const playwright = path.join(root, 'node_modules/@playwright/test/cli.js')

function run(command: string, args: string[], env: NodeJS.ProcessEnv, label: string) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    child.once('exit', (code, signal) => {
      if (signal) console.error(`[${label}] stopped by ${signal}`)
      resolve(code ?? 1)
    })
  })
}

/** The specs that failed, `file:line › title`, for the summary of `npm test` (scripts/test.ts). */
function failedSpecs(suites: readonly JSONReportSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...suite.specs
      .filter((spec) => !spec.ok)
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...failedSpecs(suite.suites ?? []),
  ])
}

const started = Date.now()
const services: Service[] = []
const workDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-e2e-'))
const outDir = path.join(workDir, 'dist')
let exitCode = 1

const stop = async () => {
  await stopAll(services)
  rmSync(workDir, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stop().then(() => process.exit(130)))

try {
  // auth, hub, logging, mock server, web, the Sefin Nacional stand-in (TLS)
  const base = await freePortBlock(6)
  const ports = { auth: base, mock: base + 3, web: base + 4, sefin: base + 5 }
  const urls = {
    auth: `http://127.0.0.1:${ports.auth}`,
    api: `http://localhost:${ports.mock}`,
    web: `http://localhost:${ports.web}`,
  }

  console.log(`[e2e] building the app (emulator ${urls.auth}, API ${urls.api})…`)
  const buildEnv = {
    VITE_AUTH_EMULATOR_URL: urls.auth,
    VITE_API_URL: urls.api,
    VITE_FUNCTIONS_URL: urls.api,
    VITE_SITE_URL: urls.web,
    VITE_STORYBLOK_ENDPOINT: `${urls.api}/v2`,
  }
  const built = await run(
    node,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    buildEnv,
    'build',
  )
  if (built !== 0) throw new Error('vite build failed')

  const bundleProblems = checkBundles(outDir)

  console.log('[e2e] starting the Auth emulator, the mock server and vite preview…')
  const emulatorDir = path.join(workDir, 'emulator')
  services.push(
    await startEmulator({
      port: ports.auth,
      dataDir: emulatorDir,
      persist: false,
      quiet: true,
      origins: { webUrl: urls.web, publicUrl: urls.api },
    }),
  )
  services.push(
    await startMockServer({
      port: ports.mock,
      dataDir: path.join(workDir, 'mock'),
      authPort: ports.auth,
      webUrl: urls.web,
      quiet: true,
      env: {
        MOCK_TEST_HOOKS: '1',
        MOCK_PUBLIC_URL: urls.api,
        MOCK_SEFIN_PORT: String(ports.sefin),
        // The certificates' vault key of this run, not the user's (vault-key.ts).
        MOCK_VAULT_KEY_DIR: path.join(workDir, 'vault-key'),
      },
    }),
  )
  const preview = spawn(
    node,
    [vite, 'preview', '--outDir', outDir, '--port', String(ports.web), '--strictPort'],
    {
      cwd: root,
      env: { ...process.env, ...buildEnv, LOOKUP_PROXY_TARGET: urls.api },
      detached: true,
      stdio: 'ignore',
    },
  )
  services.push({
    name: 'web',
    child: preview,
    stop: () =>
      new Promise<void>((resolve) => {
        if (preview.exitCode !== null || preview.signalCode !== null) return resolve()
        preview.once('exit', () => resolve())
        try {
          process.kill(-preview.pid!, 'SIGTERM')
        } catch {
          resolve()
        }
      }),
  })
  await waitForPort(ports.web)

  const reportFile = path.join(workDir, 'playwright.json')
  const code = await run(
    node,
    [playwright, 'test', ...process.argv.slice(2)],
    {
      E2E_BASE_URL: urls.web,
      E2E_API_URL: urls.api,
      E2E_AUTH_URL: urls.auth,
      // The mock's data folder: the NFS-e spec makes certificates from its local test PKI.
      E2E_MOCK_DATA_DIR: path.join(workDir, 'mock'),
      E2E_JSON_REPORT: reportFile,
      // Each run keeps its own failure traces (several runs may go at once).
      E2E_OUTPUT_DIR: path.join(root, 'test-results', `e2e-${started}-${process.pid}`),
    },
    'playwright',
  )

  let passed = 0
  let failed = 0
  const failures: string[] = []
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JSONReport
    passed = report.stats.expected + report.stats.flaky
    failed = report.stats.unexpected
    failures.push(...failedSpecs(report.suites))
    // A filter that matches nothing ran nothing: not a pass (Playwright says "No tests found").
    if (passed + failed === 0) {
      failed += 1
      console.error('[e2e] no test ran')
    }
  } catch {
    failed += 1
  }
  // The bundle check counts as one more check.
  if (bundleProblems.length === 0) passed += 1
  else {
    failed += 1
    failures.push(`bundle check: ${bundleProblems[0]}`)
    console.error(`[e2e] bundle check failed:\n  ${bundleProblems.join('\n  ')}`)
  }
  if (process.env.E2E_SUMMARY_FILE)
    writeFileSync(process.env.E2E_SUMMARY_FILE, JSON.stringify({ passed, failed, failures }))
  console.log(
    `[e2e] ${passed} passed, ${failed} failed in ${Math.round((Date.now() - started) / 1000)} s`,
  )
  exitCode = code === 0 && failed === 0 ? 0 : 1
} catch (error) {
  console.error('[e2e]', error instanceof Error ? error.message : error)
  if (process.env.E2E_SUMMARY_FILE)
    writeFileSync(process.env.E2E_SUMMARY_FILE, JSON.stringify({ passed: 0, failed: 1 }))
  exitCode = 1
} finally {
  await stop()
}
process.exit(exitCode)
