import type { RouteModule } from '../deps'
import { accountRoutes } from './account'
import { authRoutes } from './auth'
import { backOfficeRoutes } from './back-office'
import { bankStatementsRoutes } from './bank-statements'
import { documentsRoutes } from './documents'
import { filesRoutes } from './files'
import { invoicesRoutes } from './invoices'
import { onboardingRoutes } from './onboarding'
import { panelRoutes } from './panel'
import { partnersRoutes } from './partners'
import { siteRoutes } from './site'

/**
 * Every API area, in the order Express tries them: one module per feature, named as the web app's
 * feature folders (src/screens/<feature>, src/services/<feature>), plus shared infrastructure.
 * Add an endpoint to its feature's module; add a line here only for a new feature.
 */
export const routeModules: RouteModule[] = [
  // Features
  authRoutes, // sign-up, the caller's own record and companies (the session)
  onboardingRoutes, // opening/migration wizards: steps, track, the assistant, CEP/CNPJ lookups
  panelRoutes, // the panel's reports
  invoicesRoutes, // NFS-e requests and schedules
  documentsRoutes, // company documents and guias
  bankStatementsRoutes, // bank accounts, Cora, OFX, transactions, exports
  accountRoutes, // profile, billing and checkout, invites, referrals
  partnersRoutes, // the Duca partner program
  backOfficeRoutes, // companies list, orders, company updates and status, users (admins)
  siteRoutes, // the public site: content, CNAEs, cities, leads, links, areas
  // Shared infrastructure, not a feature
  filesRoutes, // signed upload/download links and the files behind them
]
