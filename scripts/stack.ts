import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { listenHostsOf } from '../mock-server/network'
import type { AppOrigins } from '../mock-server/origins'
import { makePrivate, PRIVATE_FILE_MODE, withPrivateUmask } from '../mock-server/private-files'
import { DATA_FILE_REFUSED_EXIT } from '../mock-server/store/data-file-error'
import { writeEmulatorImport } from '../mock-server/seed/emulator-accounts'
import { startAuthEmulatorProxy } from './auth-emulator-proxy'
import { freePortBlock } from './ports'
import { WARM_LOG } from './vite/dev-warmup'

// Starts and stops the three local services (Auth emulator, mock server, web app) for
// `npm start`, `npm test` and the benches. Each runs in its own process group so that
// stopping it stops its children too.

export const root = path.resolve(import.meta.dirname, '..')
export const PROJECT_ID = 'demo-contabil'

export type Service = { name: string; child: ChildProcess; stop: () => Promise<void> }

/**
 * A service that stopped while starting and has said why itself (the mock server refusing its
 * data folder): whoever started it stops the rest without adding to its message.
 */
export class ServiceRefused extends Error {}

export function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, host)
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline)
          reject(new Error(`port ${host}:${port} did not open in ${timeoutMs} ms`))
        else setTimeout(attempt, 200)
      })
    }
    attempt()
  })
}

export async function assertPortFree(port: number, what: string) {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => (socket.destroy(), resolve(false)))
  })
  if (inUse)
    throw new Error(
      `Port ${port} (${what}) is already in use. Stop whatever runs there and try again.`,
    )
}

function run(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  quiet: boolean,
): Service {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  })
  if (quiet) {
    // Keep the last lines so a failure to start can be explained.
    const tail: string[] = []
    const keep = (chunk: Buffer) => {
      tail.push(...chunk.toString().split('\n'))
      tail.splice(0, Math.max(0, tail.length - 40))
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    child.once('exit', (code) => {
      // Its own message, alone: it names the problem and what to do.
      if (code === DATA_FILE_REFUSED_EXIT)
        console.error(`\n${tail.filter((line) => line.trim()).join('\n')}\n`)
      else if (code && code !== 0 && code !== 130)
        console.error(`[${name}] exited with ${code}\n${tail.join('\n')}`)
    })
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          /* already gone */
        }
      }, 10_000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      try {
        process.kill(-child.pid!, 'SIGINT')
      } catch {
        resolve()
      }
    })
  return { name, child, stop }
}

export type EmulatorOptions = {
  port: number
  dataDir: string
  persist: boolean
  quiet?: boolean
  /**
   * The app's pages that may sign in from a browser (the web URL and the API's public URL, for
   * its `/docs`): the proxy grants their origins only. Without it, only this machine's tools.
   */
  origins?: AppOrigins
}

/**
 * The emulator opens its port before it imports the accounts: a sign-in in between is refused
 * (EMAIL_NOT_FOUND). Ready is when its accounts are there — asked on its inner port, as a tool of
 * this machine, with the emulator's administrator credential.
 */
async function waitForAccounts(innerPort: number, timeoutMs = 90_000): Promise<void> {
  const url = `http://127.0.0.1:${innerPort}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:query`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnUserInfo: false }),
    }).catch(() => null)
    const count = res?.ok
      ? Number(((await res.json()) as { recordsCount?: string }).recordsCount)
      : 0
    if (count > 0) return
    if (Date.now() > deadline)
      throw new Error(
        `the Auth emulator on port ${innerPort} had no accounts after ${timeoutMs} ms`,
      )
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * The Firebase Auth emulator, seeded with the demo accounts. With `persist`, accounts made while
 * it runs are exported on exit into `dataDir/auth` (never over the fixtures) and imported next time.
 * The data folder is private (0700, files 0600), and so is what the emulator writes into it.
 */
export async function startEmulator({
  port,
  dataDir,
  persist,
  quiet = false,
  origins,
}: EmulatorOptions): Promise<Service> {
  await assertPortFree(port, 'Firebase Auth emulator')
  const importDir = path.join(dataDir, 'auth')
  if (!persist || !existsSync(path.join(importDir, 'firebase-export-metadata.json')))
    writeEmulatorImport(importDir)
  // Everyone talks to `port`: the proxy that keeps web pages out of the emulator's admin side and
  // makes popup sign-in work offline (scripts/auth-emulator-proxy.ts). The emulator itself, its
  // hub and logging take a free block on loopback that nobody else is told: the proxy writes its
  // own address where the emulator writes the inner one.
  const inner = await freePortBlock(3)
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: inner },
      hub: { host: '127.0.0.1', port: inner + 1 },
      logging: { host: '127.0.0.1', port: inner + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  makePrivate(dataDir)
  const configFile = path.join(dataDir, `firebase.${port}.json`)
  writeFileSync(configFile, JSON.stringify(config, null, 2), { mode: PRIVATE_FILE_MODE })
  const args = [
    path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    configFile,
    '--import',
    importDir,
    ...(persist ? ['--export-on-exit', importDir] : []),
  ]
  // The emulator's hub leaves a locator file per project in the temp folder, and an export asks
  // whichever hub that file names: with several emulators on one machine (a test run beside
  // `npm start`), the export on exit could save another emulator's accounts here. A temp folder of
  // its own keeps each emulator to itself.
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-emulator-'))
  const env = { CI: 'true', NO_UPDATE_NOTIFIER: '1', TMPDIR: tempDir }
  const emulator = withPrivateUmask(() => run('auth-emulator', process.execPath, args, env, quiet))
  await waitForPort(inner)
  await waitForAccounts(inner)
  const proxy = await startAuthEmulatorProxy(port, inner, { origins })
  return {
    name: emulator.name,
    child: emulator.child,
    async stop() {
      await new Promise<void>((resolve) => {
        proxy.closeAllConnections()
        proxy.close(() => resolve())
      })
      await emulator.stop()
      rmSync(tempDir, { recursive: true, force: true })
    },
  }
}

