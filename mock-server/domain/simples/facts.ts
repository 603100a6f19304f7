import type { ActivityTax } from '../../../src/schemas/cnae'
import type { Company } from '../../../src/schemas/company'
import { dayInBrazil } from '../../../src/kernel/dates'
import type { Regime } from '../../../src/kernel/tax/calculation'
import type { Store } from '../../store/database'
import type { TrackRecord } from '../../model'
import { registryOf, type CnpjRegistry } from '../companies/registry'
import { cnaeCatalog } from '../../reference/cnaes'

// What the month needs to know of a company besides its revenue and payroll: its regime, its
// activities with their tax data, its start of activity and its partners — read once, by
// `factsOf`, before anything is calculated (domain/simples/months.ts: facts, then the sources,
// then the calculation, then the writes).

export type { Regime }

/** The regime a company's size puts it in: the Simples Nacional (ME, EPP) or the MEI. */
export const regimeOf = (company: Pick<Company, 'size'>): Regime | null =>
  company.size === 'MEI'
    ? 'mei'
    : company.size === 'ME' || company.size === 'EPP'
      ? 'simples'
      : null

/** A company whose month the accountant closes: an active (or overdue) ME, EPP or MEI with CNPJ. */
export const isMonthlyClient = (company: Company) =>
  regimeOf(company) !== null &&
  company.cnpj !== null &&
  (company.status === 'active' || company.status === 'overdue')

/** A partner as the partner registration keeps it (opening or migration track). */
export type RegisteredPartner = { name: string; cpf: string; email?: string; sharePercent?: number }

/** What a company's month is calculated with, besides its sources. */
export interface CompanyFacts {
  company: Company
  regime: Regime
  /** Whether the accountant closes its months (isMonthlyClient). */
  client: boolean
  activities: ActivityTax[]
  /** Start of activity (`YYYY-MM-DD`, the CNPJ's opening in the registry) or null when unknown. */
  openedOn: string | null
  /** The first day the company was active with us (`YYYY-MM-DD`), or null. */
  activeSince: string | null
  /** The partners of its partner registration, as registered. */
  partners: RegisteredPartner[]
}

/**
 * The start of activity: the CNPJ's opening date as the Receita's registry answers it
 * (domain/companies/registry.ts), never the day the company joined us (null when the registry
 * has no date).
 */
export const openedOnIn = (registry: CnpjRegistry, company: Company): string | null =>
  (company.cnpj ? registry.recordOf(company.cnpj)?.openedOn : undefined) ?? null

/** The start of activity as the registry attached to the store answers it. */
export const openedOnOf = (store: Store, company: Company) => openedOnIn(registryOf(store), company)

/** The first day the company was active with us (`YYYY-MM-DD`), or null. */
export function activeSinceOf(company: Company): string | null {
  const active = company.statusHistory.find((change) => change.to === 'active')?.at
  return active ? dayInBrazil(active) : null
}

/** The partners of a track's partner registration, as registered. */
export function registeredPartnersIn(track: TrackRecord | undefined): RegisteredPartner[] {
  const step = track?.steps.find(
    (s) =>
      (s.stepId === 'partner-registration' || s.stepId === 'partner-registration-basic') &&
      s.payload,
  )
  return (step?.payload as { partners?: RegisteredPartner[] } | null)?.partners ?? []
}

/** The partners as the payroll names them (the CPF identifies each). */
export const payrollPartnersOf = (partners: readonly RegisteredPartner[]) =>
  partners.map((partner) => ({ partnerId: partner.cpf, name: partner.name, cpf: partner.cpf }))

/** The company's partners, from its partner registration (the CPF identifies each). */
export const partnersOf = (store: Store, companyId: string) =>
  payrollPartnersOf(registeredPartnersIn(store.tracks.get(companyId)))

/**
 * A company's facts from what the registry answers and its registered partners (the store's
 * `factsOf`, and the seed before anything is stored); null when it is neither Simples nor MEI.
 */
export function companyFactsOf(
  company: Company,
  registry: CnpjRegistry,
  partners: RegisteredPartner[],
): CompanyFacts | null {
  const regime = regimeOf(company)
  if (!regime) return null
  return {
    company,
    regime,
    client: isMonthlyClient(company),
    activities: cnaeCatalog().taxOf(company.activities),
    openedOn: openedOnIn(registry, company),
    activeSince: activeSinceOf(company),
    partners,
  }
}

/** A stored company's facts (the registry attached to the store, its track's partners). */
export const factsOf = (store: Store, company: Company): CompanyFacts | null =>
  companyFactsOf(company, registryOf(store), registeredPartnersIn(store.tracks.get(company.id)))
