import type { Company } from '../../src/schemas/company'
import { ownerAmong } from '../domain/companies/people'
import { registrationOf } from '../domain/companies/registration'
import type { Model } from '../model'
import type { ReceitaCnpjRecord } from '../store/receita-cnpj-records'
import { fixtureRecords } from '../stand-ins/receita-cnpj/registry'
import type { CoreData } from './core'

// The Receita's CNPJ registry stand-in's records as a fresh folder starts (its table,
// mock-server/store/receita-cnpj-records.ts): the fixture's (the companies that existed before
// us) and the registration of each of the demo's companies we opened that the fixture does not
// have, as mock-server/domain/companies/commands.ts `recordCompanyCnpj` registers one.

/** The owner of a company among the seeded users. */
const ownerIn = (users: CoreData['users'], company: Company) =>
  ownerAmong(
    users.filter((user) => user.companies.includes(company.id)),
    company.id,
  )

/** The registrations of the seeded companies we opened, not counting those the fixture has. */
export function seededRegistrations(core: CoreData, known: ReadonlySet<string>) {
  const records: ReceitaCnpjRecord[] = []
  for (const company of core.companies) {
    if (!company.cnpj || known.has(company.cnpj)) continue
    const track = core.tracks.find((candidate) => candidate.companyId === company.id)
    const record = track && registrationOf(company, track, ownerIn(core.users, company))
    if (!record) continue
    const started = company.statusHistory.findLast((change) => change.to === 'opening')
    records.push({ ...record, registeredAt: started?.at ?? company.updatedAt })
  }
  return records
}

/** The registry's table of a fresh folder. */
export function seedRegistry(core: CoreData): Pick<Model, 'receitaCnpjRecords'> {
  const fixture = fixtureRecords()
  const known = new Set(fixture.map((record) => record.cnpj))
  return { receitaCnpjRecords: [...fixture, ...seededRegistrations(core, known)] }
}
