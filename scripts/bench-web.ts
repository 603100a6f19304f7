import { spawn } from 'node:child_process'
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium, type Browser } from '@playwright/test'
import {
  RELOAD_RATIO_BUDGET,
  RELOAD_RUNS,
  measureDevServer,
  measureReloads,
  measureTransactionsClick,
  reloadMedians,
  reloadMisses,
  startSignedInEmulator,
  signedInDataAnswers,
  writeSignedInData,
  type DevServerRow,
  type InteractionRow,
  type ReloadRow,
} from './bench-web-app'
import { SMOKE, runBench } from './bench-smoke'
import { freePortBlock } from './ports'
import { root, startMockServer, startTogether, stopAll, waitForPort, type Service } from './stack'
import { sendStatic, splitTarget, staticResolver } from './vite/static-hosting'

// `npm run bench:web`: builds the app, serves the production build the way the production host
// does (prerendered pages, /app and /links to the app, 404 with status, gzip, long-lived cache for
// hashed assets, /api forwarded to the mock server) next to the mock server, and measures the
// public pages docs/testing.md "Benchmarks" names. For each page, in the same run and side by side:
//
// - first-load JavaScript: every script a fresh browser fetched until the network went quiet
//   (and 1.5 s more), as sent over the wire (gzip);
// - Lighthouse's mobile scores (performance, accessibility, SEO, best practices) and metrics
//   (FCP, LCP, TBT, CLS), the `lighthouse` package driving headless Chromium through
//   chrome-launcher with its default mobile settings (Moto G Power screen, 4x CPU slowdown,
//   simulated slow 4G); the median of BENCH_RUNS runs (3 by default);
// - the LCP of a static HTML file of the same content, written by the bench: the page as a
//   browser shows it (its DOM once the network is quiet), without any script, every stylesheet
//   inlined. It is what the page would cost with no JavaScript at all; the page must stay within
//   1.3 times of it.
//
// Budgets (docs/testing.md "Benchmarks"): JS ≤ 100 KB gzip, performance ≥ 98, accessibility 100,
// SEO 100, best practices ≥ 95, LCP ≤ 1.3 × the static file's, TBT ≤ 50 ms, CLS 0. The table marks
// what misses them; the exit status is 1 when anything does.
//
// The signed-in area, in the same run:
//
// - /app/login signed out, with a static HTML file of the same login form as its anchor: JS
//   ≤ 120 KB gzip in ≤ 15 scripts, performance ≥ 95, accessibility 100, best practices ≥ 95,
//   LCP ≤ 1.3 × the static form's, TBT ≤ 100 ms in each run, CLS 0;
// - ana's panel, bruno's opening wizard, the back office's companies, a company's page there and
//   the month-close queue: a full reload to the screen's content against the same screen reached
//   by an in-app link (≤ 3 ×), and not one API answer 401 nor one API request without
//   its token (scripts/bench-web-app.ts);
// - `npm start`'s dev server: the first visit of /app/login after it started, and the second.
//
// Options: BENCH_RUNS, BENCH_VERBOSE=1 (files and failed audits), BENCH_TRACE=dir (a Chrome trace of each
// screen's last reload), BENCH_ONLY (a path fragment;
// `dev` for the dev server's row), BENCH_SKIP_DEV=1 (no dev server row), and for quick repeats
// BENCH_BASE_PORT with BENCH_SKIP_BUILD=1 BENCH_DIST=dir.
//
// To add a row (another kind of page, the signed-in area), add a target to `benchTargets`; a
// target may prepare the browser first (`prepare`, e.g. sign in) and carry its own budgets.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))

export type Budgets = {
  jsKb: number
  /** Script requests of the first load, at most. */
  jsFiles: number
  performance: number
  accessibility: number
  seo: number
  bestPractices: number
  /** LCP at most this many times the static file's. */
  lcpRatio: number
  tbtMs: number
  /** The TBT budget holds in every run, not only in the median. */
  tbtEachRun?: boolean
  cls: number
}

export const BUDGETS: Budgets = {
  jsKb: 100,
  jsFiles: Infinity,
  performance: 98,
  accessibility: 100,
  seo: 100,
  bestPractices: 95,
  lcpRatio: 1.3,
  tbtMs: 50,
  // "CLS 0": nothing that shows as more than 0.000.
  cls: 0.0005,
}

