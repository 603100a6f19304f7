import type { Company } from '../../../src/schemas/company'
import { todayInBrazil } from '../../../src/schemas/finance-common'
import type { Store } from '../../store/database'
import { registryRecordOf } from '../../stand-ins/receita-cnpj/registry'
import { cnaeCatalog } from '../../reference/cnaes'
import { regimeOf, type CompanyFacts } from './calculate'

// What the month needs to know of a company besides its revenue and payroll: its regime, its
// activities with their tax data, its start of activity, its partners.

/** A company whose month the accountant closes: an active (or overdue) ME, EPP or MEI with CNPJ. */
export const isMonthlyClient = (company: Company) =>
  regimeOf(company) !== null &&
  company.cnpj !== null &&
  (company.status === 'active' || company.status === 'overdue')

/**
 * The start of activity: the CNPJ's opening date in the Receita's registry; without it, the day
 * the company first became active with us, else the day it was created.
 */
export function openedOnOf(store: Store, company: Company): string | null {
  const registered = company.cnpj ? registryRecordOf(store, company.cnpj)?.openedOn : undefined
  if (registered) return registered
  const active = company.statusHistory.find((change) => change.to === 'active')?.at
  return todayInBrazil(new Date(active ?? company.createdAt))
}

export function factsOf(store: Store, company: Company): CompanyFacts | null {
  const regime = regimeOf(company)
  if (!regime) return null
  return {
    company,
    regime,
    activities: cnaeCatalog().taxOf(company.activities),
    openedOn: openedOnOf(store, company),
  }
}

/** A partner as the partner registration keeps it (opening or migration track). */
export type RegisteredPartner = { name: string; cpf: string; email?: string; sharePercent?: number }

/** The partners of the company's partner registration, as registered. */
export function registeredPartnersOf(store: Store, companyId: string): RegisteredPartner[] {
  const track = store.tracks.get(companyId)
  const step = track?.steps.find(
    (s) =>
      (s.stepId === 'partner-registration' || s.stepId === 'partner-registration-basic') &&
      s.payload,
  )
  return (step?.payload as { partners?: RegisteredPartner[] } | null)?.partners ?? []
}

/** The company's partners, from its partner registration (the CPF identifies each). */
export const partnersOf = (store: Store, companyId: string) =>
  registeredPartnersOf(store, companyId).map((partner) => ({
    partnerId: partner.cpf,
    name: partner.name,
    cpf: partner.cpf,
  }))

/**
 * Whether the company pays its CPP outside the DAS: it has an Annex IV activity (LC 123/2006,
 * art. 18, § 5º-C).
 */
export const cppOutsideDas = (facts: Pick<CompanyFacts, 'activities'>) =>
  facts.activities.some((activity) => activity.simplesAnnexes?.includes('IV') === true)
