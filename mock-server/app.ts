import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import jsonServer from 'json-server'
import { endpointRouter, type AppDeps } from './api'
import { loadAssistant } from './domain/assistant/cnae-matcher'
import { createAuth } from './auth'
import { TEST_CLOCK_HEADER, testClockOf, withClock } from './clock'
import type { ServerConfig } from './config'
import { sweepOverdue } from './domain/billing/subscriptions'
import { docsRouter, servedDocument } from './docs/index'
import { createOfxReader } from './ofx/reader'
import { createNfseEngine } from './domain/invoices/nfse/engine'
import { settleRecords } from './domain/bank/reconciliation/writes'
import { attachReconciler } from './domain/bank/reconciliation/reconciler'
import { commit, publish } from './domain/reactions'
import { requestBegins } from './domain/pacing'
import { applySchedules } from './domain/invoices/schedule-job'
import { createSefinGateway } from './domain/invoices/sefin-gateway'
import { startRecovery } from './domain/invoices/recovery'
import { openYears } from './domain/year-end/open-years'
import { conflict, errorHandler, handle, notFound, notFoundRoute } from './http'
import { hostPolicy } from './network'
import { originPolicy } from './origins'
import { endpoints } from './routes/index'
import { loadDemoAccounts } from './seed/core'
import { resetEmulatorAccounts } from './seed/emulator-accounts'
import { seedFiles } from './seed/files'
import { buildSeed, reseedCompany } from './seed/index'
import { seededNfseXml } from './seed/nfse'
import { testPki } from './stand-ins/sefin-nacional/test-pki'
import { startSefinStandIn } from './stand-ins/sefin-nacional/server'
import { Store } from './store/database'
import {
  sefinAnalysisAnswerSchema,
  sefinFaultsBodySchema,
  type FaultName,
} from './stand-ins/sefin-nacional/faults'
import { standInRegistry } from './stand-ins/receita-cnpj/registry'
import { standInCora } from './stand-ins/cora/cora'
import type { CoraApi } from './stand-ins/cora/contract'
import { attachRegistry } from './domain/companies/registry'
import { registerOpenedCompanies } from './domain/companies/registration'
import { attachCheckout, recordPaymentNotification } from './domain/billing/checkout'
import { checkoutStandIn } from './stand-ins/checkout/gateway'

const here = path.dirname(fileURLToPath(import.meta.url))
const HOUR = 60 * 60 * 1000

/** Outside services a caller puts in place of their stand-ins (the server tests' fakes). */
export type OutsideServices = { cora?: CoraApi }

/**
 * The mock backend: json-server 0.17 as the host (Express and its defaults), the store (SQLite,
 * store/database.ts) and the API's endpoints (routes/, one file per resource).
 */