export type BenchTarget = {
  name: string
  path: string
  /** Compare with a static HTML file of the same content (public pages). */
  staticReference?: boolean
  budgets?: Partial<Budgets>
}

export const benchTargets: BenchTarget[] = [
  { name: 'Página inicial', path: '/', staticReference: true },
  { name: 'Post do blog', path: '/blog/posts/fator-r', staticReference: true },
  {
    name: 'Página de CNAE',
    path: '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
    staticReference: true,
  },
  {
    name: 'Página de cidade',
    path: '/contabilidade-em/sao-jose-dos-campos-sp',
    staticReference: true,
  },
  {
    // Where every client and accountant comes in, signed out. The anchor is the same
    // login form as a static HTML file. Not for search engines: no SEO budget. The form
    // made live without the router, zod or React Query (src/entries/app/login-page.tsx): ≤ 120 KB,
    // LCP ≤ 1.3 × the static form's, TBT ≤ 100 ms in each run (not only the median).
    name: 'Entrar (sem sessão)',
    path: '/app/login',
    staticReference: true,
    budgets: {
      jsKb: 120,
      jsFiles: 15,
      performance: 95,
      seo: 0,
      lcpRatio: 1.3,
      tbtMs: 100,
      tbtEachRun: true,
    },
  },
]

