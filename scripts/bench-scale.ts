import { spawn, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import type { NfsRequest } from '../src/schemas/invoice'
import { layouts } from '../mock-server/store/layout'
import {
  load,
  paymentsOfx,
  printRows,
  signIn,
  uploadOfx,
  type BenchRow,
  type OpenInvoice,
} from './bench-kit'
import { runBench } from './bench-smoke'
import {
  FULL_SIZE,
  SCALE_ACCOUNT,
  SCALE_COMPANY,
  SMOKE_SIZE,
  scaleDataSet,
  scalePeriod,
  unpaidInvoiceId,
} from './bench-scale-data'
import { latencyProbe, percentile } from './latency-probe'
import { ofxSample } from './ofx-sample'
import { freePortBlock } from './ports'
import { root, startEmulator, startMockServer, stopAll, waitForPort, type Service } from './stack'

// `npm run bench:scale` (not in CI): the API at the size of a real firm — 100,000 companies with
// twelve months of NFS-e and payroll, ana's company with 1,000,000 bank lines and 200,000 invoices
// (scripts/bench-scale-data.ts: built once into .data/bench-scale, reused while its version
// holds; each run works on a copy). Each row beside the same-run anchor: a minimal indexed handler
// on the same data (scripts/bench-scale-anchor.ts). In order:
//
// - the transactions list and the reconciliation list, p99 at 20 connections;
// - a full reconciliation over the million lines, and other requests' p99 meanwhile (an open loop
//   at 100 requests/s, each timed from when it was due: scripts/latency-probe.ts);
// - the automatic run after an import of 1,000 payments, and an OFX import of 10,000 lines;
// - the month-close queue's first page (p95 of sequential requests: plain, a search, a status
//   filter, the overdue filter; that filter's first request of the month, once), closing every
//   company's month (100 a request) with others' p99 meanwhile, the queue again filtered by the
//   new status and overdue;
// - the year-end queue's first page and one company's DEFIS, when the API has them;
// - the server process's memory (its peak resident set, every thread of it) over the whole run.
//
// `--smoke`: the same rows on a tiny data set (SMOKE_SIZE) in seconds, every row once; it fails
// only when a row fails to run, not on a target (CI's machine is not this one). Options:
// BENCH_SECONDS (per list measure), BENCH_SCALE_DIR (where the data sets live).

const smoke = process.argv.includes('--smoke')
const size = smoke ? SMOKE_SIZE : FULL_SIZE
const SECONDS = Number(process.env.BENCH_SECONDS ?? (smoke ? 1 : 8))
const dataRoot =
  process.env.BENCH_SCALE_DIR ?? path.join(root, '.data/bench-scale', smoke ? 'smoke' : 'full')

/** The targets this bench checks, row by row. */
const LIST_P99_MS = 40
const INCREMENTAL_MS = 200
const FULL_RUN_MS = 20_000
const OTHERS_P99_MS = 250
const OFX_10K_MS = 2_000
const QUEUE_P95_MS = 100
const CLOSE_ALL_MS = 120_000
const DEFIS_MS = 200
const MEMORY_BYTES = 1024 ** 3
/** Sequential requests a queue's p95 is taken over. */
const QUEUE_SAMPLES = smoke ? 3 : 40
const PAYMENTS = smoke ? 40 : 1_000
const OFX_LINES = smoke ? 500 : 10_000

const rows: BenchRow[] = []
const services: Service[] = []
const children: ChildProcess[] = []

/**
 * The peak resident memory of a process (every thread), sampled and as the kernel kept it; with
 * the sample's anonymous and file-backed parts (SQLite maps the data file: mock-server/store/
 * database.ts) and the bench's step it came in.
 */
function memoryWatch(pid: number) {
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      const field = (name: string) => {
        const match = new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)
        return match ? Number(match[1]) * 1024 : 0
      }
      return {
        rss: field('VmRSS'),
        hwm: field('VmHWM'),
        anon: field('RssAnon'),
        file: field('RssFile'),
      }
    } catch {
      return { rss: 0, hwm: 0, anon: 0, file: 0 }
    }
  }
  let step = 'start'
  let peak = { rss: 0, anon: 0, file: 0, step }
  const timer = setInterval(() => {
    const now = read()
    if (now.rss > peak.rss) peak = { ...now, step }
  }, 250)
  // A run that stops on an error never reaches stop(): the sampler must not keep it alive.
  timer.unref()
  return {
    /** Names the step the next samples belong to. */
    step: (name: string) => (step = name),
    stop: () => {
      clearInterval(timer)
      return { ...peak, rss: Math.max(peak.rss, read().hwm) }
    },
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2).toLocaleString('en-US')} MB`

/** `count` requests one after another; their times (ms). */
async function sequential(count: number, request: () => Promise<Response>) {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const response = await request()
    const text = await response.text()
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`)
    samples.push(performance.now() - started)
  }
  return samples
}

