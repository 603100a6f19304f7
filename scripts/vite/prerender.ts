import { mkdtempSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import type { OutputBundle, RolldownOutput } from 'rolldown'
import { buildServices } from './content-slugs'
import { buildPaintedPageScript } from './painted-page-script'
import { referenceData, stackModule } from './node-modules'
import { seoFileContents } from './seo-files'
import { siteAssets, type SiteAssets } from './site-assets'

// `npm run build` writes every public page as its own HTML file (docs/build-and-hosting.md), after
// the client-side app's build:
//
// 1. a server build of src/entries/prerender/entry-prerender.tsx (the pages' renderer) and a small client build of
//    src/entries/site/entry-static.ts (the prerendered pages' script and their islands), next to the app's;
// 2. the content service and the API are read once (when they are this machine's and not running,
//    a mock server is started for the build and stopped after it);
// 3. every page is rendered and written: /index.html, /abrir-empresa.html, …, /404.html, with the
//    styles the app loads for that route inlined; robots.txt and the sitemaps list exactly them.
//
// The app's own index.html becomes /app.html: the host serves it for /app/* and /links/*
// (scripts/vite/static-hosting.ts), every other unknown address gets /404.html with status 404.

type Prerenderer = typeof import('../../src/entries/prerender/entry-prerender')

const NESTED = 'CONTABIL_NESTED_BUILD'
const isLocal = (url: string) => /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url)

async function answers(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) })
    return response.status < 500
  } catch {
    return false
  }
}

/**
 * The API and content service the build reads. When they are this machine's default stand-in and
 * nothing answers, a mock server is started on that address for the build (fresh data in a
 * temporary folder) and the returned function stops it.
 */