const node = process.execPath
const vite = path.join(root, 'node_modules/vite/bin/vite.js')

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    })
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`)),
    )
  })
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
}

/** Where the bench keeps its static reference files, served under this prefix. */
const REFERENCE_PREFIX = '/__bench-static/'

/**
 * The production host: prerendered pages and the host's rules (scripts/vite/static-hosting.ts),
 * static files, gzip, /api and /ws forwarded to the API, and the bench's reference files. A build
 * without prerendered pages (an older build) falls back to its index.html for every address.
 */
export function serveBuild(dist: string, port: number, apiPort: number, referenceDir?: string) {
  const gzipCache = new Map<string, Buffer>()
  const prerendered = existsSync(path.join(dist, 'app.html'))
  const resolve = staticResolver(dist)
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws/')) {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: apiPort,
          path: url.pathname + url.search,
          method: req.method,
          headers: { ...req.headers, host: `localhost:${apiPort}` },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', () => res.writeHead(502).end())
      req.pipe(upstream)
      return
    }
    let file: string
    let status = 200
    if (referenceDir && url.pathname.startsWith(REFERENCE_PREFIX))
      file = path.join(referenceDir, path.basename(url.pathname))
    else {
      const target = splitTarget(req.url ?? '/')
      const answer = prerendered ? resolve(target.pathname, target.search) : null
      if (answer?.status === 301 || answer?.status === 400) {
        sendStatic(answer, req, res)
        return
      }
      if (answer) {
        file = answer.file
        status = answer.status
      } else {
        file = path.join(dist, decodeURIComponent(url.pathname))
        if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
          file = path.join(dist, 'index.html')
          if (prerendered) status = 404
        }
      }
    }
    const ext = path.extname(file)
    const headers: Record<string, string> = {
      'Content-Type': types[ext] ?? 'application/octet-stream',
      'Cache-Control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    }
    const compressible = /\.(html|js|css|json|svg|xml|txt|map)$/.test(ext)
    if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let body = gzipCache.get(file)
      if (!body) {
        body = zlib.gzipSync(readFileSync(file), { level: 9 })
        gzipCache.set(file, body)
      }
      res.writeHead(status, {
        ...headers,
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
        Vary: 'Accept-Encoding',
      })
      res.end(body)
      return
    }
    res.writeHead(status, headers)
    createReadStream(file).pipe(res)
  })
  return new Promise<http.Server>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(server)),
  )
}

type JsLoad = { files: { url: string; bytes: number }[]; total: number }

/** Scripts a fresh browser fetched for a page until the network went quiet, gzip bytes. */
async function firstLoadJs(browser: Browser, url: string): Promise<JsLoad> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const files: { url: string; bytes: number }[] = []
    const pending: Promise<void>[] = []
    page.on('requestfinished', (request) => {
      if (!/\.m?js(\?|$)/.test(new URL(request.url()).pathname)) return
      pending.push(
        request.sizes().then((sizes) => {
          files.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })
        }),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(1500)
    await Promise.all(pending)
    return { files, total: files.reduce((sum, file) => sum + file.bytes, 0) }
  } finally {
    await context.close()
  }
}

/**
 * The static reference: the page as a fresh browser shows it once the network is quiet, as one
 * HTML file without scripts (structured data stays: it is data) and with its stylesheets inlined.
 */
async function writeStaticReference(browser: Browser, url: string, file: string) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    const html = await page.evaluate(async () => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement
      for (const script of doc.querySelectorAll('script'))
        if (script.type !== 'application/ld+json') script.remove()
      for (const link of doc.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]'))
        link.remove()
      for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
        const style = document.createElement('style')
        style.textContent = await (await fetch(link.href)).text()
        link.replaceWith(style)
      }
      return `<!doctype html>\n${doc.outerHTML}`
    })
    writeFileSync(file, html)
  } finally {
    await context.close()
  }
}

type Scores = {
  performance: number
  accessibility: number
  seo: number
  bestPractices: number
  lcp: number
  tbt: number
  cls: number
  fcp: number
}

async function lighthouseScores(url: string): Promise<Scores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { categories, audits } = result.lhr
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100)
    const failed = Object.values(audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    if (process.env.BENCH_VERBOSE) {
      for (const audit of failed) console.log(`    ✗ ${audit.id}: ${audit.title}`)
      // What the blocking time is made of: the main thread's long tasks (start, duration, the
      // script Lighthouse attributes them to) and the time per script.
      const items = (id: string) =>
        (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
      for (const task of items('long-tasks'))
        console.log(
          `    long task at ${Math.round(Number(task.startTime))} ms: ${Math.round(Number(task.duration))} ms ${String(task.url)}`,
        )
      for (const script of items('bootup-time').slice(0, 8))
        console.log(
          `    script ${Math.round(Number(script.scripting))} ms evaluating, ${Math.round(Number(script.scriptParseCompile))} ms compiling: ${String(script.url)}`,
        )
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      fcp: audits['first-contentful-paint']?.numericValue ?? 0,
      lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
      tbt: audits['total-blocking-time']?.numericValue ?? 0,
      cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    }
  } finally {
    chrome.kill()
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

type Measured = {
  target: BenchTarget
  budgets: Budgets
  js: JsLoad
  median: (key: keyof Scores) => number
  /** Every run's value, in order. */
  runs: (key: keyof Scores) => number[]
  /** The static file's medians (LCP and TBT), when the target has one. */
  staticLcp: number | null
  staticTbt: number | null
}

/** The table's columns: each a title, a cell, and (when it has a budget) whether it is met. */
const columns: {
  title: string
  cell: (row: Measured) => string
  ok?: (row: Measured) => boolean
}[] = [
  { title: 'Rota', cell: (row) => row.target.name },
  {
    title: 'Caminho',
    cell: ({ target: { path } }) => (path.length > 44 ? `${path.slice(0, 41)}…` : path),
  },
  {
    title: 'JS 1º carregamento (gzip)',
    cell: (row) => `${(row.js.total / 1024).toFixed(1)} KB (${row.js.files.length})`,
    ok: (row) =>
      row.js.total / 1024 <= row.budgets.jsKb && row.js.files.length <= row.budgets.jsFiles,
  },
  {
    title: 'Perf.',
    cell: (row) => String(row.median('performance')),
    ok: (row) => row.median('performance') >= row.budgets.performance,
  },
  {
    title: 'Acess.',
    cell: (row) => String(row.median('accessibility')),
    ok: (row) => row.median('accessibility') >= row.budgets.accessibility,
  },
  {
    title: 'SEO',
    cell: (row) => String(row.median('seo')),
    ok: (row) => row.median('seo') >= row.budgets.seo,
  },
  {
    title: 'Boas prát.',
    cell: (row) => String(row.median('bestPractices')),
    ok: (row) => row.median('bestPractices') >= row.budgets.bestPractices,
  },
  { title: 'FCP', cell: (row) => `${(row.median('fcp') / 1000).toFixed(2)} s` },
  { title: 'LCP', cell: (row) => `${(row.median('lcp') / 1000).toFixed(2)} s` },
  {
    title: 'LCP estático',
    cell: (row) => (row.staticLcp === null ? '—' : `${(row.staticLcp / 1000).toFixed(2)} s`),
  },
  {
    title: 'LCP ÷ estático',
    cell: (row) =>
      row.staticLcp === null ? '—' : `${(row.median('lcp') / row.staticLcp).toFixed(2)}×`,
    ok: (row) =>
      row.staticLcp === null || row.median('lcp') <= row.budgets.lcpRatio * row.staticLcp,
  },
  {
    title: 'TBT',
    // Each run's too when the budget holds in every run (the login page: 120, 80, 95 ms).
    cell: (row) =>
      `${Math.round(row.median('tbt'))} ms${row.budgets.tbtEachRun ? ` (${row.runs('tbt').map(Math.round).join(', ')})` : ''}`,
    ok: (row) =>
      (row.budgets.tbtEachRun ? Math.max(...row.runs('tbt')) : row.median('tbt')) <=
      row.budgets.tbtMs,
  },
  {
    // For reading the TBT: what the same content costs without any script, in the same run.
    title: 'TBT estático',
    cell: (row) => (row.staticTbt === null ? '—' : `${Math.round(row.staticTbt)} ms`),
  },
  {
    title: 'CLS',
    cell: (row) => row.median('cls').toFixed(3),
    ok: (row) => row.median('cls') < row.budgets.cls,
  },
  // The signed-in rows' measure (scripts/bench-web-app.ts); public pages have none.
  { title: 'Clique → linhas', cell: () => '—' },
]

/** A signed-in row: its route and path, its click measure in the last column, '—' elsewhere. */
const interactionCells = (row: InteractionRow) =>
  columns.map((_column, i) =>
    i === 0
      ? row.name
      : i === 1
        ? row.path
        : i === columns.length - 1
          ? `${row.medianMs} ms${row.medianMs <= row.budgetMs ? '' : ' ✗'}`
          : '—',
  )

/** A markdown table, columns padded to their widest cell. */
function printMarkdown(header: string[], cells: string[][]) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((row) => row[i]!.length)),
  )
  const line = (values: string[]) =>
    `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`
  console.log()
  console.log(line(header))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of cells) console.log(line(row))
}

const budgetLine = (budgets: Budgets) =>
  [
    `JS ≤ ${budgets.jsKb} KB gzip${Number.isFinite(budgets.jsFiles) ? ` in ≤ ${budgets.jsFiles} scripts` : ''}`,
    `performance ≥ ${budgets.performance}`,
    `accessibility ${budgets.accessibility}`,
    ...(budgets.seo > 0 ? [`SEO ${budgets.seo}`] : []),
    `best practices ≥ ${budgets.bestPractices}`,
    `LCP ≤ ${budgets.lcpRatio}× the static file's`,
    `TBT ≤ ${budgets.tbtMs} ms${budgets.tbtEachRun ? ' in each run' : ''}`,
    'CLS 0',
  ].join(', ')