/**
 * A row of the p95 of `QUEUE_SAMPLES` sequential requests (after two unmeasured), against a
 * target when it has one.
 */
async function timedRow(
  name: string,
  {
    url,
    headers = {},
    targetMs,
  }: { url: string; headers?: Record<string, string>; targetMs?: number },
) {
  const request = () => fetch(url, { headers })
  await sequential(2, request)
  const samples = await sequential(QUEUE_SAMPLES, request)
  const p95 = percentile(samples, 95)
  rows.push({
    name: `${name} (${samples.length} one after another)`,
    p95: Math.round(p95),
    ...(targetMs === undefined
      ? {}
      : { check: { ok: p95 <= targetMs, target: `p95 ≤ ${targetMs}` } }),
  })
}

/** Whether the API has an endpoint yet (another issue may not have built it). */
async function available(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers })
  const text = await response.text()
  if (response.status === 404 && text.includes('Rota não encontrada')) return false
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`)
  return true
}

/** Ana's open invoices the payments import pays, read from the data set. */
function openInvoices(file: string, count: number): OpenInvoice[] {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true })
  try {
    const read = db.prepare(`SELECT doc FROM ${layouts.nfsRequests.table} WHERE id = ?`).pluck()
    return Array.from({ length: count }, (_, n) => {
      const doc = read.get(unpaidInvoiceId(n)) as string | undefined
      if (!doc) throw new Error(`no invoice ${unpaidInvoiceId(n)} in the data set`)
      const request = JSON.parse(doc) as NfsRequest
      return { date: request.date, amount: request.totalValue, taker: request.taker!.document }
    })
  } finally {
    db.close()
  }
}

async function main() {
  const started = performance.now()
  console.log(`[bench:scale] data set (${smoke ? 'smoke' : 'full'}) in ${dataRoot}…`)
  const data = await scaleDataSet(dataRoot, size, (line) => console.log(`[bench:scale] ${line}`))
  console.log(
    `[bench:scale] data set ${data.version} ${data.built ? `built in ${(data.ms / 1000).toFixed(0)} s` : 'reused'}`,
  )
  // A run writes (reconciliation, imports, closes): it works on a copy.
  const work = mkdtempSync(path.join(os.tmpdir(), 'contabil-bench-scale-'))
  try {
    const file = path.join(work, 'contabil.db')
    copyFileSync(path.join(data.dir, 'contabil.db'), file)
    const open = openInvoices(file, PAYMENTS)

    const authPort = await freePortBlock(3)
    const mockPort = await freePortBlock(1, authPort + 10)
    const anchorPort = await freePortBlock(1, authPort + 20)
    services.push(
      await startEmulator({
        port: authPort,
        dataDir: path.join(work, 'emulator'),
        persist: false,
        quiet: true,
      }),
    )
    const server = await startMockServer({
      port: mockPort,
      dataDir: work,
      authPort,
      webUrl: 'http://localhost:5173',
      quiet: true,
      // The reconciliation rows time runs through the test hooks.
      env: { MOCK_TEST_HOOKS: '1' },
    })
    services.push(server)
    const memory = memoryWatch(server.child.pid!)
    /** A step of the bench, printed and named for the memory's peak. */
    const announce = (step: string) => {
      console.log(`[bench:scale] ${step}`)
      memory.step(step)
    }
    const anchor = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'scripts/bench-scale-anchor.ts'),
        String(anchorPort),
        file,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    children.push(anchor)
    await waitForPort(anchorPort)
    const api = `http://127.0.0.1:${mockPort}`
    const minimal = `http://127.0.0.1:${anchorPort}`
    const ana = {
      Authorization: `Bearer ${await signIn(authPort, 'ana@contabil.dev', 'Cliente#2026')}`,
    }
    const admin = {
      Authorization: `Bearer ${await signIn(authPort, 'admin@contabil.dev', 'Admin#2026')}`,
    }

    // ---- a list at 20 connections, beside the anchor's ----
    const listRow = async (name: string, url: string, headers: Record<string, string>) => {
      const result = await load({ url, connections: 20, headers }, SECONDS)
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      return result
    }
    const listPair = async (name: string, anchorUrl: string, url: string) => {
      const floor = await listRow(`${name} (anchor)`, anchorUrl, {})
      rows.push({
        name: `anchor: ${name}, minimal indexed handler (20 connections)`,
        rps: floor.requests.average,
        p99: floor.latency.p99,
      })
      const result = await listRow(name, url, ana)
      rows.push({
        name: `${name} (auth, 20 connections)`,
        rps: result.requests.average,
        p99: result.latency.p99,
        check: { ok: result.latency.p99 <= LIST_P99_MS, target: `p99 ≤ ${LIST_P99_MS}` },
      })
    }
    const lines = size.lines.toLocaleString('en-US')
    announce('the transactions list')
    await listPair(
      `transactions of an account of ${lines} lines, first page`,
      `${minimal}/transactions?accountId=${SCALE_ACCOUNT}&limit=10`,
      `${api}/bank-statements/transactions?companyId=${SCALE_COMPANY}&accountId=${SCALE_ACCOUNT}&limit=10`,
    )

    // ---- a full reconciliation over every line, others timed meanwhile ----
    announce(`a full reconciliation over ${lines} lines`)
    const othersUrl = `${api}/bank-statements/transactions?companyId=${SCALE_COMPANY}&accountId=${SCALE_ACCOUNT}&limit=10`
    const probed = async <T>(
      url: string,
      headers: Record<string, string>,
      during: () => Promise<T>,
    ) => {
      const probe = latencyProbe(() => fetch(url, { headers }).then((r) => r.arrayBuffer()))
      const outcome = await during()
      const samples = await probe.stop()
      return { outcome, samples, p99: percentile(samples, 99) }
    }
    type Run = { looked: number; matched: number; suggested: number; unmatched: number; ms: number }
    const full = await probed(othersUrl, ana, async () => {
      const at = performance.now()
      const response = await fetch(`${api}/__test/companies/${SCALE_COMPANY}/reconcile`, {
        method: 'POST',
      })
      if (!response.ok) throw new Error(`reconciliation answered ${response.status}`)
      return { run: ((await response.json()) as { data: Run }).data, ms: performance.now() - at }
    })
    const { run, ms: fullMs } = full.outcome
    rows.push({
      name: `full reconciliation: ${lines} lines against ${size.invoices.toLocaleString('en-US')} invoices (${(fullMs / 1000).toFixed(1)} s; ${run.looked.toLocaleString('en-US')} lines, ${run.matched.toLocaleString('en-US')} matched, ${run.suggested.toLocaleString('en-US')} suggested, ${run.unmatched.toLocaleString('en-US')} to reconcile)`,
      check: { ok: fullMs <= FULL_RUN_MS, target: `≤ ${FULL_RUN_MS / 1000} s` },
    })
    rows.push({
      name: `other requests during it (open loop 100/s, ${full.samples.length} requests)`,
      p99: Math.round(full.p99),
      check: { ok: full.p99 <= OTHERS_P99_MS, target: `p99 ≤ ${OTHERS_P99_MS}` },
    })

    announce('the reconciliation list')
    await listPair(
      'reconciliation, "A conciliar" tab, first page',
      `${minimal}/reconciliation?companyId=${SCALE_COMPANY}&status=unmatched&limit=10`,
      `${api}/bank-statements/reconciliation?companyId=${SCALE_COMPANY}&status=unmatched&limit=10`,
    )
    await timedRow("reconciliation summary of a month (the panel's card)", {
      url: `${api}/bank-statements/reconciliation/summary?companyId=${SCALE_COMPANY}&period=${scalePeriod()}`,
      headers: ana,
      targetMs: QUEUE_P95_MS,
    })

    // ---- imports ----
    announce(`an import of ${PAYMENTS} payments, then one of ${OFX_LINES} lines`)
    const upload = uploadOfx(api, SCALE_COMPANY, ana)
    const paid = await upload(paymentsOfx(open), 'inter-recebimentos.ofx')
    if (paid.status !== 201)
      throw new Error(`payments import answered ${paid.status}: ${await paid.text()}`)
    const [incremental] = (
      (await (await fetch(`${api}/__test/reconciliation/runs`)).json()) as { data: Run[] }
    ).data
    rows.push({
      name: `reconciliation after a ${PAYMENTS.toLocaleString('en-US')}-line import (${incremental!.ms} ms; ${incremental!.matched.toLocaleString('en-US')} matched)`,
      check: { ok: incremental!.ms <= INCREMENTAL_MS, target: `≤ ${INCREMENTAL_MS} ms` },
    })
    const importStarted = performance.now()
    const imported = await upload(ofxSample(OFX_LINES), `extrato-inter-${OFX_LINES}.ofx`)
    const importMs = performance.now() - importStarted
    if (imported.status !== 201)
      throw new Error(`OFX import answered ${imported.status}: ${await imported.text()}`)
    rows.push({
      name: `OFX import, ${OFX_LINES.toLocaleString('en-US')} lines, into ana's company (${Math.round(importMs)} ms)`,
      check: { ok: importMs <= OFX_10K_MS, target: `≤ ${OFX_10K_MS} ms` },
    })

    // ---- the month-close queue ----
    const period = scalePeriod()
    const companies = data.companyIds.length.toLocaleString('en-US')
    announce(`the month-close queue over ${companies} companies`)
    await timedRow('anchor: a page of companies in name order, minimal indexed handler', {
      url: `${minimal}/companies?limit=25`,
    })
    const queue = (query: string) => `${api}/simples/${period}?limit=25${query}`
    // The overdue filter's first request of a month calculates every open month's DAS once (the
    // queue's summary keeps what each owes from then on: mock-server/store/month-queue.ts).
    const firstOverdue = await sequential(1, () =>
      fetch(queue('&overdue=true'), { headers: admin }),
    )
    rows.push({
      name: 'month-close queue, overdue ("Atrasados"): first request of the month',
      note: `${Math.round(firstOverdue[0]!).toLocaleString('en-US')} ms`,
    })
    for (const [name, query] of [
      ['month-close queue, first page', ''],
      ['… searching "padaria"', '&query=padaria'],
      ['… filtered by status (open)', '&status=open'],
      ['… overdue ("Atrasados")', '&overdue=true'],
    ] as const)
      await timedRow(name, { url: queue(query), headers: admin, targetMs: QUEUE_P95_MS })

    // ---- closing every month, others timed meanwhile ----
    announce(`closing ${companies} months, 100 a request`)
    const closing = await probed(
      `${api}/nfs/requests?companyId=${SCALE_COMPANY}`,
      ana,
      async () => {
        const at = performance.now()
        let closed = 0
        const failures = new Map<string, number>()
        for (let start = 0; start < data.companyIds.length; start += 100) {
          const response = await fetch(`${api}/simples/${period}/close`, {
            method: 'POST',
            headers: { ...admin, 'Content-Type': 'application/json' },
            body: JSON.stringify({ companyIds: data.companyIds.slice(start, start + 100) }),
          })
          const text = await response.text()
          if (!response.ok)
            throw new Error(`close answered ${response.status}: ${text.slice(0, 300)}`)
          for (const outcome of (
            JSON.parse(text) as { data: { closed: boolean; message: string | null }[] }
          ).data)
            if (outcome.closed) closed++
            else failures.set(outcome.message ?? '', (failures.get(outcome.message ?? '') ?? 0) + 1)
        }
        if (failures.size > 0)
          throw new Error(`months not closed: ${JSON.stringify(Object.fromEntries(failures))}`)
        return { closed, ms: performance.now() - at }
      },
    )
    rows.push({
      name: `closing ${closing.outcome.closed.toLocaleString('en-US')} months, 100 a request (${(closing.outcome.ms / 1000).toFixed(0)} s)`,
      check: { ok: closing.outcome.ms <= CLOSE_ALL_MS, target: `≤ ${CLOSE_ALL_MS / 1000} s` },
    })
    rows.push({
      name: `other requests while the months close (open loop 100/s, ${closing.samples.length} requests)`,
      p99: Math.round(closing.p99),
      check: { ok: closing.p99 <= OTHERS_P99_MS, target: `p99 ≤ ${OTHERS_P99_MS}` },
    })
    for (const [name, query] of [
      ['month-close queue after the close, first page', ''],
      ['… filtered by status (closed)', '&status=closed'],
      ['… overdue ("Atrasados")', '&overdue=true'],
    ] as const)
      await timedRow(name, { url: queue(query), headers: admin, targetMs: QUEUE_P95_MS })

    // ---- the year (another issue's endpoints: measured once the API has them) ----
    const year = Number(period.slice(0, 4)) - 1
    const yearEnd = `${api}/year-end/${year}?limit=25`
    if (await available(yearEnd, admin))
      await timedRow('year-end queue, first page', {
        url: yearEnd,
        headers: admin,
        targetMs: QUEUE_P95_MS,
      })
    else rows.push({ name: 'year-end queue, first page', note: 'not available yet' })
    const defis = `${api}/companies/${data.companyIds[0]}/defis/${year}`
    if (await available(defis, admin))
      await timedRow("one company's DEFIS assembled", {
        url: defis,
        headers: admin,
        targetMs: DEFIS_MS,
      })
    else rows.push({ name: "one company's DEFIS assembled", note: 'not available yet' })

    const peak = memory.stop()
    rows.push({
      name: `server process memory, peak resident (every thread), over the whole run (largest sample: ${mb(peak.anon)} anonymous, ${mb(peak.file)} file-backed, during "${peak.step}")`,
      note: `${mb(peak.rss)} (${peak.rss <= MEMORY_BYTES ? 'ok' : 'MISSED'})`,
      check: { ok: peak.rss <= MEMORY_BYTES, target: '≤ 1 GB' },
    })
    printRows(
      `bench:scale${smoke ? ' --smoke' : ''} — ${companies} companies, ${lines} lines and ${size.invoices.toLocaleString('en-US')} invoices of one company; ${SECONDS}s per list measure, ${os.cpus().length} CPUs, ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
      rows,
    )
    const missed = rows.filter((row) => row.check && !row.check.ok).length
    if (missed > 0 && !smoke) process.exitCode = 1
  } finally {
    for (const child of children) child.kill('SIGTERM')
    await stopAll(services)
    rmSync(work, { recursive: true, force: true })
  }
}

await runBench('bench:scale', async () => {
  await main()
  return rows.length
})
