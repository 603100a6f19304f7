import type { Router } from 'express'
import type { AuthService } from './auth'
import type { ServerConfig } from './config'
import type { EndpointContract } from './contract'
import type { Store } from './store/database'

/** What every router gets. */
export type AppDeps = { store: Store; auth: AuthService; config: ServerConfig }

/**
 * One API area: its endpoints' contract and the router that serves them. `createRaw` serves
 * routes that read the request body themselves (file uploads): it is mounted before the JSON and
 * form body parsers.
 */
export type RouteModule = {
  contract: EndpointContract[]
  create: (deps: AppDeps) => Router
  createRaw?: (deps: AppDeps) => Router
}
