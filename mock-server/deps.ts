import type { Router } from 'express'
import type { AuthService } from './auth'
import type { ServerConfig } from './config'
import type { Store } from './store/database'

/** What every router gets. */
export type AppDeps = { store: Store; auth: AuthService; config: ServerConfig }

/**
 * One API area: the router that serves it. `createRaw` serves routes that read the request body
 * themselves (file uploads): it is mounted before the JSON and form body parsers. Each endpoint's
 * example request lives with the tests (tests/server/contracts/<feature>.ts).
 */
export type RouteModule = {
  create: (deps: AppDeps) => Router
  createRaw?: (deps: AppDeps) => Router
}