export type MockOptions = {
  port: number
  dataDir: string
  authPort: number
  webUrl: string
  quiet?: boolean
  env?: NodeJS.ProcessEnv
}

/**
 * V8 lets a heap grow to as much as four times what it held after its last full collection
 * before it collects again: the API's thread, writing a million-line reconciliation or closing
 * 100,000 months, held half a gigabyte of garbage at times (scripts/bench-scale.ts, the memory
 * row). Half again keeps it to a fraction of that; the more frequent collections cost that bench's
 * bulk close about a sixth of its time, far inside its bound. The option is the process's: every
 * thread of it follows.
 */
const SERVER_NODE_OPTIONS = ['--heap-growing-percent=50']

export async function startMockServer({
  port,
  dataDir,
  authPort,
  webUrl,
  quiet = false,
  env = {},
}: MockOptions): Promise<Service> {
  await assertPortFree(port, 'mock server')
  const service = run(
    'mock-server',
    process.execPath,
    [...SERVER_NODE_OPTIONS, '--import', 'tsx', path.join(root, 'mock-server/index.ts')],
    {
      MOCK_PORT: String(port),
      MOCK_DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      WEB_URL: webUrl,
      // The Sefin Nacional stand-in's TLS port: any free one, unless the caller names it (`npm
      // start`: 3443), so that the test runs, benches and builds beside it never collide.
      MOCK_SEFIN_PORT: '0',
      // glibc gives each thread that allocates an arena of its own (up to eight per core) and
      // keeps what they free: the API, its five workers and SQLite's connections held 0.54 GB
      // resident at start on the data set of scripts/bench-scale.ts, 0.40 GB with two arenas,
      // and its peak over the run went from 1.19 to 0.96 GB, its other rows as before (same run).
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
    quiet,
  )
  // The first address it listens on (loopback unless MOCK_HOST names another), unless it stops
  // first: a refused data folder stops it before it listens.
  const refused = new Promise<never>((_resolve, reject) =>
    service.child.once('exit', (code) => {
      if (code === DATA_FILE_REFUSED_EXIT)
        reject(new ServiceRefused('mock-server refused its data folder'))
    }),
  )
  await Promise.race([
    waitForPort(port, listenHostsOf(env.MOCK_HOST ?? process.env.MOCK_HOST)[0]),
    refused,
  ])
  return service
}

export type WebOptions = {
  port: number
  mode: 'dev' | 'preview'
  quiet?: boolean
  env?: NodeJS.ProcessEnv
}

export async function startWeb({
  port,
  mode,
  quiet = false,
  env = {},
}: WebOptions): Promise<Service> {
  await assertPortFree(port, 'web app')
  const vite = path.join(root, 'node_modules/vite/bin/vite.js')
  const args =
    mode === 'dev' ? [vite, '--port', String(port)] : [vite, 'preview', '--port', String(port)]
  const service = run('web', process.execPath, args, { WEB_PORT: String(port), ...env }, quiet)
  // The dev server has transformed the login page and the landing screens when it says so
  // (scripts/vite/dev-warmup.ts): the app is announced then, so a first visit finds it warm.
  const warm = mode === 'dev' && quiet ? logged(service.child, WARM_LOG, 180_000) : null
  await waitForPort(port)
  await warm
  return service
}

/** Resolves when the child's output contains `text` (or after `timeoutMs`, or when it exits). */
function logged(child: ChildProcess, text: string, timeoutMs: number) {
  return new Promise<void>((resolve) => {
    let seen = ''
    const done = () => {
      clearTimeout(timer)
      child.stdout?.off('data', check)
      child.off('exit', done)
      resolve()
    }
    const check = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096)
      if (seen.includes(text)) done()
    }
    const timer = setTimeout(done, timeoutMs)
    child.stdout?.on('data', check)
    child.once('exit', done)
  })
}

/** A demo account's ID token from the emulator's REST API, as a tool of this machine asks it. */
export async function signInWithPassword(authPort: number, email: string, password: string) {
  const response = await fetch(
    `http://127.0.0.1:${authPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  )
  const body = (await response.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`sign-in failed for ${email}`)
  return body.idToken
}

/**
 * Starts services side by side (the emulator's start is long, and needs nothing of the others').
 * Each joins `services` as soon as it is up, so the caller's `stopAll` stops every one that
 * started, even when another failed; the first failure is thrown once all have settled.
 */
export async function startTogether(
  services: Service[],
  ...starting: Promise<Service>[]
): Promise<void> {
  const outcomes = await Promise.allSettled(
    starting.map((service) => service.then((started) => void services.push(started))),
  )
  const failed = outcomes.find((outcome) => outcome.status === 'rejected')
  if (failed) throw failed.reason
}

export async function stopAll(services: Service[]) {
  await Promise.all([...services].reverse().map((service) => service.stop()))
}
