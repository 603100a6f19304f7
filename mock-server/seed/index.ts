import type { Model } from '../model'
import type { Store } from '../store/database'
import { seedBilling } from './billing'
import { seedCore } from './core'
import { seedEngagement } from './engagement'
import { seedFinance } from './finance'
import { seedPublic } from './public'
import { seedReconciliation } from './reconciliation'

/** The whole initial data set, each area seeded from its fixtures and checked by its schemas. */
export function buildSeed(): Model {
  const core = seedCore()
  const finance = seedFinance()
  // Reconciliation reads and marks the finance data (received invoices, paid guides).
  const reconciliations = seedReconciliation(finance, core.companies)
  return {
    ...core,
    ...seedBilling(),
    ...seedEngagement(),
    ...finance,
    reconciliations,
    ...seedPublic(),
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
