import type { ActivityTax } from '../../../src/schemas/cnae'
import type { Company } from '../../../src/schemas/company'
import { yearEndMessages } from '../../../src/schemas/year-end'
import { factsOf, isMonthlyClient, type CompanyFacts, type Regime } from '../simples/facts'
import type { Store } from '../../store/database'
import { invalid, refused } from './errors'

// What the year needs to know of a company: its regime, activities, start of activity and
// partners (with their share of the capital) — the month's facts (domain/simples/facts.ts). Which
// months of a year count and a closed month's figures as the year keeps them are pure rules:
// src/kernel/tax/year-end/months.ts.

export interface YearPartner {
  partnerId: string
  name: string
  cpf: string
  email: string | null
  /** Share of the capital, 0 to 1. */
  share: number
}

export interface YearFacts {
  company: Company
  regime: Regime
  activities: ActivityTax[]
  openedOn: string | null
  /** The first day the company was active with us (the month's calculation reads it). */
  activeSince: string | null
  partners: YearPartner[]
}

/** The year's facts of a client company from its month's facts (read once), else null. */
export function yearFactsFrom(facts: CompanyFacts | null): YearFacts | null {
  if (!facts?.client) return null
  return {
    company: facts.company,
    regime: facts.regime,
    activities: facts.activities,
    openedOn: facts.openedOn,
    activeSince: facts.activeSince,
    partners: facts.partners.map((partner) => ({
      partnerId: partner.cpf,
      name: partner.name,
      cpf: partner.cpf,
      email: partner.email ?? null,
      share: (partner.sharePercent ?? 0) / 100,
    })),
  }
}

/**
 * The year's facts of a client company (an active ME, EPP or MEI with CNPJ), else null; `month`:
 * the month's facts of the company, when its caller read them already (a month close).
 */
export const yearFactsOf = (store: Store, company: Company, month?: CompanyFacts) =>
  yearFactsFrom(month ?? (isMonthlyClient(company) ? factsOf(store, company) : null))

/** The facts, or a refusal naming why the company has no year to declare. */
export function requireYearFacts(store: Store, company: Company, regime?: Regime): YearFacts {
  const facts = yearFactsOf(store, company)
  if (!facts) throw refused(yearEndMessages.notClient)
  if (regime === 'simples' && facts.regime !== 'simples')
    throw refused(yearEndMessages.notSimplesCompany)
  if (regime === 'mei' && facts.regime !== 'mei') throw refused(yearEndMessages.notMei)
  return facts
}

/** A year that has begun (a future one is refused). */
export function requireYearBegun(year: number, today: string) {
  if (year > Number(today.slice(0, 4))) throw invalid(yearEndMessages.yearNotBegun(year))
}
