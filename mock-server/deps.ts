import type { Router } from 'express'
import type { AuthService } from './auth'
import type { ServerConfig } from './config'
import type { EndpointContract } from './contract'
import type { Store } from './store/database'

/** What every router gets. */
export type AppDeps = { store: Store; auth: AuthService; config: ServerConfig }

/** One API area: its endpoints' contract and the router that serves them. */
export type RouteModule = { contract: EndpointContract[]; create: (deps: AppDeps) => Router }