async function ensureServices(
  root: string,
  apiUrl: string,
  contentEndpoint: string,
  siteUrl: string,
) {
  if (await answers(`${apiUrl}/cnaes?limit=1`)) return async () => undefined
  if (!isLocal(apiUrl) || !isLocal(contentEndpoint) || !contentEndpoint.startsWith(apiUrl))
    throw new Error(
      `[prerender] the API at ${apiUrl} does not answer; the build reads the pages' content from it`,
    )
  const port = Number(new URL(apiUrl).port || 80)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contabil-prerender-mock-'))
  console.log(`[prerender] starting a mock server on ${apiUrl} for the build…`)
  // Loaded only here: the config file stays light when the services are already there.
  const { startMockServer } = await stackModule(root)
  let service: Awaited<ReturnType<typeof startMockServer>>
  try {
    service = await startMockServer({
      port,
      dataDir,
      // Public reads only: the identity service is never asked.
      authPort: port + 1,
      webUrl: siteUrl,
      quiet: true,
      env: {
        MOCK_LOG: '0',
        MOCK_ENVIRONMENT: 'production',
        MOCK_SEFIN_PORT: '0',
        // A throwaway server: its certificates' vault key stays in its folder, not the user's.
        MOCK_VAULT_KEY_DIR: path.join(dataDir, 'vault-key'),
      },
    })
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return async () => {
    await service.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The nested builds share the app's settings that matter: root, mode, env and the @ alias. */
const nestedConfig = (config: ResolvedConfig) => ({
  configFile: false as const,
  root: config.root,
  mode: config.mode,
  envDir: config.envDir,
  logLevel: 'warn' as const,
  plugins: [react()],
  resolve: { alias: { '@': path.join(config.root, 'src') } },
})

async function buildRenderer(config: ResolvedConfig, outDir: string): Promise<Prerenderer> {
  await build({
    ...nestedConfig(config),
    build: {
      ssr: path.join(config.root, 'src/entries/prerender/entry-prerender.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      sourcemap: false,
      target: 'node20',
      rolldownOptions: {
        output: { entryFileNames: 'entry-prerender.mjs' },
        // The renderer imports statically what the app loads lazily; that is expected here.
        onwarn(warning, warn) {
          if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning)
        },
      },
    },
  })
  return (await import(pathToFileURL(path.join(outDir, 'entry-prerender.mjs')).href)) as Prerenderer
}

/** The prerendered pages' own script (src/entries/site/entry-static.ts) and its islands, into the app's dist. */
async function buildPageScript(config: ResolvedConfig, outDir: string): Promise<string> {
  const output = (await build({
    ...nestedConfig(config),
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: config.build.target,
      // As the app's own build (hidden: kept for error reports, never referenced or served).
      sourcemap: config.build.sourcemap,
      rolldownOptions: {
        input: { site: path.join(config.root, 'src/entries/site/entry-static.ts') },
        output: {
          entryFileNames: 'assets/static-[hash].js',
          chunkFileNames: 'assets/static-[name]-[hash].js',
          assetFileNames: 'assets/static-[name]-[hash][extname]',
        },
      },
    },
  })) as RolldownOutput | RolldownOutput[]
  const outputs = Array.isArray(output) ? output : [output]
  const entry = outputs
    .flatMap((result) => result.output)
    .find((file) => file.type === 'chunk' && file.isEntry)
  if (!entry) throw new Error('[prerender] the page script build has no entry')
  return `/${entry.fileName}`
}

/** "[prerender] 6,000 of 12,506 pages (48%), 21 s" — on one line when the output is a terminal. */
function progress(total: number) {
  const started = Date.now()
  const tty = process.stdout.isTTY
  let lastShown = -1
  return (done: number) => {
    const percent = Math.floor((done / total) * 100)
    if (done < total && (tty ? percent === lastShown : Math.floor(percent / 10) === lastShown))
      return
    lastShown = tty ? percent : Math.floor(percent / 10)
    const seconds = Math.round((Date.now() - started) / 1000)
    const line = `[prerender] ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} pages (${percent}%), ${seconds} s`
    if (tty) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`)
    else console.log(line)
  }
}

/** Writes files with a bounded number in flight, creating folders once. */
function writer(root: string) {
  const folders = new Set<string>()
  const inFlight = new Set<Promise<void>>()
  return {
    async write(file: string, content: string) {
      const full = path.join(root, file)
      const folder = path.dirname(full)
      if (!folders.has(folder)) {
        folders.add(folder)
        mkdirSync(folder, { recursive: true })
      }
      const task = writeFile(full, content).then(() => void inFlight.delete(task))
      inFlight.add(task)
      if (inFlight.size >= 64) await Promise.race(inFlight)
    },
    flush: () => Promise.all(inFlight),
  }
}

/** Pages are rendered by this many threads at most (CPU-bound; a 2-core machine gets two). */
const MAX_WORKERS = 4

type SiteData = Awaited<ReturnType<Prerenderer['loadSiteData']>>
type PageToRender = Parameters<Prerenderer['renderPage']>[1]
type PageAssets = Parameters<Prerenderer['renderPage']>[2]

async function renderHere(
  renderer: Prerenderer,
  site: SiteData,
  pages: PageToRender[],
  assets: PageAssets,
  outDir: string,
  report: (done: number) => void,
) {
  const files = writer(outDir)
  for (let i = 0; i < pages.length; i++) {
    const page = renderer.renderPage(site, pages[i]!, assets)
    await files.write(page.file, page.html)
    report(i + 1)
  }
  await files.flush()
}

/**
 * A rendering thread: it imports the renderer, renders its share of the pages from the data it is
 * given (a copy) and writes them, telling the build how many it has done.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs')
const path = require('node:path')
import(workerData.renderer).then((renderer) => {
  const folders = new Set()
  let done = 0
  for (const page of workerData.pages) {
    const { file, html } = renderer.renderPage(workerData.site, page, workerData.assets)
    const full = path.join(workerData.outDir, file)
    const folder = path.dirname(full)
    if (!folders.has(folder)) {
      folders.add(folder)
      fs.mkdirSync(folder, { recursive: true })
    }
    fs.writeFileSync(full, html)
    if (++done % 50 === 0) parentPort.postMessage(50)
  }
  parentPort.postMessage(done % 50)
})
`

async function renderInWorkers(
  count: number,
  job: {
    renderer: string
    site: SiteData
    assets: PageAssets
    pages: PageToRender[]
    outDir: string
    report: (done: number) => void
  },
) {
  let done = 0
  await Promise.all(
    Array.from({ length: count }, (_, index) => {
      // Every count-th page, so each thread gets its share of each kind.
      const pages = job.pages.filter((_, i) => i % count === index)
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          renderer: job.renderer,
          site: job.site,
          assets: job.assets,
          pages,
          outDir: job.outDir,
        },
      })
      worker.on('message', (count: number) => job.report((done += count)))
      return new Promise<void>((resolve, reject) => {
        worker.once('error', reject)
        worker.once('exit', (code) =>
          code === 0
            ? resolve()
            : reject(new Error(`[prerender] a rendering thread exited with ${code}`)),
        )
      })
    }),
  )
}

/**
 * app.html's first paint (src/entries/painted-page/app-first-paint.tsx): what a full load of /app shows before any
 * script ran, the login form or the layout's skeleton, with the cookie banner.
 */
function writeAppFirstPaint(
  file: string,
  paint: Awaited<ReturnType<Prerenderer['appFirstPaint']>>,
) {
  const html = readFileSync(file, 'utf8')
  const marks = ['</head>', '<div id="consent-slot"></div>', '<div id="root"></div>']
  for (const mark of marks)
    if (!html.includes(mark)) throw new Error(`[prerender] app.html has no ${mark}`)
  writeFileSync(
    file,
    html
      .replace('</head>', () => `  ${paint.head}\n  </head>`)
      .replace('<div id="consent-slot"></div>', () => `<div id="consent-slot">${paint.slot}</div>`)
      .replace('<div id="root"></div>', () => `<div id="root"></div>\n    ${paint.body}`),
  )
}

const once = (stop: () => Promise<void>) => {
  let stopping: Promise<void> | null = null
  return () => (stopping ??= stop())
}

export function prerender(): Plugin {
  let config: ResolvedConfig
  let assets: SiteAssets | null = null
  return {
    name: 'contabil:prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild && !process.env[NESTED],
    configResolved(resolved) {
      config = resolved
    },
    writeBundle(_, bundle: OutputBundle) {
      assets = siteAssets(bundle)
    },
    async closeBundle() {
      if (!assets) return
      const started = Date.now()
      const outDir = path.resolve(config.root, config.build.outDir)
      const services = buildServices(config.env)
      const site = (config.env.VITE_SITE_URL || 'http://localhost:5173').replace(/\/+$/, '')
      const work = path.join(
        config.root,
        'node_modules/.cache/contabil-prerender',
        `${process.pid}-${Date.now()}`,
      )
      process.env[NESTED] = '1'
      const stopServices = once(
        await ensureServices(config.root, services.apiUrl, services.contentEndpoint, site),
      )
      try {
        const [renderer, entry, paintedPageScript] = await Promise.all([
          buildRenderer(config, work),
          buildPageScript(config, outDir),
          buildPaintedPageScript(config.root),
        ])
        const data = await renderer.loadSiteData(await referenceData(config.root))
        await stopServices()
        // The app's shell is served for the signed-in area and referral links; "/" is a page.
        renameSync(path.join(outDir, 'index.html'), path.join(outDir, 'app.html'))
        writeAppFirstPaint(
          path.join(outDir, 'app.html'),
          await renderer.appFirstPaint(assets.appCss, paintedPageScript),
        )
        const pageAssets = { css: assets.css, entry, appEntry: assets.appEntry }
        const pages = [...data.pages, { kind: 'not-found' as const }]
        const report = progress(pages.length)
        const workers = Math.min(MAX_WORKERS, os.availableParallelism())
        if (workers > 1)
          await renderInWorkers(workers, {
            renderer: pathToFileURL(path.join(work, 'entry-prerender.mjs')).href,
            site: data,
            assets: pageAssets,
            pages,
            outDir,
            report,
          })
        else await renderHere(renderer, data, pages, pageAssets, outDir, report)
        const files = writer(outDir)
        for (const [file, content] of Object.entries(seoFileContents(site, data.pages)))
          await files.write(file, content)
        await files.flush()
        console.log(
          `[prerender] ${pages.length.toLocaleString('en-US')} pages in ${Math.round((Date.now() - started) / 1000)} s`,
        )
      } finally {
        await stopServices()
        delete process.env[NESTED]
        rmSync(work, { recursive: true, force: true })
      }
    },
  }
}
