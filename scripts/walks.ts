import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePortBlock } from './ports'
import { paymentsOfx, uploadOfx } from './bench-kit'
import { root, signInWithPassword, startEmulator } from './stack'

// The files a person's command crosses, measured rather than read (`npm run walks`): the mock
// server in this process over a fresh seeded data file, V8's precise coverage switched on in its
// thread and in every worker thread it starts, and, for each command, the repository's files in
// which some function ran between its request and the end of what it set off (its reactions
// included). A file whose module was only evaluated (its top-level code, e.g. a schema built at
// import) is not counted: nothing of it was called. Worker threads run esbuild bundles
// (mock-server/domain/worker-code.ts), whose `// <file>` headers name the file of each function.
//
//   npm run walks            the table: each walk's files by layer
//   npm run walks -- --list  and every file, in the order of its path in the repository

type ScriptCoverage = {
  url: string
  functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[]
}

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })

/** Each worker thread's inspector session, reached through the main thread's. */
const workers = new Map<string, { post: (method: string, params?: object) => Promise<unknown> }>()
let nextMessage = 1
const waiting = new Map<number, (result: unknown) => void>()
session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
  const message = JSON.parse(params.message) as { id?: number; result?: unknown }
  if (message.id !== undefined) waiting.get(message.id)?.(message.result)
})
session.on('NodeWorker.attachedToWorker', ({ params }) => {
  const sessionId = params.sessionId
  const post = (method: string, extra: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = nextMessage++
      waiting.set(id, resolve)
      void session.post('NodeWorker.sendMessageToWorker', {
        sessionId,
        message: JSON.stringify({ id, method, params: extra }),
      })
    })
  workers.set(sessionId, { post })
  // The worker waits for its coverage to be on before it runs its first line.
  void (async () => {
    await post('Profiler.enable')
    await post('Profiler.startPreciseCoverage', { callCount: true, detailed: false })
    await post('Runtime.runIfWaitingForDebugger')
  })()
})
session.on('NodeWorker.detachedFromWorker', ({ params }) => workers.delete(params.sessionId))
await session.post('NodeWorker.enable', { waitForDebuggerOnStart: true })

/** Coverage since the last call, in this thread and every worker's (each call resets counts). */
async function takeCoverage(): Promise<ScriptCoverage[]> {
  const own = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] }
  const theirs = await Promise.all(
    [...workers.values()].map(
      async (worker) =>
        ((await worker.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] })
          .result,
    ),
  )
  return [...own.result, ...theirs.flat()]
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

/** The repository's files in which a function other than a module's own top level ran. */
function filesRun(coverage: ScriptCoverage[]): Set<string> {
  const files = new Set<string>()
  for (const script of coverage) {
    if (!script.url.startsWith('file://')) continue
    const file = fileURLToPath(script.url)
    const relative = path.relative(root, file)
    const bundled = relative.startsWith(path.join('node_modules', '.cache', 'contabil-workers'))
    if (!bundled && !/^(mock-server|src)\//.test(relative)) continue
    for (const fn of script.functions) {
      const [whole] = fn.ranges
      if (!whole || whole.count === 0 || whole.startOffset === 0) continue
      if (!bundled) {
        files.add(relative)
        continue
      }
      const header = headersOf(file).findLast((h) => h.offset <= whole.startOffset)
      if (header) files.add(header.file)
    }
  }
  return files
}

// The stack: the Auth emulator, the test PKI and the mock server on free ports, quietly.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'contabil-walks-'))
const authPort = await freePortBlock(3)
const emulator = await startEmulator({
  port: authPort,
  dataDir: path.join(scratch, 'auth'),
  persist: false,
  quiet: true,
})
process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authPort}`
const { prepareTestPki } = await import('../mock-server/stand-ins/sefin-nacional/test-pki')
const { seedCore } = await import('../mock-server/seed/core')
const { certifiedCompanies } = await import('../mock-server/seed/nfse')
const { createApp } = await import('../mock-server/app')
const { readConfig } = await import('../mock-server/config')
const pkiDir = path.join(scratch, 'pki')
await prepareTestPki(pkiDir, certifiedCompanies(seedCore().companies))
const instance = createApp({
  ...readConfig({
    MOCK_DATA_DIR: path.join(scratch, 'data'),
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    MOCK_TEST_PKI_DIR: pkiDir,
    MOCK_VAULT_KEY_DIR: path.join(scratch, 'vault'),
    MOCK_SEFIN_PORT: '0',
  }),
  environment: 'test',
})
const server = instance.app.listen(0, '127.0.0.1')
await new Promise<void>((resolve) => server.once('listening', () => resolve()))
const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const tokens = new Map<string, string>()
async function call(as: string, method: string, pathname: string, body?: unknown) {
  const password = as.startsWith('admin@') ? 'Admin#2026' : 'Cliente#2026'
  const token = tokens.get(as) ?? (await signInWithPassword(authPort, as, password))
  tokens.set(as, token)
  const response = await fetch(api + pathname, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json()) as { data?: unknown; message?: string }
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${answer.message}`)
  return answer.data
}

