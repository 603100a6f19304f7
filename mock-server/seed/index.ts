import type { Model } from '../model'
import type { Store } from '../store/database'
import { seedBilling, seedCheckoutCharges } from './billing'
import { seedCore } from './core'
import { seedEngagement } from './engagement'
import { seedFinance } from './finance'
import { seedNfse, type NfseSeedOptions } from './nfse'
import { seedPublic } from './public'
import { seedReconciliation } from './reconciliation'
import { seedRegistry, seededRegistrations } from './registry'
import { seedSimples } from './simples'
import { seedYearEnd } from './year-end'
import { fixtureRecords, fixtureRegistry } from '../stand-ins/receita-cnpj/registry'

/**
 * The whole initial data set, each area seeded from its fixtures and checked by its schemas.
 * With `nfse` (the server's data folder), the active companies get their test certificates.
 */
export function buildSeed(options: { nfse?: NfseSeedOptions; now?: Date } = {}): Model {
  const now = options.now ?? new Date()
  const core = seedCore()
  const finance = seedFinance(now)
  // The months the accountant closed come from the calculation over the seeded invoices; the
  // start of activity is what the Receita's registry answers, asked through its client
  // (domain/companies/registry.ts) — before any store, its fixture records.
  const registry = fixtureRegistry
  const simples = seedSimples({ ...core, nfsRequests: finance.nfsRequests, registry }, now)
  // The year: distributions (their DARF 1841) and every client company's year.
  const yearEnd = seedYearEnd({ ...core, closedMonths: simples.closedMonths, registry }, now)
  const documents = [...finance.documents, ...simples.documents, ...yearEnd.documents]
  // Reconciliation tells ana's statement as a story (her newest invoice among it) and reads and
  // marks the finance data: received invoices, paid guides — the closed months' among them.
  const reconciliations = seedReconciliation({ ...finance, documents }, core.companies, now)
  // Last: ana's newest invoice was issued through the national system.
  const nfse = seedNfse(core.companies, finance.nfsRequests, options.nfse)
  const billing = seedBilling()
  return {
    ...core,
    ...billing,
    checkoutCharges: seedCheckoutCharges(core.companies, billing),
    ...seedEngagement(now),
    ...finance,
    reconciliations,
    ...seedPublic(),
    ...nfse,
    // The Receita's registry keeps its own records: the fixture's and the demo's opened companies'.
    ...seedRegistry(core),
    ...simples,
    taxGuides: [...simples.taxGuides, ...yearEnd.taxGuides],
    distributions: yearEnd.distributions,
    companyYears: yearEnd.companyYears,
    documents,
  }
}

/**
 * One company's record, track, subscriptions, payments, guias and Simples months (payroll,
 * declared revenue, revenue before us, closed months and the guides they published) back as seeded, in one transaction (the
 * test hook beside `/__reset`); false for a company the fixtures do not have.
 */
export function reseedCompany(store: Store, companyId: string): boolean {
  const core = seedCore()
  const company = core.companies.find((c) => c.id === companyId)
  const track = core.tracks.find((t) => t.companyId === companyId)
  if (!company || !track) return false
  const billing = seedBilling()
  const finance = seedFinance()
  const registry = fixtureRegistry
  const simples = seedSimples({ ...core, nfsRequests: finance.nfsRequests, registry })
  const yearEnd = seedYearEnd({ ...core, closedMonths: simples.closedMonths, registry })
  // The registry's record of the company back as seeded: a CNPJ recorded since is withdrawn.
  const before = store.companies.get(companyId)
  const registered = before?.cnpj ? store.receitaCnpjRecords.get(before.cnpj) : undefined
  const withdrawn = registered?.registeredAt && registered.cnpj !== company.cnpj ? registered : null
  const known = new Set(fixtureRecords().map((record) => record.cnpj))
  const registration = seededRegistrations({ ...core, companies: [company] }, known)
  const own = <T extends { companyId: string }>(records: T[]) =>
    records.filter((record) => record.companyId === companyId)
  store.write(() => {
    // The guias back as seeded: the fixtures' and the closed months', none recalculated since.
    for (const id of store.taxGuides.values('id', { companyId })) store.documents.remove(String(id))
    const seededGuias = own(finance.documents).filter((document) => document.type === 'guia')
    for (const document of seededGuias) store.documents.remove(document.id)
    store.documents.insertMany(seededGuias)
    store.payrolls.removeWhere({ companyId })
    store.payrolls.insertMany(own(simples.payrolls))
    store.declaredRevenues.removeWhere({ companyId })
    store.declaredRevenues.insertMany(own(simples.declaredRevenues))
    store.closedMonths.removeWhere({ companyId })
    store.closedMonths.insertMany(own(simples.closedMonths))
    store.taxGuides.removeWhere({ companyId })
    store.taxGuides.insertMany(own([...simples.taxGuides, ...yearEnd.taxGuides]))
    store.revenueHistories.remove(companyId)
    store.revenueHistories.insertMany(own(simples.revenueHistories))
    store.documents.insertMany(own([...simples.documents, ...yearEnd.documents]))
    store.distributions.removeWhere({ companyId })
    store.distributions.insertMany(own(yearEnd.distributions))
    store.companyYears.removeWhere({ companyId })
    store.companyYears.insertMany(own(yearEnd.companyYears))
    store.companies.put(company)
    store.tracks.put(track)
    if (withdrawn) store.receitaCnpjRecords.remove(withdrawn.cnpj)
    for (const record of registration) store.receitaCnpjRecords.put(record)
    store.subscriptions.removeWhere({ companyId })
    store.subscriptions.insertMany(billing.subscriptions.filter((s) => s.companyId === companyId))
    store.payments.removeWhere({ companyId })
    store.payments.insertMany(billing.payments.filter((p) => p.companyId === companyId))
    // The checkout's record of them too (a charge paid since is open again, as its payment).
    for (const charge of seedCheckoutCharges([company], billing)) store.checkoutCharges.put(charge)
  })
  return true
}
