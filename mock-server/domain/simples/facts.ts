import { ratDefaultOf } from '../../../src/kernel/tax/cpp'
import type { ActivityTax } from '../../../src/schemas/cnae'
import type { Company } from '../../../src/schemas/company'
import { dayInBrazil, monthIndex } from '../../../src/kernel/dates'
import type { CppContext } from '../../../src/kernel/tax/payroll'
import type { Store } from '../../store/database'
import { registryOf } from '../companies/registry'
import { cnaeCatalog } from '../../reference/cnaes'
import { regimeOf, type CompanyFacts } from './calculate'

// What the month needs to know of a company besides its revenue and payroll: its regime, its
// activities with their tax data, its start of activity, its partners, and where its CPP is paid.

/** A company whose month the accountant closes: an active (or overdue) ME, EPP or MEI with CNPJ. */
export const isMonthlyClient = (company: Company) =>
  regimeOf(company) !== null &&
  company.cnpj !== null &&
  (company.status === 'active' || company.status === 'overdue')

/**
 * The start of activity: the CNPJ's opening date as the Receita's registry answers it (the
 * registry attached to the store, domain/companies/registry.ts), never the day the company joined
 * us (null when the registry has no date).
 */
export function openedOnOf(store: Store, company: Company): string | null {
  return (company.cnpj ? registryOf(store).recordOf(company.cnpj)?.openedOn : undefined) ?? null
}

/** The first day the company was active with us (`YYYY-MM-DD`), or null. */
export function activeSinceOf(company: Company): string | null {
  const active = company.statusHistory.find((change) => change.to === 'active')?.at
  return active ? dayInBrazil(active) : null
}

/**
 * Whether a period's RBT12 rule is settled without the start of activity: a company active with
 * us since 12 months or more before the period has at least 12 months of activity behind it.
 */
export function startSettles(
  facts: Pick<CompanyFacts, 'openedOn' | 'activeSince'>,
  period: string,
) {
  if (facts.openedOn) return true
  return (
    facts.activeSince !== null &&
    monthIndex(period) - monthIndex(facts.activeSince.slice(0, 7)) >= 12
  )
}

export function factsOf(store: Store, company: Company): CompanyFacts | null {
  const regime = regimeOf(company)
  if (!regime) return null
  return {
    company,
    regime,
    activities: cnaeCatalog().taxOf(company.activities),
    openedOn: openedOnOf(store, company),
    activeSince: activeSinceOf(company),
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

const inAnnexIv = (activity: ActivityTax) => activity.simplesAnnexes?.includes('IV') === true

/**
 * Whether the company pays some of its CPP outside the DAS: it has an Annex IV activity (LC
 * 123/2006, art. 18, § 5º-C).
 */
export const cppOutsideDas = (facts: Pick<CompanyFacts, 'activities'>) =>
  facts.activities.some(inAnnexIv)

/**
 * The company's RAT and FAP: as the accountant set them, else the RAT of its first activity the
 * table of src/kernel/tax/cpp.ts knows and FAP 1,0000. RAT in percent, FAP as published.
 */
export function payrollRiskOf(facts: Pick<CompanyFacts, 'company' | 'activities'>) {
  const set = facts.company.payrollRisk
  const fromActivity =
    facts.activities.map((activity) => ratDefaultOf(activity.code)).find((rate) => rate !== null) ??
    null
  const rat = set?.rat ?? (fromActivity === null ? null : fromActivity / 100)
  return {
    rat,
    ratFrom: set?.rat ? ('company' as const) : rat === null ? null : ('activity' as const),
    fap: set?.fap ?? 1,
    fapFrom: set?.fap ? ('company' as const) : ('default' as const),
  }
}

/**
 * Where the month's CPP is paid, with the revenue split that measures the Annex IV share (cents:
 * the month's Annex IV revenue and all of it).
 */
export function cppContextOf(
  facts: Pick<CompanyFacts, 'company' | 'activities'>,
  revenue: { annexIv: number; total: number },
): CppContext {
  if (!cppOutsideDas(facts)) return { outside: false }
  const risk = payrollRiskOf(facts)
  return {
    outside: true,
    rat: risk.rat === null ? null : Math.round(risk.rat * 100),
    fap: Math.round(risk.fap * 10_000),
    annexIvRevenue: revenue.annexIv,
    totalRevenue: revenue.total,
    onlyAnnexIv: facts.activities.every(
      (activity) => activity.simplesAnnexes?.length === 1 && activity.simplesAnnexes[0] === 'IV',
    ),
  }
}
