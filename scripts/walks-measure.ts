import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { addMonths, todayInBrazil } from '../src/kernel/dates'
import { createApp } from '../mock-server/app'
import { readConfig } from '../mock-server/config'
import { paymentsOfx, uploadOfx } from './bench-kit'
import { root, signInWithPassword } from './stack'

// The files a person's command crosses, measured rather than read: the mock server in this
// process over a fresh seeded data file, V8's precise coverage switched on in its thread and in
// every worker thread it starts, and, for each command, the repository's files in which some
// function ran between its request and the end of what it set off (its reactions included). A
// file whose module was only evaluated (its top-level code, e.g. a schema built at import) is not
// counted: nothing of it was called. Each command runs once before it is measured, so that what
// only a first call does (a worker's start, a module imported on first use) is left out. Worker
// threads run esbuild bundles (mock-server/domain/worker-code.ts), whose `// <file>` headers
// name the file of each function. `npm run walks` prints them (scripts/walks.ts);
// tests/server/walks.test.ts holds them to their ceilings.

type ScriptCoverage = {
  scriptId: string
  url: string
  functions: {
    functionName: string
    ranges: { startOffset: number; endOffset: number; count: number }[]
  }[]
}

export type Walk = { name: string; files: ReadonlySet<string> }
export type Walks = {
  /** What every signed-in request crosses: the walk of the smallest one. */
  edge: ReadonlySet<string>
  walks: readonly Walk[]
}

/** V8's precise coverage of this thread and of every worker thread started from now on. */
async function coverageProbe() {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
  // The scripts' own text, to tell a module runner's export bindings from the file's code.
  await session.post('Debugger.enable')
  const sources = new Map<string, Promise<string>>()

  /** Each worker thread's inspector session, reached through this thread's. */
  const workers = new Map<string, (method: string, params?: object) => Promise<unknown>>()
  let nextMessage = 1
  const waiting = new Map<number, (result: unknown) => void>()
  session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
    const message = JSON.parse(params.message) as { id?: number; result?: unknown }
    if (message.id === undefined) return
    waiting.get(message.id)?.(message.result)
    waiting.delete(message.id)
  })
  session.on('NodeWorker.attachedToWorker', ({ params }) => {
    const { sessionId } = params
    const post = (method: string, extra: object = {}) =>
      new Promise<unknown>((resolve) => {
        const id = nextMessage++
        waiting.set(id, resolve)
        void session.post('NodeWorker.sendMessageToWorker', {
          sessionId,
          message: JSON.stringify({ id, method, params: extra }),
        })
      })
    workers.set(sessionId, post)
    // The worker waits for its coverage to be on before it runs its first line.
    void (async () => {
      await post('Profiler.enable')
      await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
      await post('Runtime.runIfWaitingForDebugger')
    })()
  })
  session.on('NodeWorker.detachedFromWorker', ({ params }) => workers.delete(params.sessionId))
  await session.post('NodeWorker.enable', { waitForDebuggerOnStart: true })

  return {
    /** Coverage since the last call, here and in every worker (each call resets the counts). */
    async take(): Promise<ScriptCoverage[]> {
      const own = (await session.post('Profiler.takePreciseCoverage')) as {
        result: ScriptCoverage[]
      }
      const theirs = await Promise.all(
        [...workers.values()].map(
          async (post) =>
            ((await post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] }).result,
        ),
      )
      return [...own.result, ...theirs.flat()]
    },
    /** The text of one of this thread's scripts, as V8 runs it. */
    source(scriptId: string): Promise<string> {
      let text = sources.get(scriptId)
      if (!text) {
        text = session
          .post('Debugger.getScriptSource', { scriptId })
          .then(({ scriptSource }) => scriptSource)
        sources.set(scriptId, text)
      }
      return text
    },
    async stop() {
      await session.post('NodeWorker.disable')
      await session.post('Profiler.stopPreciseCoverage')
      await session.post('Debugger.disable')
      session.disconnect()
    },
  }
}

const bundleHeaders = new Map<string, { offset: number; file: string }[]>()
/** Where each bundled file starts in an esbuild bundle (its `// path/to/file.ts` header). */
function headersOf(file: string) {
  let headers = bundleHeaders.get(file)
  if (!headers) {
    headers = []
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/^\/\/ ((?:mock-server|src)\/\S+\.tsx?)$/gm))
      headers.push({ offset: match.index, file: match[1]! })
    bundleHeaders.set(file, headers)
  }
  return headers
}

/** The workers' bundles, wherever node_modules really is (a link, in a worktree). */
const workerBundles = `${path.sep}${path.join('node_modules', '.cache', 'contabil-workers')}${path.sep}`

/**
 * A binding of a module's export as a module runner writes it (vitest's: `() => { try { return
 * name } catch {} }`, or `return __vite_ssr_import_2__.name` for a re-export), which runs
 * whenever another module reads the export: not the file's code.
 */
const exportBinding = /^\(\) => \{ try \{ return [\w$.]+ \} catch \{\} \}$/