function printTable(rows: Measured[], interactions: InteractionRow[] = []) {
  if (rows.length === 0 && interactions.length === 0) return 0
  printMarkdown(
    columns.map((column) => column.title),
    [
      ...rows.map((row) =>
        columns.map((column) => column.cell(row) + (column.ok && !column.ok(row) ? ' ✗' : '')),
      ),
      ...interactions.map(interactionCells),
    ],
  )
  console.log(
    `\nBudgets: ${budgetLine(BUDGETS)} (Lighthouse mobile, ${RUNS} run${RUNS > 1 ? 's, median' : ''}). ✗ marks a miss.`,
  )
  for (const row of rows)
    if (row.target.budgets) console.log(`${row.target.name}: ${budgetLine(row.budgets)}.`)
  for (const row of interactions)
    console.log(
      `${row.name}: click on "Ver movimentações" to the first rows painted, ${row.runs.length} runs (${row.runs.join(', ')} ms), median ≤ ${row.budgetMs} ms.`,
    )
  return (
    rows.reduce(
      (misses, row) => misses + columns.filter((column) => column.ok && !column.ok(row)).length,
      0,
    ) + interactions.filter((row) => row.medianMs > row.budgetMs).length
  )
}

/** The signed-in loads: full reload against the in-app link, 401s and untokened calls. */
function printReloads(rows: ReloadRow[]) {
  if (rows.length === 0) return 0
  const mark = (miss: boolean) => (miss ? ' ✗' : '')
  printMarkdown(
    [
      'Tela (recarga completa)',
      'Caminho',
      '1ª pintura',
      'Recarga → conteúdo',
      'Link no app → conteúdo',
      'Recarga ÷ app',
      '401',
      'Sem token',
    ],
    rows.map((row) => {
      if (row.error) return [row.name, row.path, '—', 'erro ✗', '—', '—', '—', '—']
      const { reload, firstPaint, inApp } = reloadMedians(row)
      return [
        row.name,
        row.path,
        `${firstPaint} ms`,
        `${reload} ms`,
        `${inApp} ms`,
        `${(reload / inApp).toFixed(1)}×${mark(reload > RELOAD_RATIO_BUDGET * inApp)}`,
        `${row.unauthorized}${mark(row.unauthorized > 0)}`,
        `${row.withoutToken.length}${mark(row.withoutToken.length > 0)}`,
      ]
    }),
  )
  console.log(
    `\nBudgets: reload ≤ ${RELOAD_RATIO_BUDGET}× the in-app link's time, no 401, no API request without its token (median of ${RELOAD_RUNS}, after a warm-up; the app's code in the HTTP cache).`,
  )
  for (const row of rows) {
    if (row.error) {
      console.log(`${row.name}: not measured: ${row.error}`)
      continue
    }
    console.log(
      `${row.name}: reload ${row.reloadMs.join(', ')} ms; in-app ${row.inAppMs.join(', ')} ms; first paint ${row.firstPaintMs.join(', ')} ms.`,
    )
    if (row.withoutToken.length > 0)
      console.log(`  without a token: ${[...new Set(row.withoutToken)].join(', ')}`)
  }
  return rows.reduce((misses, row) => misses + reloadMisses(row), 0)
}