/** What happens after the answer (reactions, background runs) has this long to finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500))

/** The files `command` crosses: coverage taken just before it and once its effects settled. */
async function walk(command: () => Promise<void>) {
  await settle()
  await takeCoverage()
  await command()
  await settle()
  return filesRun(await takeCoverage())
}

const ANA = 'ana@contabil.dev'
const ADMIN = 'admin@contabil.dev'
const COMPANY = 'cmp-ana-design'
const { addMonths } = await import('../src/kernel/dates')
const { todayInBrazil } = await import('../src/kernel/dates')
const period = addMonths(todayInBrazil().slice(0, 7), -1)

// Warm-up: each path once, so that what a first call alone does (a worker's start and bundle,
// modules imported on first use) is not counted in the walk.
async function importPaying(fitId: string) {
  const open = instance.store.data.nfsRequests
    .filter(
      (r) =>
        r.companyId === COMPANY &&
        r.status === 'issued' &&
        !r.receivedBy &&
        r.taker?.document.length === 14,
    )
    .toSorted((a, b) => a.date.localeCompare(b.date))[0]
  if (!open) throw new Error('no open invoice of ana with a CNPJ taker')
  const token = tokens.get(ANA) ?? (await signInWithPassword(authPort, ANA, 'Cliente#2026'))
  const upload = uploadOfx(api, COMPANY, { Authorization: `Bearer ${token}` })
  const taker = open.taker!.document
  const response = await upload(
    paymentsOfx([{ date: open.date, amount: open.totalValue, taker }], fitId),
    'inter.ofx',
  )
  if (!response.ok) throw new Error(`the OFX upload answered ${response.status}`)
  const result = ((await response.json()) as { data: { reconciliation: { matched: number } } }).data
  if (result.reconciliation.matched !== 1 || !instance.store.nfsRequests.get(open.id)?.receivedBy)
    throw new Error(`the OFX line ${fitId} did not pay invoice ${open.id}`)
}

const payroll = { proLabore: [{ partnerId: '52998224725', amount: 8_500 }], salaries: 0, fgts: 0 }
async function closeMonth(companyId: string) {
  await call(ADMIN, 'PUT', `/companies/${companyId}/payroll/${period}`, payroll)
  await takeCoverage()
  await call(ADMIN, 'POST', `/companies/${companyId}/simples/${period}/close`)
}

const walks: { name: string; files: Set<string> }[] = []
let edge = new Set<string>()
try {
  // What every signed-in request crosses (host, origin, token, access, the endpoint's row): the
  // walk of the smallest one, ana's own user record.
  await call(ANA, 'GET', '/users/me')
  edge = await walk(() => call(ANA, 'GET', '/users/me').then(() => undefined))
  await importPaying('WALK-WARM')
  walks.push({
    name: 'OFX import → invoice received',
    files: await walk(() => importPaying('WALK')),
  })
  // The month close warms up on its refusal (the payroll not entered yet), which calculates it.
  await call(ADMIN, 'POST', `/companies/${COMPANY}/simples/${period}/close`).catch(() => undefined)
  walks.push({ name: 'Month close (Simples)', files: await walk(() => closeMonth(COMPANY)) })
} finally {
  server.close()
  await instance.close()
  await emulator.stop()
  session.disconnect()
  rmSync(scratch, { recursive: true, force: true })
}

/** The layer a file belongs to, as eslint.config.js names them. */
function layerOf(file: string) {
  const parts = file.split('/')
  if (parts[0] === 'src') return parts[1] === 'kernel' ? 'src/kernel' : `src/${parts[1]}`
  if (['routes', 'domain', 'store', 'formats', 'stand-ins', 'ofx'].includes(parts[1]!))
    return `mock-server/${parts[1]}`
  return 'mock-server (edge)'
}

for (const { name, files } of walks) {
  const layers = new Map<string, string[]>()
  for (const file of [...files].sort()) {
    const layer = layerOf(file)
    layers.set(layer, [...(layers.get(layer) ?? []), file])
  }
  const own = [...files].filter((file) => !edge.has(file)).length
  console.log(
    `\n${name}: ${files.size} files, ${own} of them beyond every signed-in request's ${edge.size}`,
  )
  console.log('| layer | files |\n|---|---|')
  for (const [layer, list] of layers) console.log(`| ${layer} | ${list.length} |`)
  if (process.argv.includes('--list'))
    for (const [layer, list] of layers)
      console.log(`\n${layer}:\n${list.map((f) => `  ${f}`).join('\n')}`)
}
process.exit(0)
