import type { Model } from '../model'
import type { Store } from '../store/database'
import { seedBilling } from './billing'
import { seedCore } from './core'
import { seedEngagement } from './engagement'
import { seedFinance } from './finance'
import { seedNfse, type NfseSeedOptions } from './nfse'
import { seedPublic } from './public'

/**
 * The whole initial data set, each area seeded from its fixtures and checked by its schemas.
 * With `nfse` (the server's data folder), the active companies get their test certificates.
 */
export function buildSeed(options: { nfse?: NfseSeedOptions } = {}): Model {
  const core = seedCore()
  const finance = seedFinance()
  return {
    ...core,
    ...seedBilling(),
    ...seedEngagement(),
    ...finance,
    ...seedPublic(),
    // After the invoices: one of them was issued through the national system.
    ...seedNfse(core.companies, finance.nfsRequests, options.nfse),
  }
}

/**
 * One company's record, track, subscriptions and payments back as seeded, in one transaction
 * (the test hook beside `/__reset`); false for a company the fixtures do not have.
 */
export function reseedCompany(store: Store, companyId: string): boolean {
  const core = seedCore()
  const company = core.companies.find((c) => c.id === companyId)
  const track = core.tracks.find((t) => t.companyId === companyId)
  if (!company || !track) return false
  const billing = seedBilling()
  store.write(() => {
    store.companies.put(company)
    store.tracks.put(track)
    store.subscriptions.removeWhere({ companyId })
    store.subscriptions.insertMany(billing.subscriptions.filter((s) => s.companyId === companyId))
    store.payments.removeWhere({ companyId })
    store.payments.insertMany(billing.payments.filter((p) => p.companyId === companyId))
  })
  return true
}