/** `npm start`: the dev server's first visit of /app/login against its second. */
function printDevServer(row: DevServerRow | null) {
  if (!row) return 0
  const ratio = row.firstMs / row.secondMs
  const miss = ratio > DEV_FIRST_VISIT_RATIO
  printMarkdown(
    ['npm start (Vite dev)', 'Pronto em', '1ª visita /app/login', '2ª visita', '1ª ÷ 2ª'],
    [
      [
        'Entrar, form pintado',
        `${(row.readyMs / 1000).toFixed(1)} s`,
        `${row.firstMs} ms`,
        `${row.secondMs} ms`,
        `${ratio.toFixed(1)}×${miss ? ' ✗' : ''}`,
      ],
    ],
  )
  console.log(
    `\nBudget: the first visit once \`npm start\` announced the app ≤ ${DEV_FIRST_VISIT_RATIO}× the second (each in a fresh browser; the server was started once before, so dependencies are pre-bundled; "Pronto em": from starting the dev server to the announcement).`,
  )
  return miss ? 1 : 0
}

/** The first visit of the dev server may cost at most this many times the second. */
const DEV_FIRST_VISIT_RATIO = 2

type Ports = { mock: number; web: number; auth: number }

/**
 * The signed-in rows' data (ana's account of 50,000 transactions) written, its Auth emulator and
 * the mock server on it started (into `services`, for the caller to stop).
 */
async function startSignedInData(work: string, ports: Ports, services: Service[]) {
  const webUrl = `http://localhost:${ports.web}`
  const apiUrl = `http://localhost:${ports.mock}`
  await startTogether(
    services,
    startSignedInEmulator(ports.auth, work, { webUrl, publicUrl: apiUrl }),
    writeSignedInData(path.join(work, 'mock')).then(() =>
      startMockServer({
        port: ports.mock,
        dataDir: path.join(work, 'mock'),
        authPort: ports.auth,
        webUrl,
        quiet: true,
        // The content service's 5 requests/s stays on, as in production.
        env: { MOCK_LOG: '0' },
      }),
    ),
  )
}

