import { spawn } from 'node:child_process'
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from '@playwright/test'
import { freePortBlock } from './ports'
import { root, startMockServer, stopAll, waitForPort, type Service } from './stack'

// `npm run bench:web`: builds the app, serves the production build (gzip, long-lived cache for
// hashed assets, /api forwarded to the mock server like the real host does) next to the mock
// server, and measures the public routes the issue names:
//
// - first-load JavaScript: every script the page fetched until the network went quiet, as sent
//   over the wire (gzip), in a fresh browser with an empty cache;
// - Lighthouse's mobile scores (performance, accessibility, SEO), the `lighthouse` npm package
//   driving headless Chromium through chrome-launcher, with Lighthouse's default mobile settings
//   (Moto G Power screen, 4x CPU slowdown, simulated slow 4G).
//
// Budgets (issue 4): at most 100 KB of gzip JavaScript on first load, performance ≥ 95,
// accessibility 100, SEO 100. The table marks what misses them. Options: BENCH_RUNS (Lighthouse
// runs per route, median kept; default 1), BENCH_VERBOSE=1 (files and failed audits), BENCH_ONLY
// (a path fragment), and for quick repeats BENCH_BASE_PORT with BENCH_SKIP_BUILD=1 BENCH_DIST=dir.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1))
const BUDGET = { jsKb: 100, performance: 95, accessibility: 100, seo: 100 }

export const benchRoutes = [
  { name: 'Página inicial', path: '/' },
  { name: 'Post do blog', path: '/blog/posts/fator-r' },
  {
    name: 'Página de CNAE',
    path: '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda',
  },
  { name: 'Página de cidade', path: '/contabilidade-em/sao-jose-dos-campos-sp' },
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

/** The production host: static files, SPA fallback, gzip, /api and /ws forwarded to the API. */
export function serveBuild(dist: string, port: number, apiPort: number) {
  const gzipCache = new Map<string, Buffer>()
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
    let file = path.join(dist, decodeURIComponent(url.pathname))
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(dist, 'index.html')
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
      res.writeHead(200, {
        ...headers,
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
        Vary: 'Accept-Encoding',
      })
      res.end(body)
      return
    }
    res.writeHead(200, headers)
    createReadStream(file).pipe(res)
  })
  return new Promise<http.Server>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(server)),
  )
}

type JsLoad = { files: { url: string; bytes: number }[]; total: number }

/** Scripts a fresh browser fetched for a page until the network went quiet, gzip bytes. */
async function firstLoadJs(url: string): Promise<JsLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) })
  try {
    const page = await browser.newPage()
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
    await browser.close()
  }
}

type Scores = {
  performance: number
  accessibility: number
  seo: number
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
      onlyCategories: ['performance', 'accessibility', 'seo'],
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    const { categories, audits } = result.lhr
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100)
    const failed = Object.values(audits).filter(
      (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
    )
    if (process.env.BENCH_VERBOSE)
      for (const audit of failed) console.log(`    ✗ ${audit.id}: ${audit.title}`)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
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

async function main() {
  const services: Service[] = []
  const work = mkdtempSync(path.join(os.tmpdir(), 'contabil-bench-web-'))
  let server: http.Server | undefined
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
      })
    }
    console.log('[bench:web] starting the mock server and the static host…')
    services.push(
      await startMockServer({
        port: ports.mock,
        dataDir: path.join(work, 'mock'),
        authPort: ports.auth,
        webUrl,
        quiet: true,
        // The content service's 5 requests/s stays on, as in production.
        env: { MOCK_LOG: '0' },
      }),
    )
    server = await serveBuild(dist, ports.web, ports.mock)
    await waitForPort(ports.web)

    const rows: string[][] = []
    let misses = 0
    const only = process.env.BENCH_ONLY
    for (const route of benchRoutes.filter((r) => !only || r.path.includes(only))) {
      const url = webUrl + route.path
      console.log(`[bench:web] ${route.name}: ${route.path}`)
      const js = await firstLoadJs(url)
      const runs: Scores[] = []
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseScores(url))
      const pick = (key: keyof Scores) => median(runs.map((scores) => scores[key]))
      const kb = js.total / 1024
      const row = {
        js: kb,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        seo: pick('seo'),
      }
      const mark = (ok: boolean) => (ok ? '' : ' ✗')
      const okJs = row.js <= BUDGET.jsKb
      const okPerf = row.performance >= BUDGET.performance
      const okA11y = row.accessibility >= BUDGET.accessibility
      const okSeo = row.seo >= BUDGET.seo
      misses += [okJs, okPerf, okA11y, okSeo].filter((ok) => !ok).length
      rows.push([
        route.name,
        route.path.length > 44 ? `${route.path.slice(0, 41)}…` : route.path,
        `${row.js.toFixed(1)} KB (${js.files.length})${mark(okJs)}`,
        `${row.performance}${mark(okPerf)}`,
        `${row.accessibility}${mark(okA11y)}`,
        `${row.seo}${mark(okSeo)}`,
        `${(pick('fcp') / 1000).toFixed(2)} s`,
        `${(pick('lcp') / 1000).toFixed(2)} s`,
        `${Math.round(pick('tbt'))} ms`,
        pick('cls').toFixed(3),
      ])
      if (process.env.BENCH_VERBOSE)
        for (const file of js.files)
          console.log(`    ${(file.bytes / 1024).toFixed(1).padStart(6)} KB  ${file.url}`)
    }

    const header = [
      'Rota',
      'Caminho',
      'JS 1º carregamento (gzip)',
      'Perf.',
      'Acess.',
      'SEO',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
    ]
    const widths = header.map((title, i) =>
      Math.max(title.length, ...rows.map((row) => row[i]!.length)),
    )
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
    console.log()
    console.log(line(header))
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
    for (const row of rows) console.log(line(row))
    console.log(
      `\nBudgets: JS ≤ ${BUDGET.jsKb} KB gzip, performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, SEO ${BUDGET.seo} (Lighthouse mobile, ${RUNS} run${RUNS > 1 ? 's, median' : ''}). ✗ marks a miss.`,
    )
    process.exitCode = misses > 0 ? 1 : 0
  } finally {
    server?.close()
    await stopAll(services)
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  await main()
