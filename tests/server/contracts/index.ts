import { accountContracts } from './account'
import { authContracts } from './auth'
import { backOfficeContracts } from './back-office'
import { bankStatementsContracts } from './bank-statements'
import { documentsContracts } from './documents'
import { filesContracts } from './files'
import { invoicesContracts } from './invoices'
import { nfseContracts } from './nfse'
import { onboardingContracts } from './onboarding'
import { panelContracts } from './panel'
import { partnersContracts } from './partners'
import { reconciliationContracts } from './reconciliation'
import { siteContracts } from './site'
import { payrollContracts, simplesContracts } from './simples'
import type { EndpointContract } from './types'
import { yearEndContracts } from './year-end'

export type { Access, EndpointContract } from './types'

/**
 * A working example request for every endpoint the mock server serves, one file per feature of
 * the web app (mock-server/routes goes by API resource; each file's comment names the route files
 * it covers). endpoints.test.ts fails when a served endpoint has none (or an example names an
 * endpoint nobody serves), or when an example's access is not the route table's.
 */
export const contractsByFeature = {
  auth: authContracts,
  onboarding: onboardingContracts,
  panel: panelContracts,
  simples: simplesContracts,
  payroll: payrollContracts,
  'year-end': yearEndContracts, // profits, distributions, income reports, DEFIS, DASN-SIMEI
  invoices: invoicesContracts,
  nfse: nfseContracts, // the national NFS-e: issuance, certificates, the Sefin stand-in
  documents: documentsContracts,
  'bank-statements': bankStatementsContracts,
  reconciliation: reconciliationContracts,
  account: accountContracts,
  partners: partnersContracts,
  'back-office': backOfficeContracts,
  site: siteContracts,
  files: filesContracts,
} satisfies Record<string, EndpointContract[]>

export const contracts: EndpointContract[] = Object.values(contractsByFeature).flat()
