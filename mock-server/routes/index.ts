import type { RouteModule } from '../deps'
import { companiesRoutes } from './companies'
import { usersRoutes } from './users'

/** Every API area, in the order Express tries them. Add one line per new area. */
export const routeModules: RouteModule[] = [usersRoutes, companiesRoutes]

export const contracts = routeModules.flatMap((module) => module.contract)