async function main(): Promise<number> {
  const services: Service[] = []
  const work = mkdtempSync(path.join(os.tmpdir(), 'contabil-bench-web-'))
  const referenceDir = path.join(work, 'static')
  mkdirSync(referenceDir)
  let server: http.Server | undefined
  let browser: Browser | undefined
  try {
    const base = Number(process.env.BENCH_BASE_PORT) || (await freePortBlock(3))
    const ports = { mock: base, web: base + 1, auth: base + 2 }
    const webUrl = `http://localhost:${ports.web}`
    const apiUrl = `http://localhost:${ports.mock}`
    const dist = process.env.BENCH_SKIP_BUILD
      ? path.resolve(process.env.BENCH_DIST ?? 'dist')
      : path.join(work, 'dist')
    if (!process.env.BENCH_SKIP_BUILD) {
      console.log('[bench:web] building the production bundle…')
      await run(node, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
        VITE_API_URL: apiUrl,
        VITE_FUNCTIONS_URL: apiUrl,
        VITE_SITE_URL: webUrl,
        VITE_STORYBLOK_ENDPOINT: `${apiUrl}/v2`,
        // The signed-in row signs in against the local Auth emulator.
        VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
      })
    }
    console.log('[bench:web] starting the mock server and the static host…')
    await startSignedInData(work, ports, services)
    server = await serveBuild(dist, ports.web, ports.mock, referenceDir)
    await waitForPort(ports.web)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) })

    const rows: Measured[] = []
    const only = process.env.BENCH_ONLY
    for (const target of benchTargets.filter((t) => !only || t.path.includes(only))) {
      const url = webUrl + target.path
      console.log(`[bench:web] ${target.name}: ${target.path}`)
      const js = await firstLoadJs(browser, url)
      let referenceUrl: string | null = null
      if (target.staticReference) {
        const name = `${target.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'inicio'}.html`
        await writeStaticReference(browser, url, path.join(referenceDir, name))
        referenceUrl = `${webUrl}${REFERENCE_PREFIX}${name}`
      }
      // Side by side: the page and its static file take turns, so both see the same machine.
      const runs: Scores[] = []
      const references: Scores[] = []
      for (let i = 0; i < RUNS; i++) {
        runs.push(await lighthouseScores(url))
        if (referenceUrl) references.push(await lighthouseScores(referenceUrl))
      }
      rows.push({
        target,
        budgets: { ...BUDGETS, ...target.budgets },
        js,
        median: (key) => median(runs.map((scores) => scores[key])),
        runs: (key) => runs.map((scores) => scores[key]),
        staticLcp: references.length > 0 ? median(references.map((scores) => scores.lcp)) : null,
        staticTbt: references.length > 0 ? median(references.map((scores) => scores.tbt)) : null,
      })
      if (process.env.BENCH_VERBOSE)
        for (const file of js.files)
          console.log(`    ${(file.bytes / 1024).toFixed(1).padStart(6)} KB  ${file.url}`)
    }
    const interactions: InteractionRow[] = []
    if (!only || '/app/bank-statements'.includes(only)) {
      console.log('[bench:web] Movimentações (50 mil): the click on the accounts page')
      interactions.push(await measureTransactionsClick(browser, webUrl))
    }
    const reloads =
      !only || only.startsWith('/app') ? await measureReloads(browser, webUrl, apiUrl, only) : []
    let devServer: DevServerRow | null = null
    if (!process.env.BENCH_SKIP_DEV && (!only || only === 'dev')) {
      console.log('[bench:web] npm start: the dev server, first and second visit of /app/login')
      // Its own port, next to the bench's mock server and emulator.
      devServer = await measureDevServer(browser, { ...ports, web: await freePortBlock(1) })
    }
    const misses =
      printTable(rows, interactions) + printReloads(reloads) + printDevServer(devServer)
    process.exitCode = misses > 0 ? 1 : 0
    return rows.length + interactions.length + reloads.length + (devServer ? 1 : 0)
  } finally {
    await browser?.close()
    server?.close()
    await stopAll(services)
    rmSync(work, { recursive: true, force: true })
  }
}

/**
 * `--smoke` (scripts/bench-smoke.ts): the bench's data set, the signed-in rows' (ana's account),
 * built at a tiny size, the emulator and the mock server started on it, and what the transactions
 * row's screen loads answered. The browser rows need a production build (a minute and more) and
 * Lighthouse runs: they run in the bench only (the e2e suite runs the build).
 */
async function smoke(): Promise<number> {
  const services: Service[] = []
  const work = mkdtempSync(path.join(os.tmpdir(), 'contabil-bench-web-smoke-'))
  try {
    const base = await freePortBlock(3)
    const ports = { mock: base, web: base + 1, auth: base + 2 }
    await startSignedInData(work, ports, services)
    const rows = await signedInDataAnswers(`http://localhost:${ports.mock}`, ports.auth)
    console.log(`[bench:web --smoke] the signed-in rows' data set: built, served, answered`)
    return rows
  } finally {
    await stopAll(services)
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await runBench('bench:web', SMOKE ? smoke : main)