export function createApp(config: ServerConfig, outside: OutsideServices = {}) {
  const nfseSeed = {
    dataDir: config.dataDir,
    vaultKeyDir: config.vaultKeyDir,
    vaultSecret: config.vaultSecret,
    testPkiDir: config.testPkiDir,
  }
  const store = new Store(config.dataFile, () => buildSeed({ nfse: nfseSeed }))
  // The Receita's CNPJ registry: its stand-in's answers, read in this process; the commands get
  // it in their deps, the month's facts through the store (domain/companies/registry.ts). The
  // companies opened in a folder written before the registry kept its own records are registered
  // once (domain/companies/registration.ts).
  const registry = standInRegistry(store)
  attachRegistry(store, registry)
  registerOpenedCompanies(store, registry)
  // The payment checkout: billing opens its charges there and records the payments it notifies.
  attachCheckout(
    store,
    checkoutStandIn(store, config, (paid) => recordPaymentNotification(store, paid)),
  )
  seedFiles(config)
  const auth = createAuth({
    projectId: config.projectId,
    authEmulatorHost: config.authEmulatorHost,
  })
  const ofx = createOfxReader()
  const nfse = createNfseEngine()
  // Loaded ahead of the first upload, except in the test suites (most never upload a file).
  // Bank reconciliation runs by itself in a worker thread (loaded ahead of the first run, except
  // in the test suites); records that disagree with the data at start are settled first.
  const reconciler = attachReconciler(store, (events) => void publish(store, events))
  if (config.environment !== 'test') {
    ofx.warm()
    void nfse.warm()
    reconciler.warm()
  }
  const { result: settled } = commit(store, (raise) => settleRecords(store, raise))
  for (const companyId of settled) void reconciler.run(companyId, { kind: 'all' })
  // The assistant's CNAE index is built at start, not on the first request.
  loadAssistant()
  // The national NFS-e API (the local stand-in on its own TLS port unless MOCK_SEFIN_URL says
  // otherwise), and the check of every DPS whose answer was lost: now, then every half minute.
  // The seed's NFS-e are signed when first asked for (seed/nfse.ts), not at every start.
  const pki = () => testPki(config.testPkiDir)
  // The stand-in runs here only when the product is not pointed elsewhere.
  const standIn = config.sefinUrl
    ? null
    : startSefinStandIn({
        store,
        nfse: { check: (job) => nfse.run(job), sign: (job) => nfse.run(job) },
        identity: pki().standIn,
        clientRoots: [pki().ca.certificatePem],
        port: config.sefinPort,
        hosts: config.hosts,
        faults: config.sefinFaults,
        drawSeeded: (record) => seededNfseXml({ store, nfse, pki: pki() }, record),
      })
  // A failure to listen (the port taken) is said when the stand-in is first needed, and here.
  standIn?.catch((error: unknown) =>
    console.error(`[sefin-nacional] não iniciou na porta ${config.sefinPort}:`, error),
  )
  // Awaited by each issuance; a stand-in that did not start is said above, not as unhandled here.
  const standInPort = standIn && standIn.then((started) => started.port)
  standInPort?.catch(() => undefined)
  const sefin = {
    ...createSefinGateway({
      config,
      local: {
        testCa: () => pki().ca.certificatePem,
        standInCertificate: () => pki().standIn.certificatePem,
        port: standInPort,
      },
    }),
    /** The local stand-in, when this server runs it (its faults can be armed by the tests). */
    standIn: async () => (standIn ? await standIn : null),
    async close() {
      await standIn?.then((started) => started.close()).catch(() => undefined)
    },
  }
  // The Cora bank's API: its stand-in, answering in this process (stand-ins/cora/cora.ts),
  // unless the caller hands another.
  const cora = outside.cora ?? standInCora(store, config)
  const deps: AppDeps = { store, auth, config, ofx, nfse, sefin, registry, cora }
  const recovery = startRecovery({ store, config, nfse, sefin })

  const app = jsonServer.create()
  app.disable('x-powered-by')
  // Queries are flat (`status=a&status=b` is a list): Node's own parser, not qs's nested syntax.
  app.set('query parser', 'simple')
  // Only requests that name this server by its own address (against DNS rebinding, network.ts),
  // and of those, a browser's only from the app's own origins (origins.ts).
  app.use(hostPolicy(config))
  // The requests being answered, which the long jobs' batches pause for (domain/pacing.ts).
  app.use((_req, res, next) => {
    res.once('close', requestBegins())
    next()
  })
  app.use(originPolicy(config))
  // json-server's defaults without what a local API pays for on every call and does not use:
  // gzip (it serves localhost) and a static-folder lookup when there is no mock-server/public.
  const publicDir = path.join(here, 'public')
  const defaults = jsonServer.defaults({
    logger: process.env.MOCK_LOG === '1',
    noCors: true,
    noGzip: true,
    static: publicDir,
  })
  app.use(existsSync(publicDir) ? defaults : defaults.filter((m) => m.name !== 'serveStatic'))
  // A test may date its requests (clock.ts): only when the harness turned the hooks on.
  if (config.testHooks)
    app.use((req, _res, next) => {
      const at = testClockOf(req.get(TEST_CLOCK_HEADER))
      if (at) withClock(at, next)
      else next()
    })
  // The API (each endpoint reads its own body: a JSON or form body, a multipart upload or raw).
  app.use(endpointRouter(deps, endpoints))

  app.get('/health', (_req, res) => {
    res.json({ ok: true })
  })
  // The API's contract and its interactive docs (docs/index.ts).
  // Its sign-in box lists the demo accounts, passwords included, only under `npm start`'s
  // development environment.
  app.use(
    docsRouter({
      authEmulatorHost: config.authEmulatorHost,
      accounts: config.environment === 'development' ? loadDemoAccounts() : [],
    }),
  )
  // The document is generated once, ahead of the first request, except in the test suites.
  if (config.environment !== 'test') setImmediate(servedDocument)

  // The clocks: overdue charges and companies, and the invoice schedules, now and every hour.
  const hourly = (name: string, job: () => unknown) => {
    const run = () => {
      try {
        job()
      } catch (error) {
        console.error(`[${name}]`, error)
      }
    }
    run()
    const timer = setInterval(run, HOUR).unref()
    store.onClose(() => clearInterval(timer))
  }
  hourly('billing sweep', () => sweepOverdue(store, new Date()))
  hourly('nfs schedules', () => store.write(() => applySchedules(store)))
  // Every client company's year in the year-end queue (mock-server/domain/year-end/open-years.ts).
  hourly('year-end years', () =>
    openYears(store).catch((error: unknown) => console.error('[year-end years]', error)),
  )

  /** Back to the fixtures: the data and the emulator's accounts (tests, `npm run db:reset`). */
  const reset = async () => {
    await resetEmulatorAccounts(config.authEmulatorHost, config.projectId)
    auth.forgetEveryone()
    // A reconciliation run from before the reset writes nothing after it.
    reconciler.reset()
    store.reset()
  }

  if (config.testHooks) {
    app.post(
      '/__reset',
      handle(async () => {
        await reset()
        return { ok: true }
      }),
    )
    // Treats every token issued up to now as expired, as if an hour had passed.
    app.post(
      '/__test/expire-tokens',
      handle(() => {
        auth.expireTokensIssuedBefore(Math.floor(Date.now() / 1000))
        return { ok: true }
      }),
    )
    // Bank reconciliation over every line of a company, answered when written, with how long it
    // took; and the runs so far, newest first (`npm run bench:api` times the automatic ones).
    app.post(
      '/__test/companies/:companyId/reconcile',
      handle(async (req) => ({
        data: await reconciler.run(req.params.companyId ?? '', { kind: 'all' }),
      })),
    )
    app.get(
      '/__test/reconciliation/runs',
      handle(() => ({ data: reconciler.runs() })),
    )
    // Faults the Sefin Nacional stand-in injects on its next issuances (`?reset-after-issue=1`,
    // stand-ins/sefin-nacional/faults.ts), and the background check of lost answers run now.
    app.post(
      '/__test/sefin-faults',
      handle(async (req) => {
        const body = sefinFaultsBodySchema.parse(req.query)
        const standIn = await sefin.standIn()
        if (!standIn) throw notFound('Este servidor não roda o stand-in da Sefin Nacional.')
        standIn.faults.clear()
        for (const [name, times] of Object.entries(body))
          standIn.faults.arm(name as FaultName, times)
        return { ok: true }
      }),
    )
    // The municipality answers a cancellation analysis (`?key=…&answer=granted|refused`): the
    // stand-in registers e105104 / e105105 (stand-ins/sefin-nacional/server.ts).
    app.post(
      '/__test/sefin-analysis',
      handle(async (req) => {
        const query = sefinAnalysisAnswerSchema.parse(req.query)
        const standIn = await sefin.standIn()
        if (!standIn) throw notFound('Este servidor não roda o stand-in da Sefin Nacional.')
        const answered = await standIn.answerAnalysis(
          query.key,
          query.answer === 'granted',
          query.reason,
        )
        if (!answered.ok)
          throw conflict(
            answered.errors.map((error) => `${error.Codigo} — ${error.Descricao}`).join(' '),
          )
        return { ok: true }
      }),
    )
    app.post(
      '/__test/sefin-recovery',
      handle(async () => ({ data: await recovery.runNow() })),
    )
    // One company's record, track, subscriptions and payments back as seeded, so an e2e test
    // that walks a demo company through its wizard or pays leaves the shared data as it found it.
    app.post(
      '/__test/companies/:companyId/reseed',
      handle((req) => {
        if (!reseedCompany(store, req.params.companyId ?? ''))
          throw notFound('Empresa não encontrada.')
        return { ok: true }
      }),
    )
  }

  app.use(notFoundRoute)
  app.use(errorHandler)

  return {
    app,
    store,
    auth,
    reset,
    sefin,
    recovery,
    async close() {
      recovery.stop()
      await sefin.close()
      await reconciler.close()
      await store.close()
      await ofx.close()
      await nfse.close()
      await auth.close()
    },
  }
}
