import type { RouteModule } from '../deps'
import { assistantRoutes } from './assistant'
import { bankStatementsRoutes } from './bank-statements'
import { billingRoutes } from './billing'
import { companiesRoutes } from './companies'
import { documentsRoutes } from './documents'
import { engagementRoutes } from './engagement'
import { filesRoutes } from './files'
import { invoicesRoutes } from './invoices'
import { lookupsRoutes } from './lookups'
import { reportsRoutes } from './reports'
import { usersRoutes } from './users'
import { publicRoutes } from './public'

/** Every API area, in the order Express tries them. Add one line per new area. */
export const routeModules: RouteModule[] = [
  usersRoutes,
  companiesRoutes,
  billingRoutes,
  engagementRoutes,
  filesRoutes,
  lookupsRoutes,
  invoicesRoutes,
  documentsRoutes,
  bankStatementsRoutes,
  reportsRoutes,
  assistantRoutes,
  ...publicRoutes,
]

export const contracts = routeModules.flatMap((module) => module.contract)
