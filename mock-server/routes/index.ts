import type { RouteModule } from '../deps'
import { assistantRoutes } from './assistant'
import { bankStatementsRoutes } from './bank-statements'
import { companiesRoutes } from './companies'
import { documentsRoutes } from './documents'
import { invoicesRoutes } from './invoices'
import { reportsRoutes } from './reports'
import { usersRoutes } from './users'
import { publicRoutes } from './public'

/** Every API area, in the order Express tries them. Add one line per new area. */
export const routeModules: RouteModule[] = [
  usersRoutes,
  companiesRoutes,
  invoicesRoutes,
  documentsRoutes,
  bankStatementsRoutes,
  reportsRoutes,
  assistantRoutes,
  ...publicRoutes,
]

export const contracts = routeModules.flatMap((module) => module.contract)