/** The repository's files in which a function other than a module's own top level ran. */
async function filesRun(
  coverage: ScriptCoverage[],
  source: (scriptId: string) => Promise<string>,
): Promise<Set<string>> {
  const files = new Set<string>()
  for (const script of coverage) {
    if (!script.url.startsWith('file://')) continue
    const file = fileURLToPath(script.url)
    const relative = path.relative(root, file)
    const bundled = file.includes(workerBundles)
    if (!bundled && !/^(mock-server|src)\//.test(relative)) continue
    for (const fn of script.functions) {
      const [whole] = fn.ranges
      if (!whole || whole.count === 0 || whole.startOffset === 0) continue
      if (bundled) {
        const header = headersOf(file).findLast((h) => h.offset <= whole.startOffset)
        if (header) files.add(header.file)
      } else if (!files.has(relative)) {
        const text = (await source(script.scriptId)).slice(whole.startOffset, whole.endOffset)
        if (!exportBinding.test(text)) files.add(relative)
      }
    }
  }
  return files
}

const ANA = 'ana@contabil.dev'
const ADMIN = 'admin@contabil.dev'
const COMPANY = 'cmp-ana-design'
/** What happens after an answer (reactions, background runs) has this long to finish. */
const SETTLE_MS = 1_500

/**
 * Measures the walks against a server of its own, over the Auth emulator at `authHost`
 * (`127.0.0.1:port`, with the demo accounts) and the test PKI in `pkiDir`.
 */
export async function measureWalks(authHost: string, pkiDir: string): Promise<Walks> {
  const probe = await coverageProbe()
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'contabil-walks-'))
  const instance = createApp({
    ...readConfig({
      MOCK_DATA_DIR: path.join(scratch, 'data'),
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      MOCK_TEST_PKI_DIR: pkiDir,
      MOCK_VAULT_KEY_DIR: path.join(scratch, 'vault'),
      MOCK_SEFIN_PORT: '0',
    }),
    environment: 'test',
  })
  const server = instance.app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const authPort = Number(authHost.split(':').at(-1))

  const tokens = new Map<string, string>()
  const tokenOf = async (email: string) => {
    const password = email === ADMIN ? 'Admin#2026' : 'Cliente#2026'
    const token = tokens.get(email) ?? (await signInWithPassword(authPort, email, password))
    tokens.set(email, token)
    return token
  }
  async function call(as: string, method: string, pathname: string, body?: unknown) {
    const response = await fetch(api + pathname, {
      method,
      headers: {
        Authorization: `Bearer ${await tokenOf(as)}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const answer = (await response.json()) as { message?: string }
    if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${answer.message}`)
  }

  /** The files `command` crosses: coverage taken just before it and once its effects settled. */
  async function walk(command: () => Promise<void>) {
    const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    await settle()
    await probe.take()
    await command()
    await settle()
    return filesRun(await probe.take(), probe.source)
  }

  /** Ana imports an OFX line that pays her oldest open invoice taken by a company (its CNPJ named). */
  async function importPaying(fitIdPrefix: string) {
    const open = instance.store.data.nfsRequests
      .filter(
        (r) =>
          r.companyId === COMPANY &&
          r.status === 'issued' &&
          !r.receivedBy &&
          r.taker?.document.length === 14,
      )
      .toSorted((a, b) => a.date.localeCompare(b.date))[0]
    if (!open) throw new Error('no open invoice of ana taken by a company')
    const upload = uploadOfx(api, COMPANY, { Authorization: `Bearer ${await tokenOf(ANA)}` })
    const payment = { date: open.date, amount: open.totalValue, taker: open.taker!.document }
    const response = await upload(paymentsOfx([payment], fitIdPrefix), 'inter.ofx')
    if (!response.ok) throw new Error(`the OFX upload answered ${response.status}`)
    const { data } = (await response.json()) as { data: { reconciliation: { matched: number } } }
    if (data.reconciliation.matched !== 1 || !instance.store.nfsRequests.get(open.id)?.receivedBy)
      throw new Error(`the OFX line did not pay invoice ${open.id}`)
  }

  const period = addMonths(todayInBrazil().slice(0, 7), -1)
  const payroll = { proLabore: [{ partnerId: '52998224725', amount: 8_500 }], salaries: 0, fgts: 0 }

  try {
    // The smallest signed-in request: ana's own user record.
    await call(ANA, 'GET', '/users/me')
    const edge = await walk(() => call(ANA, 'GET', '/users/me'))
    await importPaying('WARM')
    const ofx = await walk(() => importPaying('WALK'))
    // The month close warms up on its refusal (the payroll not entered yet), which calculates it;
    // the payroll is entered before the walk starts.
    await call(ADMIN, 'POST', `/companies/${COMPANY}/simples/${period}/close`).catch(() => {})
    await call(ADMIN, 'PUT', `/companies/${COMPANY}/payroll/${period}`, payroll)
    const close = await walk(() =>
      call(ADMIN, 'POST', `/companies/${COMPANY}/simples/${period}/close`),
    )
    return {
      edge,
      walks: [
        { name: 'OFX import → invoice received', files: ofx },
        { name: 'Month close (Simples)', files: close },
      ],
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await instance.close()
    await probe.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The layer a file belongs to, as eslint.config.js names them. */
export function layerOf(file: string) {
  const parts = file.split('/')
  if (parts[0] === 'src') return `src/${parts[1]}`
  if (['routes', 'domain', 'store', 'formats', 'stand-ins', 'ofx'].includes(parts[1]!))
    return `mock-server/${parts[1]}`
  return 'mock-server (edge)'
}
