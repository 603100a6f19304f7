import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import jsonServer from 'json-server'
import { createAuth } from './auth'
import { resetEmulatorAccounts } from './auth-seed'
import type { ServerConfig } from './config'
import { errorHandler, handle, notFoundRoute } from './http'
import { originPolicy } from './origins'
import { routeModules } from './routes/index'
import { buildSeed } from './seed/index'
import { Store } from './store/database'

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * The mock backend: json-server 0.17 as the host (Express, its defaults and body parser),
 * the store (lowdb-shaped state, a write-ahead log group-committed per flush, snapshots) and one
 * router per API area.
 */
export function createApp(config: ServerConfig) {
  const store = new Store(config.dataFile, buildSeed)
  const auth = createAuth({
    projectId: config.projectId,
    authEmulatorHost: config.authEmulatorHost,
  })
  const deps = { store, auth, config }

  const app = jsonServer.create()
  app.disable('x-powered-by')
  // Only the app's own origins get a CORS grant; other origins are refused (origins.ts).
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
  for (const module of routeModules) if (module.createRaw) app.use(module.createRaw(deps))
  app.use(jsonServer.bodyParser)

  app.get('/health', (_req, res) => {
    res.json({ ok: true })
  })
  for (const module of routeModules) app.use(module.create(deps))

  /** Back to the fixtures: the data and the emulator's accounts (tests, `npm run db:reset`). */
  const reset = async () => {
    await resetEmulatorAccounts(config.authEmulatorHost, config.projectId)
    auth.forgetEveryone()
    await store.reset()
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
  }

  app.use(notFoundRoute)
  app.use(errorHandler)

  return {
    app,
    store,
    auth,
    reset,
    async close() {
      await store.close()
      await auth.close()
    },
  }
}
