import type { Company } from '../../../src/schemas/company'
import type { RegistryRecord } from '../../../src/schemas/registry'
import type { PartnerRegistration, PreRegistration } from '../../../src/schemas/steps'
import { todayInBrazil } from '../../../src/schemas/finance-common'
import type { Store } from '../../store/database'
import type { CnpjRegistry } from '../../domain/companies/registry'
import { ownerOf } from '../../domain/companies/people'
import { reference } from '../reference-data'
import { trackOf } from '../../domain/companies/company-records'

// The Receita Federal's CNPJ registry stand-in (docs/product.md §12). It knows the
// fixture records (companies that existed before us) and, like the real registry once the Junta
// Comercial registers a company, every company we opened and recorded a CNPJ for: its record is
// what was registered — the names, address and activities of the pre-registration, and the
// partners of the partner registration.

/** Natureza jurídica by company type (Receita's table; an SLU is a limited company, 206-2). */
const legalNatureOf = (type: Company['type'] & string): RegistryRecord['legalNature'] =>
  type === 'on_person'
    ? { code: '213-5', text: 'Empresário (Individual)' }
    : type === 'simple_partnership'
      ? { code: '223-2', text: 'Sociedade Simples Pura' }
      : type === 'sole_law_firm'
        ? { code: '232-1', text: 'Sociedade Unipessoal de Advocacia' }
        : { code: '206-2', text: 'Sociedade Empresária Limitada' }

/** Qualificação of a partner in the registry's partner table (QSA). */
const roleOf = (type: PreRegistration['type'], administrator: boolean) =>
  type === 'on_person'
    ? '50 - Empresário'
    : administrator
      ? '49 - Sócio-Administrador'
      : '22 - Sócio'

/** The registry record of a company we opened, from what it registered; null before that. */
function openedCompanyRecord(store: Store, company: Company): RegistryRecord | null {
  if (company.trackId !== 'create-company' || !company.cnpj) return null
  const track = trackOf(store, company.id)
  const payloadOf = <T>(stepId: string) =>
    track.steps.find((step) => step.stepId === stepId && step.status === 'done')?.payload as
      T | undefined
  const registered = payloadOf<PreRegistration>('pre-registration')
  if (!registered) return null
  const partners = payloadOf<PartnerRegistration>('partner-registration')?.partners ?? []
  const started = company.statusHistory.findLast((change) => change.to === 'opening')
  const owner = ownerOf(store, company)
  const [mainActivity, ...secondaryActivities] = registered.activities
  return {
    cnpj: company.cnpj,
    legalName: registered.names[0]!,
    tradeName: registered.alias,
    status: 'ATIVA',
    openedOn: todayInBrazil(new Date(started?.at ?? company.updatedAt)),
    legalNature: legalNatureOf(registered.type),
    size: registered.size,
    shareCapital: 0,
    address: registered.address,
    mainActivity: mainActivity!,
    secondaryActivities,
    partners: partners.map((partner) => ({
      name: partner.name,
      role: roleOf(registered.type, partner.administrator),
    })),
    email: owner?.email ?? null,
    phone: owner?.phone ?? null,
  }
}

/**
 * The registry's fixture records alone — the companies that existed before us — as the product's
 * client of the registry: what the seed asks while it builds the data set, before any store
 * (mock-server/seed/index.ts).
 */
export const fixtureRegistry: CnpjRegistry = {
  recordOf: (cnpj) => reference().registry.get(cnpj) ?? null,
}

/** What the Receita answers for a CNPJ (canonical: 14 characters, no mask), or null. */
export function registryRecordOf(store: Store, cnpj: string): RegistryRecord | null {
  const known = fixtureRegistry.recordOf(cnpj)
  if (known) return known
  // Only a company we opened is registered by us (the others are the fixture's): the index finds
  // it without reading every other company's record.
  const company = store.companies.first({ where: { cnpj, trackId: 'create-company' } })
  return company ? openedCompanyRecord(store, company) : null
}

/** The stand-in as the product's client of the registry (domain/companies/registry.ts). */
export const standInRegistry = (store: Store): CnpjRegistry => ({
  recordOf: (cnpj) => registryRecordOf(store, cnpj),
})
