import type { Endpoint } from '../api'
import { areaEndpoints } from './areas'
import { bancoCentralEndpoints } from '../stand-ins/banco-central/routes'
import { bankAccountEndpoints } from './bank-accounts'
import { bankConnectionEndpoints } from './bank-connections'
import { bankTransactionEndpoints } from './bank-transactions'
import { certificateEndpoints } from './certificates'
import { checkoutEndpoints } from '../stand-ins/checkout/routes'
import { cityEndpoints } from './cities'
import { cnaeEndpoints } from './cnaes'
import { cnpjEndpoints } from '../stand-ins/receita-cnpj/routes'
import { companyEndpoints } from './companies'
import { contentEndpoints } from '../stand-ins/storyblok/routes'
import { coraEndpoints } from '../stand-ins/cora/routes'
import { documentEndpoints } from './documents'
import { fileEndpoints } from './files'
import { inviteEndpoints } from './invites'
import { leadEndpoints } from './leads'
import { linkEndpoints } from './links'
import { lucaEndpoints } from './luca'
import { nfsRequestEndpoints } from './nfs-requests'
import { nfsSchedulerEndpoints } from './nfs-schedulers'
import { partnerEndpoints } from './partners'
import { payrollEndpoints } from './payroll'
import { paymentEndpoints } from './payments'
import { planEndpoints } from './plans'
import { reconciliationEndpoints } from './reconciliation'
import { referralEndpoints } from './referrals'
import { revenueHistoryEndpoints } from './revenue-history'
import { selicEndpoints } from './selic'
import { reportEndpoints } from './reports'
import { simplesEndpoints } from './simples'
import { subscriptionEndpoints } from './subscriptions'
import { userEndpoints } from './users'
import { viaCepEndpoints } from '../stand-ins/viacep/routes'
import { yearEndEndpoints } from './year-end'

/**
 * The API, one file per resource: `mock-server/routes/<name>.ts` serves the endpoints under
 * `resources[name]`, in the order Express tries them (docs/api.md's endpoint tables name the same
 * files). Add an endpoint to its resource's table; add a line here only for a new resource.
 */
export const resources = {
  // The app's own API
  users: userEndpoints, // sign-up, the profile and its photo, the back office's users
  companies: companyEndpoints, // every /companies* endpoint: session, wizard, back office
  certificates: certificateEndpoints, // a company's A1 certificate (/companies/{id}/certificate)
  invites: inviteEndpoints,
  referrals: referralEndpoints,
  plans: planEndpoints,
  subscriptions: subscriptionEndpoints,
  payments: paymentEndpoints,
  partners: partnerEndpoints, // the Duca partner programme and its review
  'nfs-requests': nfsRequestEndpoints, // NFS-e requests and the services invoiced before
  'nfs-schedulers': nfsSchedulerEndpoints,
  documents: documentEndpoints,
  'bank-connections': bankConnectionEndpoints, // Cora OAuth and the connections
  'bank-accounts': bankAccountEndpoints, // accounts, OFX imports, exports
  'bank-transactions': bankTransactionEndpoints, // transactions and tax categories
  reconciliation: reconciliationEndpoints, // credits beside invoices, tax debits beside guides
  reports: reportEndpoints, // the panel's reports
  simples: simplesEndpoints, // the month (PGDAS-D), its close, the queue and the guides to pay
  payroll: payrollEndpoints, // the pró-labore and payroll of each month
  'revenue-history': revenueHistoryEndpoints, // the revenue of the months before us
  selic: selicEndpoints, // the monthly Selic of late payments, and its back-office table
  'year-end': yearEndEndpoints, // profits and distributions, income reports, DEFIS, DASN-SIMEI
  luca: lucaEndpoints, // the assistant
  files: fileEndpoints, // signed upload/download links and the files behind them
  // The public site's data
  cnaes: cnaeEndpoints,
  cities: cityEndpoints,
  areas: areaEndpoints,
  links: linkEndpoints,
  leads: leadEndpoints,
  // Stand-ins of external services
  content: contentEndpoints, // Storyblok's delivery API
  viacep: viaCepEndpoints,
  cnpj: cnpjEndpoints, // the Receita's CNPJ registry
  cora: coraEndpoints, // Cora's consent page
  checkout: checkoutEndpoints, // the payment checkout
  'banco-central': bancoCentralEndpoints, // the Banco Central's SGS (the monthly Selic)
} satisfies Record<string, Endpoint[]>

export type ResourceName = keyof typeof resources

/** The stand-ins' tables live with their service (mock-server/stand-ins/<service>/routes.ts). */
const standInFolders: Partial<Record<ResourceName, string>> = {
  content: 'storyblok',
  viacep: 'viacep',
  cnpj: 'receita-cnpj',
  cora: 'cora',
  checkout: 'checkout',
  'banco-central': 'banco-central',
}

/** The file holding a resource's table, from mock-server/ (`routes/users.ts`). */
export const resourceFile = (name: ResourceName) => {
  const folder = standInFolders[name]
  return folder ? `stand-ins/${folder}/routes.ts` : `routes/${name}.ts`
}

/** Every endpoint, in the order Express tries them. */
export const endpoints: Endpoint[] = Object.values(resources).flat()
